//! A cancel raised while a section is under way stops the section's long
//! loops (JSONL lines, witness entries, the provenance walk), and the run
//! ends `Cancelled` at the section's end: each test raises the flag before
//! the loop and checks that the loop stopped within its first few thousand
//! records, where without the flag it reads them all.

use crate::findings::Findings;
use crate::schema::{for_each_jsonl, NoCustom, Read, Record};
use crate::{Cancel, Code};
use std::fmt::Write;

/// More records than a loop goes through between two looks at the flag.
const RECORDS: usize = 20_000;

fn raised() -> Cancel {
    let cancel = Cancel::new();
    cancel.cancel();
    cancel
}

#[test]
fn a_raised_cancel_stops_the_jsonl_lines() {
    let bytes = "{\"k\":0}\n".repeat(RECORDS);
    let lines = |cancel: &Cancel| {
        let mut seen = 0;
        let mut f = Findings::new();
        let names = &[("k", Read::Scalar)];
        for_each_jsonl(
            bytes.as_bytes(),
            cancel,
            "m.jsonl",
            Code::StepsSchema,
            names,
            &mut f,
            |_, _: &Record<'_, NoCustom>| seen += 1,
        );
        seen
    };
    assert_eq!(lines(&Cancel::new()), RECORDS);
    assert!(lines(&raised()) < RECORDS / 2);
}

#[test]
fn a_raised_cancel_stops_reading_and_checking_the_witness_entries() {
    let mut doc = String::from("{\"entries\":[");
    for i in 0..RECORDS {
        let sep = if i == 0 { "" } else { "," };
        let _ = write!(
            doc,
            "{sep}{{\"index\":{i},\"leaf\":\"e30=\",\"inclusion_proof\":[],\"disclosures\":[]}}"
        );
    }
    doc.push_str("]}");
    let mut f = Findings::new();
    let whole = crate::audit::parse(doc.as_bytes(), &Cancel::new(), &mut f).expect("a witness");
    assert_eq!(whole.entries.len(), RECORDS);
    // Every leaf `{}` lacks its members: a schema finding per entry checked.
    let schema_findings = |cancel: &Cancel| {
        let mut f = Findings::new();
        crate::audit::check(
            &whole,
            None,
            None,
            &[],
            cancel,
            &mut f,
            &mut Default::default(),
        );
        f.as_slice()
            .iter()
            .filter(|f| f.code() == Code::AuditSchema)
            .count()
    };
    assert!(schema_findings(&Cancel::new()) > 0);
    assert_eq!(schema_findings(&raised()), 0);

    let mut f = Findings::new();
    let stopped = crate::audit::parse(doc.as_bytes(), &raised(), &mut f).expect("a witness");
    // Every entry is still counted (and checked against §0), none read.
    assert_eq!((stopped.entry_count, stopped.entries.len()), (RECORDS, 0));
}

#[test]
fn a_raised_cancel_stops_the_provenance_walk() {
    // A chain from one tombstone: every artefact is reachable.
    let mut jsonl = String::from(
        "{\"type\":\"header\",\"graph_version\":\"g\",\"reverse_index\":\"available\"}\n{\"type\":\"scope\",\"scope\":\"s\"}\n{\"type\":\"tombstone\",\"scope\":\"s\",\"key\":\"k0\",\"at\":\"2026-01-01T00:00:00Z\",\"reference_scopes\":[\"s\"]}\n",
    );
    for i in 1..=RECORDS {
        let _ = writeln!(jsonl, "{{\"type\":\"artifact\",\"scope\":\"s\",\"key\":\"k{i}\",\"derived_from\":[{{\"scope\":\"s\",\"key\":\"k{}\"}}],\"state\":\"tombstoned\"}}", i - 1);
    }
    let mut f = Findings::new();
    let graph = crate::provenance::parse(jsonl.as_bytes(), &Cancel::new(), &mut f);
    let whole = crate::provenance::check(&graph, &Cancel::new(), &mut f, &mut Default::default());
    assert_eq!((whole.artifacts, whole.reachable), (RECORDS, RECORDS));
    let cut = crate::provenance::check(
        &graph,
        &raised(),
        &mut Findings::new(),
        &mut Default::default(),
    );
    assert!(cut.reachable < RECORDS / 2);
}

#[test]
fn a_cancel_raised_during_the_reading_ends_the_run_cancelled() {
    // The flag goes up once the reader has handed over its last byte: the
    // archive is read whole, and the run stops before its report.
    struct RaiseAtEnd<'a>(&'a [u8], Cancel);
    impl std::io::Read for RaiseAtEnd<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.read(buf)?;
            if n == 0 {
                self.1.cancel();
            }
            Ok(n)
        }
    }
    let steps = "{\"k\":0}\n".repeat(RECORDS);
    let pack = super::tar_in_order(&[("steps.jsonl", steps.as_bytes())]);
    let cancel = Cancel::new();
    let limits = crate::Limits::default();
    let run = crate::verify_until(
        RaiseAtEnd(&pack, cancel.clone()),
        "p",
        None,
        &limits,
        &cancel,
    );
    assert!(matches!(run, Err(crate::VerifyError::Cancelled)));
    let run = crate::verify(pack.as_slice(), "p", None, &limits);
    assert!(run.is_ok());
}
