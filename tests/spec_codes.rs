//! The §12 table of the spec is the source of truth for finding codes: this
//! test parses it out of `proof-pack-v1.md` and compares it with [`Code`].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_core::Code;
use std::collections::BTreeMap;
use std::path::Path;

fn spec_table() -> BTreeMap<String, String> {
    let spec = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/spec/proof-pack-v1.md"),
    )
    .expect("spec readable");
    let section = spec
        .split("## 12. Verdict")
        .nth(1)
        .and_then(|s| s.split("## 13.").next())
        .expect("§12 present");
    let mut table = BTreeMap::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | `a`, `b` | effect |
        if cells.len() == 4 && cells[1].starts_with('`') {
            for code in cells[1].split(',') {
                let code = code.trim().trim_matches('`');
                let previous = table.insert(code.to_owned(), cells[2].to_owned());
                assert!(previous.is_none(), "{code} appears twice in §12");
            }
        }
    }
    table
}

#[test]
fn code_enum_matches_the_spec_table() {
    let table = spec_table();
    assert!(
        table.len() > 80,
        "parsed only {} codes from §12",
        table.len()
    );
    for code in Code::ALL {
        assert_eq!(
            table.get(code.as_str()).map(String::as_str),
            Some(code.effect().as_str()),
            "{code} differs from §12"
        );
    }
    for (code, effect) in &table {
        let ours = code
            .parse::<Code>()
            .unwrap_or_else(|_| panic!("§12 code {code} is not in Code"));
        assert_eq!(ours.effect().as_str(), effect);
    }
    assert_eq!(table.len(), Code::ALL.len());
}
