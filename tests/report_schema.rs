//! The report's JSON Schema (`docs/report.schema.json`) is generated from the
//! report types and committed; the UI and other consumers rely on it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use serde_json::Value;
use std::path::Path;

#[test]
fn committed_schema_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report.schema.json");
    let committed: Value =
        serde_json::from_slice(&std::fs::read(&path).expect("schema file")).expect("json");
    assert_eq!(
        committed,
        proofpack_core::report::report_schema(),
        "regenerate with: cargo run -p proofpack-core --features schema --example export-report-schema > docs/report.schema.json"
    );
}

/// Every member of `value` is declared by `schema` (following `$ref`s).
fn check(value: &Value, schema: &Value, defs: &Value, at: &str) {
    // `Option<T>` is `anyOf: [T, null]`: a non-null value follows the
    // alternative that is not null.
    if let Some(alternatives) = schema
        .get("anyOf")
        .or(schema.get("oneOf"))
        .and_then(Value::as_array)
    {
        if !value.is_null() {
            let alt = alternatives
                .iter()
                .find(|a| a.get("type").and_then(Value::as_str) != Some("null"))
                .unwrap_or_else(|| panic!("{at}: no non-null alternative"));
            return check(value, alt, defs, at);
        }
        return;
    }
    let schema = match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => &defs[r.trim_start_matches("#/$defs/")],
        None => schema,
    };
    match value {
        Value::Object(members) => {
            let props = &schema["properties"];
            for (k, v) in members {
                let sub = props
                    .get(k)
                    .unwrap_or_else(|| panic!("{at}/{k} is not in the schema"));
                check(v, sub, defs, &format!("{at}/{k}"));
            }
            if let Some(required) = schema["required"].as_array() {
                for r in required {
                    let r = r.as_str().expect("name");
                    assert!(members.contains_key(r), "{at}: required {r} missing");
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                check(item, &schema["items"], defs, &format!("{at}/{i}"));
            }
        }
        Value::String(s) => {
            if let Some(allowed) = schema["enum"].as_array() {
                assert!(
                    allowed.iter().any(|a| a == s),
                    "{at}: {s} not in the schema's enum"
                );
            }
        }
        _ => {}
    }
}

#[test]
fn reports_of_every_vector_follow_the_schema() {
    let schema = proofpack_core::report::report_schema();
    let defs = schema["$defs"].clone();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let expected: Value =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).expect("expected"))
            .expect("json");
    let (mut n, mut sealed) = (0, 0);
    // Each vector with its own trust store (or none), so that every section
    // is filled as the vector means it: cosignatures, seals, policies.
    for v in expected["vectors"].as_array().expect("vectors") {
        let trust = v["trust"].as_str().map(|name| {
            proofpack_core::TrustStore::from_json(&std::fs::read(dir.join(name)).expect("trust"))
                .expect("valid")
        });
        let pack = dir.join(v["pack"].as_str().expect("pack"));
        let report = proofpack_core::verify(
            std::fs::File::open(&pack).expect("open"),
            "pack.tar.gz",
            trust.as_ref(),
            &Default::default(),
        )
        .expect("readable");
        let value = serde_json::to_value(&report).expect("json");
        check(&value, &schema, &defs, "");
        sealed += usize::from(!value["seal"].is_null());
        n += 1;
    }
    // The 41 vectors, four of them sealed.
    assert!(n >= 41 && sealed >= 4, "{n} vectors, {sealed} sealed");
}

#[test]
fn committed_register_schema_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/register.schema.json");
    let committed: Value =
        serde_json::from_slice(&std::fs::read(&path).expect("schema file")).expect("json");
    assert_eq!(
        committed,
        proofpack_register::register_schema(),
        "regenerate with: cargo run -p proofpack-register --features schema --example export-register-schema > docs/register.schema.json"
    );
}

/// A register of the sample packs, their duplicate, an unreadable file and
/// a pack naming one not in the set, with overdue items, follows the schema.
#[test]
fn a_register_follows_its_schema() {
    use proofpack_register::{register, Options, PackInput};
    let schema = proofpack_register::register_schema();
    let defs = schema["$defs"].clone();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-packs");
    let trust = proofpack_core::TrustStore::load(&dir.join("trust.json")).expect("trust");
    let mut packs: Vec<PackInput> = std::fs::read_dir(&dir)
        .expect("samples")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".tar.gz"))
        .map(|p| PackInput::path(p.display().to_string(), p))
        .collect();
    packs.push(PackInput::path("copy", dir.join("late-ccpa.tar.gz")));
    packs.push(PackInput::bytes("junk", b"junk".to_vec()));
    packs.push(PackInput::path("absent", dir.join("absent.tar.gz")));
    let as_of = proofpack_spec::timestamp::Timestamp::parse("2026-12-01T00:00:00Z").expect("ts");
    let reg = register(packs, &Options::new(&trust, as_of)).expect("register");
    assert!(!reg.findings().is_empty() && !reg.unread().is_empty());
    let value = serde_json::to_value(&reg).expect("json");
    check(&value, &schema, &defs, "");
}
