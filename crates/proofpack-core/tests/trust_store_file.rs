//! A trust store read from a file (`TrustStore::load`): its errors name the
//! path, escaped, in one wording. Here rather than beside the code: the
//! core's sources name no API that writes files (tests/guarantees.rs).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_core::{TrustStore, TrustStoreProblem};

#[test]
fn a_store_read_from_a_path_names_it_escaped_in_its_one_wording() {
    let dir = std::env::temp_dir().join(format!("proofpack-trust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let path = dir.join("trust\u{1b}[2J.json");
    let absent = TrustStore::load(&path).expect_err("absent");
    assert!(matches!(absent.problem(), TrustStoreProblem::Read(_)));
    assert_eq!(absent.path(), Some(path.display().to_string().as_str()));
    std::fs::write(&path, b"{ not json").expect("write");
    let bad = TrustStore::load(&path).expect_err("not JSON");
    assert!(matches!(bad.problem(), TrustStoreProblem::Json(_)));
    for e in [absent, bad] {
        let shown = e.to_string();
        assert!(!shown.contains('\u{1b}'), "{shown:?}");
        assert!(shown.contains("trust\\u{1b}[2J.json"), "{shown:?}");
    }
    // Parsed from bytes, it has no path.
    let parsed = TrustStore::from_json(b"[]").expect_err("not an object");
    assert_eq!(parsed.path(), None);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
