//! Behaviour per spec section, on packs made by editing one member of a
//! complete baseline and re-signing it. Each test asserts finding codes and
//! verdicts, never message wording.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use common::*;
use proofpack_core::Verdict;
use serde_json::json;

#[test]
fn baseline_is_complete() {
    let r = check(&baseline());
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    assert!(r.findings().is_empty(), "{:?}", codes(&r));
}

// §0 JSON and time

#[test]
fn s0_duplicate_member_is_malformed_json() {
    let mut e = baseline();
    replace(
        &mut e,
        "request.json",
        "\"tenant_id\": \"ten_0440\",",
        "\"tenant_id\": \"ten_0440\", \"tenant_id\": \"ten_0440\",",
    );
    let r = check(&e);
    assert_codes(&r, &["json.malformed"]);
    assert_eq!(r.verdict(), Verdict::Invalid);
}

#[test]
fn s0_lone_surrogate_and_deep_nesting_are_malformed() {
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 1, |v| {
        v["output"]["note"] = json!("x")
    });
    replace(
        &mut e,
        "steps.jsonl",
        "\"note\":\"x\"",
        "\"note\":\"\\ud800\"",
    );
    assert_codes(&check(&e), &["json.malformed"]);
    let mut e = baseline();
    let deep = format!("{}1{}", "[".repeat(64), "]".repeat(64));
    replace(
        &mut e,
        "verification.json",
        "\"code_ref\"",
        &format!("\"deep\": {deep}, \"code_ref\""),
    );
    assert_codes(&check(&e), &["json.malformed"]);
    let mut e = baseline();
    let ok = format!("{}1{}", "[".repeat(63), "]".repeat(63));
    replace(
        &mut e,
        "verification.json",
        "\"code_ref\"",
        &format!("\"deep\": {ok}, \"code_ref\""),
    );
    assert_no_codes(&check(&e), &["json.malformed"]);
}

#[test]
fn s0_jsonl_crlf_and_blank_lines_are_malformed() {
    let mut e = baseline();
    replace(&mut e, "subprocessor-receipts.jsonl", "}\n", "}\r\n");
    assert_codes(&check(&e), &["json.malformed"]);
    let mut e = baseline();
    replace(&mut e, "steps.jsonl", "}\n", "}\n\n");
    assert_codes(&check(&e), &["json.malformed"]);
}

#[test]
fn s0_counts_with_fraction_or_exponent_are_mistyped() {
    let mut e = baseline();
    replace(
        &mut e,
        "steps.jsonl",
        "\"before_count\":3,",
        "\"before_count\":3.0,",
    );
    assert_codes(&check(&e), &["steps.schema"]);
    let mut e = baseline();
    replace(
        &mut e,
        "verification.json",
        "\"residue\": 0",
        "\"residue\": -0",
    );
    assert_codes(&check(&e), &["probes.schema"]);
}

#[test]
fn s0_timestamps_without_offset_are_invalid() {
    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["verified_at"] = json!("2026-04-21T11:01:00")
    });
    assert_codes(&check(&e), &["time.invalid"]);
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 2, |v| {
        v["started_at"] = json!("2026-04-21t09:37:00Z")
    });
    assert_codes(&check(&e), &["time.invalid"]);
}

// §1 members

#[test]
fn s1_missing_member_and_empty_attestation() {
    let mut e = baseline();
    remove(&mut e, "verification.json");
    assert_codes(&check(&e), &["archive.missing_member"]);
    let mut e = baseline();
    *member(&mut e, "attestation.txt") = " \n\t\u{3000}".as_bytes().to_vec();
    assert_codes(&check(&e), &["attestation.empty"]);
}

// §2 manifest

fn with_manifest(
    extra: &[(&str, &[u8])],
    edit: impl FnOnce(&mut serde_json::Value),
) -> proofpack_core::Report {
    verify_bytes(
        &pack_with_manifest(&baseline(), extra, TEST_KEY_ID, edit),
        Some(&trust()),
    )
}

#[test]
fn s2_files_list_against_the_archive() {
    let r = with_manifest(&[], |_| {});
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    let r = with_manifest(&[("attachments/extra.txt", b"x")], |_| {});
    assert_codes(&r, &["manifest.unlisted_member"]);
    let r = with_manifest(&[], |m| {
        m["files"]
            .as_array_mut()
            .expect("files")
            .push(json!({"path": "attachments/gone.txt", "sha256": "0".repeat(64), "size": 1}))
    });
    assert_codes(&r, &["manifest.file_missing"]);
    let r = with_manifest(&[], |m| {
        let first = m["files"][0].clone();
        m["files"].as_array_mut().expect("files").push(first);
    });
    assert_codes(&r, &["manifest.duplicate_path"]);
    let r = with_manifest(&[], |m| m["files"][0]["sha256"] = json!("0".repeat(64)));
    assert_codes(&r, &["manifest.hash_mismatch"]);
    let r = with_manifest(&[], |m| m["files"][0]["size"] = json!(1));
    assert_codes(&r, &["manifest.size_mismatch"]);
    assert_eq!(r.verdict(), Verdict::Invalid);
}

#[test]
fn s2_manifest_schema_and_format() {
    let r = with_manifest(&[], |m| {
        m["files"]
            .as_array_mut()
            .expect("files")
            .push(json!({"path": "manifest.json", "sha256": "0".repeat(64), "size": 1}))
    });
    assert_codes(&r, &["manifest.schema"]);
    let r = with_manifest(&[], |m| m["files"][0]["sha256"] = json!("A".repeat(64)));
    assert_codes(&r, &["manifest.schema"]);
    let r = with_manifest(&[], |m| m["legal_basis"] = json!("HIPAA"));
    assert_codes(&r, &["manifest.schema"]);
    let r = with_manifest(&[], |m| {
        m.as_object_mut().expect("object").remove("signer");
    });
    assert_codes(&r, &["manifest.schema"]);
    let r = with_manifest(&[], |m| m["format"] = json!("proof-pack/v2"));
    assert_codes(&r, &["manifest.unsupported_format"]);
    // the other checks still run
    let r = with_manifest(&[], |m| {
        m["format"] = json!("proof-pack/v2");
        m["all_clear"] = json!(false);
    });
    assert_codes(
        &r,
        &[
            "manifest.unsupported_format",
            "manifest.all_clear_understated",
        ],
    );
}

#[test]
fn s2_manifest_must_repeat_the_request() {
    for field in ["request_id", "tenant_id", "legal_basis", "sla_deadline"] {
        let r = with_manifest(&[], |m| {
            m[field] = json!(match field {
                "legal_basis" => "CCPA",
                "sla_deadline" => "2026-05-19T09:11:00Z",
                _ => "other",
            })
        });
        assert_codes(&r, &["manifest.field_mismatch"]);
    }
    // the same instant written differently is still a mismatch (string equality)
    let r = with_manifest(&[], |m| {
        m["received_at"] = json!("2026-04-20T11:11:00+02:00")
    });
    assert_codes(&r, &["manifest.field_mismatch"]);
}

#[test]
fn s3_signature_key_id_must_match_the_manifest() {
    let bytes = pack_with_manifest(&baseline(), &[], "compliance-dpo-2026", |_| {});
    let r = verify_bytes(&bytes, Some(&trust()));
    assert_codes(&r, &["signature.key_id_mismatch"]);
    assert_no_codes(&r, &["signature.invalid"]);
}

#[test]
fn s2_subject_not_pseudonymous_is_incomplete() {
    let mut e = baseline();
    edit_json(&mut e, "request.json", |v| {
        v["subject_id"] = json!("alice@example.com")
    });
    let r = check_claim(&e, false);
    assert_codes(&r, &["minimization.subject_not_pseudonymous"]);
    assert_eq!(r.verdict(), Verdict::Incomplete);
}

#[test]
fn s2_all_clear_claims_are_checked_both_ways() {
    let r = check_claim(&baseline(), false);
    assert_codes(&r, &["manifest.all_clear_understated"]);
    assert_eq!(r.verdict(), Verdict::Complete);
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 6, |v| {
        v["status"] = json!("pending");
        v["due_at"] = json!("2026-05-01T00:00:00Z");
    });
    let r = check_claim(&e, true);
    assert_codes(&r, &["manifest.all_clear_false_claim", "steps.pending"]);
    assert_eq!(r.verdict(), Verdict::Invalid);
}

// §4 trust

#[test]
fn s4_trust_checks_at_signed_at() {
    let e = baseline();
    let bytes = pack_bytes(&e, true);
    let r = verify_bytes(&bytes, None);
    assert_codes(&r, &["trust.not_configured"]);
    assert_eq!(r.verdict(), Verdict::Untrusted);

    let mut keys = trust().keys().to_vec();
    keys.retain(|k| k.key_id != TEST_KEY_ID);
    assert_codes(
        &verify_bytes(&bytes, Some(&store_of(&keys))),
        &["trust.key_unknown"],
    );

    let set = |f: &dyn Fn(&mut proofpack_core::trust::TrustedKey)| {
        let mut keys = trust().keys().to_vec();
        if let Some(k) = keys.iter_mut().find(|k| k.key_id == TEST_KEY_ID) {
            f(k);
        }
        verify_bytes(&bytes, Some(&store_of(&keys)))
    };
    let ts = |s: &str| proofpack_spec::timestamp::Timestamp::parse(s);
    let r = set(&|k| k.not_after = ts("2026-04-21T11:42:59Z"));
    assert_codes(&r, &["trust.key_not_valid_at_signing"]);
    let r = set(&|k| k.not_before = ts("2026-04-21T11:43:01Z"));
    assert_codes(&r, &["trust.key_not_valid_at_signing"]);
    let r = set(&|k| k.not_after = ts(SIGNED_AT));
    assert_no_codes(&r, &["trust.key_not_valid_at_signing"]);
    let r = set(&|k| k.revoked_at = ts(SIGNED_AT));
    assert_codes(&r, &["trust.key_revoked"]);
    let r = set(&|k| k.revoked_at = ts("2026-04-21T11:43:01Z"));
    assert_codes(&r, &["trust.key_revoked_later"]);
    assert_eq!(r.verdict(), Verdict::Complete);
    let r = set(&|k| k.roles = vec![proofpack_core::trust::Role::AuditLog]);
    assert_codes(&r, &["trust.role_missing"]);
    let r = set(&|k| k.owner = "deputy@example.com".to_owned());
    assert_codes(&r, &["trust.signer_mismatch"]);
    let r = set(&|k| k.owner = "oncall-eng@example.com".to_owned());
    assert_codes(&r, &["trust.signer_mismatch", "sod.signer_is_runner"]);
}

#[test]
fn s3_wrong_key_and_key_id_mismatch() {
    let e = baseline();
    let bytes = pack_bytes(&e, true);
    let mut keys = trust().keys().to_vec();
    if let Some(k) = keys.iter_mut().find(|k| k.key_id == TEST_KEY_ID) {
        k.public_key = ed25519_dalek::SigningKey::from_bytes(&[9u8; 32]).verifying_key();
    }
    let r = verify_bytes(&bytes, Some(&store_of(&keys)));
    assert_codes(&r, &["signature.invalid"]);
    assert_eq!(r.verdict(), Verdict::Invalid);
}

#[test]
fn s4_segregation_of_duties() {
    let mut e = baseline();
    e.description.cascade_runner = e.description.signer.clone();
    let r = check(&e);
    assert_codes(&r, &["sod.signer_is_runner"]);
    assert_eq!(r.verdict(), Verdict::Untrusted);
}

// §5 request

#[test]
fn s5_request_schema() {
    for edit in [
        json!({"data_classes": []}),
        json!({"data_classes": ["working", "working"]}),
        json!({"data_classes": ["backups"]}),
        json!({"requester_identity_proof_ref": ""}),
        json!({"extension": {"extended_to": "2026-07-20T09:11:00Z", "reason": "x"}}),
    ] {
        let mut e = baseline();
        edit_json(&mut e, "request.json", |v| {
            for (k, val) in edit.as_object().expect("object") {
                v[k] = val.clone();
            }
        });
        assert_codes(&check(&e), &["request.schema"]);
    }
}

// §6 SLA

#[test]
fn s6_overstated_deadline_and_breach() {
    let mut e = baseline();
    edit_json(&mut e, "request.json", |v| {
        v["sla_deadline"] = json!("2026-05-21T00:00:00Z")
    });
    assert_codes(&check(&e), &["sla.deadline_overstated"]);
    let mut e = baseline();
    edit_json(&mut e, "request.json", |v| {
        v["sla_deadline"] = json!("2026-05-20T23:59:59Z")
    });
    assert_no_codes(&check(&e), &["sla.deadline_overstated"]);

    let mut e = baseline();
    edit_json(&mut e, "request.json", |v| {
        v["sla_deadline"] = json!("2026-04-21T11:05:00Z")
    });
    let r = check(&e);
    assert_codes(&r, &["sla.breached"]);
    assert_eq!(r.verdict(), Verdict::Late);
    assert_eq!(r.sla().margin_seconds, Some(0));
}

#[test]
fn s6_invalid_extension_is_a_warning_and_ignored() {
    let mut e = baseline();
    edit_json(
        &mut e,
        "request.json",
        |v| v["extension"] = json!({"extended_to": "2026-08-01T00:00:00Z", "notified_at": "2026-05-02T10:00:00Z", "reason": "complex"}),
    );
    let r = check(&e);
    assert_codes(&r, &["sla.extension_invalid"]);
    assert_eq!(r.verdict(), Verdict::Complete);
}

// §7 steps

#[test]
fn s7_statuses_and_their_codes() {
    let cases: Vec<(usize, serde_json::Value, &[&str])> = vec![
        (
            6,
            json!({"status": "fail", "error": "timeout", "exception_id": "EXC-1"}),
            &["steps.failed"],
        ),
        (
            6,
            json!({"status": "fail", "error": "timeout"}),
            &["steps.failed", "steps.silent_failure"],
        ),
        (
            6,
            json!({"status": "fail", "error": "timeout", "exception_id": ""}),
            &["steps.silent_failure"],
        ),
        (
            6,
            json!({"status": "fail", "exception_id": "EXC-1"}),
            &["steps.schema"],
        ),
        (6, json!({"status": "pending"}), &["steps.schema"]),
        (
            7,
            json!({"status": "deferred", "expires_at": "2026-05-01T00:00:00Z"}),
            &["steps.deferred"],
        ),
        (7, json!({"status": "deferred"}), &["steps.schema"]),
        (
            6,
            json!({"status": "exempt", "exemption": {"legal_basis": "GDPR Art. 17(3)(b)", "justification": "legal hold"}}),
            &["steps.exempt"],
        ),
        (
            6,
            json!({"status": "exempt", "exemption": {"legal_basis": "", "justification": "x"}}),
            &["steps.schema"],
        ),
        (
            9,
            json!({"status": "exempt", "exemption": {"legal_basis": "GDPR Art. 17(3)(b)", "justification": "x"}}),
            &["steps.schema"],
        ),
        (1, json!({"after_count": 1}), &["steps.residue_after_ok"]),
        (
            2,
            json!({"output": {"replication_lag_drained": false}}),
            &["steps.replication_not_drained"],
        ),
        (
            4,
            json!({"output": {"purge": "serving_index_only"}}),
            &["steps.vectors_not_purged"],
        ),
        (5, json!({"output": {}}), &["steps.model_lineage_missing"]),
        (
            5,
            json!({"output": {"models": [{"model_id": "m1", "action": "unlearned"}]}}),
            &["steps.model_lineage_missing"],
        ),
        (
            5,
            json!({"output": {"models": [{"model_id": "m1", "action": "suppressed"}]}}),
            &["steps.model_suppressed_only"],
        ),
        (5, json!({"output": {"models": []}}), &[]),
        (3, json!({"status": "done"}), &["steps.schema"]),
        (3, json!({"seq": 4}), &["steps.order"]),
    ];
    for (line, edit, want) in cases {
        let mut e = baseline();
        edit_line(&mut e, "steps.jsonl", line, |v| {
            for (k, val) in edit.as_object().expect("object") {
                v[k] = val.clone();
            }
        });
        let r = check_claim(&e, false);
        for w in want {
            assert!(
                codes(&r).contains(w),
                "line {line} {edit}: expected {w}, got {:?}",
                codes(&r)
            );
        }
        if want.is_empty() {
            assert_eq!(r.verdict(), Verdict::Complete, "{edit}: {:?}", codes(&r));
        }
    }
}

/// §7 "always reported": a fail, pending or deferred record that also breaks
/// the schema is reported with its status code as well as `steps.schema`,
/// and is present, never `steps.missing`.
#[test]
fn s7_malformed_status_records_are_still_reported() {
    let cases: &[(serde_json::Value, &[&str], &str)] = &[
        (
            json!({"status": "fail", "exception_id": "EXC-1"}),
            &["steps.schema", "steps.failed"],
            "error",
        ),
        (
            json!({"status": "fail", "error": "", "exception_id": "EXC-1"}),
            &["steps.schema", "steps.failed"],
            "",
        ),
        (
            json!({"status": "fail"}),
            &["steps.schema", "steps.failed", "steps.silent_failure"],
            "error",
        ),
        (
            json!({"status": "pending"}),
            &["steps.schema", "steps.pending"],
            "",
        ),
        (
            json!({"status": "deferred"}),
            &["steps.schema", "steps.deferred"],
            "",
        ),
    ];
    for (edit, want, drop) in cases {
        let mut e = baseline();
        edit_line(&mut e, "steps.jsonl", 3, |v| {
            for (k, val) in edit.as_object().expect("object") {
                v[k] = val.clone();
            }
            if !drop.is_empty() {
                v.as_object_mut().expect("object").remove(*drop);
            }
        });
        let r = check_claim(&e, false);
        assert_codes(&r, want);
        assert_no_codes(&r, &["steps.missing", "manifest.all_clear_false_claim"]);
        assert_eq!(r.verdict(), Verdict::Invalid, "{edit}");
    }
}

/// A record whose `step` can be read is present even when another member
/// breaks the schema; its tier evidence is still judged.
#[test]
fn s7_a_malformed_record_is_present_and_its_evidence_judged() {
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 4, |v| {
        v.as_object_mut().expect("object").remove("before_count");
        v["output"]["purge"] = json!("serving_index_only");
    });
    let r = check_claim(&e, false);
    assert_codes(&r, &["steps.schema", "steps.vectors_not_purged"]);
    assert_no_codes(&r, &["steps.missing"]);
    let vectors = r
        .tiers()
        .iter()
        .find(|t| t.tier.as_str() == "vectors")
        .expect("row");
    assert_eq!(vectors.status.map(|s| s.as_str()), Some("ok"));
    // An unreadable step name cannot be placed: that step is missing.
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 4, |v| v["step"] = json!(42));
    assert_codes(&check_claim(&e, false), &["steps.schema", "steps.missing"]);
}

/// §9: a receipt whose `subprocessor` can be read is present even when
/// another member breaks the schema; its status is still judged.
#[test]
fn s9_a_malformed_receipt_is_present_and_judged() {
    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 1, |v| {
        let o = v.as_object_mut().expect("object");
        o.remove("requested_at");
        o.remove("confirmed_at");
        o.insert("status".to_owned(), json!("pending"));
        o.insert("due_at".to_owned(), json!("2026-05-01T00:00:00Z"));
    });
    let r = check_claim(&e, false);
    assert_codes(&r, &["receipts.schema", "receipts.pending"]);
    assert_no_codes(&r, &["receipts.missing", "manifest.all_clear_false_claim"]);
    assert_eq!(r.receipts().len(), 2);
}

/// The verdict needs positive evidence: a complete pack carries every
/// required check that passed.
#[test]
fn s12_complete_carries_its_positive_evidence() {
    let r = check(&baseline());
    assert_eq!(r.verdict(), Verdict::Complete);
    for code in proofpack_core::SuccessCode::REQUIRED {
        assert!(
            r.passed().iter().any(|p| p.code() == *code),
            "{code} passed"
        );
    }
    // Without a trust store, the signature is not trusted: no such evidence.
    let r = verify_bytes(&pack_bytes(&baseline(), true), None);
    assert_eq!(r.verdict(), Verdict::Untrusted);
    assert!(!r
        .passed()
        .iter()
        .any(|p| p.code() == proofpack_core::SuccessCode::SignatureTrusted));
}

#[test]
fn s7_missing_and_repeated_steps() {
    let mut e = baseline();
    let text = String::from_utf8(member(&mut e, "steps.jsonl").clone()).expect("utf8");
    let without_uploads: Vec<&str> = text
        .lines()
        .filter(|l| !l.contains("\"step\":\"uploads\""))
        .collect();
    *member(&mut e, "steps.jsonl") = (without_uploads.join("\n") + "\n").into_bytes();
    assert_codes(&check_claim(&e, false), &["steps.missing"]);

    let mut e = baseline();
    let first = text.lines().next().expect("a line").to_owned();
    push_line(
        &mut e,
        "steps.jsonl",
        serde_json::from_str(&first).expect("json"),
    );
    assert_codes(&check(&e), &["steps.order"]);
}

#[test]
fn s7_step_times_out_of_order() {
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 1, |v| {
        v["started_at"] = json!("2026-04-19T00:00:00Z")
    });
    assert_codes(&check(&e), &["time.out_of_order"]);
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 1, |v| {
        v["ended_at"] = json!("2026-04-21T09:00:00Z")
    });
    assert_codes(&check(&e), &["time.out_of_order"]);
}

// §8 probes

#[test]
fn s8_probes() {
    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["probes"]
            .as_object_mut()
            .expect("probes")
            .remove("semantic");
    });
    assert_codes(&check_claim(&e, false), &["probes.missing"]);

    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["probes"]["vectors"]["residue"] = json!(3);
        v["all_clear"] = json!(false);
    });
    let r = check_claim(&e, false);
    assert_codes(&r, &["probes.residue"]);
    assert_no_codes(&r, &["probes.all_clear_inconsistent"]);
    assert_eq!(r.verdict(), Verdict::Incomplete);

    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["probes"]["vectors"]["residue"] = json!(3)
    });
    assert_codes(&check_claim(&e, false), &["probes.all_clear_inconsistent"]);

    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["probes"]["audit_log_redacted"]["unredacted_pii_count"] = json!(2);
        v["all_clear"] = json!(false);
    });
    assert_codes(
        &check_claim(&e, false),
        &["probes.unredacted_pii", "probes.audit_mismatch"],
    );

    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["code_ref"] = json!("cascade@04f6a2a")
    });
    let r = check(&e);
    assert_codes(&r, &["independence.same_code_path"]);
    assert_eq!(r.verdict(), Verdict::Complete);

    let mut e = baseline();
    edit_json(&mut e, "verification.json", |v| {
        v["verified_at"] = json!("2026-04-21T11:30:00Z")
    });
    assert_codes(&check(&e), &["time.out_of_order"]);
}

// §9 receipts

#[test]
fn s9_receipts() {
    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 2, |v| {
        v["status"] = json!("pending");
        v["due_at"] = json!("2026-05-01T00:00:00Z");
    });
    assert_codes(&check_claim(&e, false), &["receipts.pending"]);

    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 2, |v| {
        v["status"] = json!("failed")
    });
    assert_codes(&check_claim(&e, false), &["receipts.failed"]);

    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 2, |v| {
        v["ticket_id"] = json!("")
    });
    assert_codes(&check_claim(&e, false), &["receipts.no_ticket"]);

    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 2, |v| {
        v["subprocessor"] = json!("other-saas")
    });
    let r = check_claim(&e, false);
    assert_codes(&r, &["receipts.missing", "receipts.unlisted"]);

    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 1, |v| {
        v["confirmed_at"] = json!("2026-04-21T10:31:00Z")
    });
    assert_codes(&check(&e), &["time.out_of_order"]);

    let mut e = baseline();
    edit_line(&mut e, "subprocessor-receipts.jsonl", 1, |v| {
        v.as_object_mut().expect("object").remove("confirmed_at");
    });
    assert_codes(&check_claim(&e, false), &["receipts.schema"]);
}

// §10 audit witness

#[test]
fn s10_audit_witness_tampering() {
    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        v["log_origin"] = json!("audit.example.com/other")
    });
    assert_codes(&check(&e), &["audit.origin_mismatch"]);

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        let proof = v["consistency_proof"].as_array_mut().expect("proof");
        proof.pop();
    });
    assert_codes(&check(&e), &["audit.consistency_failed"]);

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        let cp = v["checkpoint_after"]
            .as_str()
            .expect("text")
            .replacen("\n42\n", "\n43\n", 1);
        v["checkpoint_after"] = json!(cp);
    });
    assert_codes(&check(&e), &["audit.checkpoint_signature_invalid"]);

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        v["checkpoint_before"] = json!("not a note")
    });
    assert_codes(&check(&e), &["audit.checkpoint_malformed"]);

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        v["entries"][0]["disclosures"] = json!(["WyJzYWx0IiwgInN1YmplY3RfZW1haWwiLCAiYUBiLmMiXQ"]);
    });
    let r = check_claim(&e, false);
    assert_codes(
        &r,
        &[
            "audit.disclosure_unmatched",
            "audit.pii_disclosed",
            "probes.audit_mismatch",
        ],
    );

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        v["redactions"][0]["fields"] = json!(["locale"]);
    });
    assert_codes(&check(&e), &["audit.redaction_inconsistent"]);

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        v["redactions"]
            .as_array_mut()
            .expect("array")
            .push(json!({"index": 999, "fields": ["ip_address"]}));
    });
    assert_codes(&check(&e), &["audit.redaction_inconsistent"]);

    let mut e = baseline();
    edit_json(&mut e, "audit-log-redaction.json", |v| {
        v["entries"][0]["index"] = json!(4)
    });
    assert_codes(&check(&e), &["audit.inclusion_failed", "audit.schema"]);
}

#[test]
fn s10_cascade_must_be_on_the_log() {
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", 3, |v| v["status"] = json!("exempt"));
    edit_line(&mut e, "steps.jsonl", 3, |v| {
        v["exemption"] = json!({"legal_basis": "GDPR Art. 17(3)(b)", "justification": "x"})
    });
    let r = check(&e);
    assert_codes(&r, &["audit.step_not_logged", "steps.exempt"]);
    assert_eq!(r.verdict(), Verdict::Untrusted);

    let mut e = baseline();
    e.description.pack_id = "other".to_owned();
    edit_json(&mut e, "request.json", |v| {
        v["request_id"] = json!("req-000000")
    });
    assert_codes(
        &check(&e),
        &["audit.request_not_logged", "audit.step_not_logged"],
    );
}

// §11 provenance

#[test]
fn s11_provenance() {
    let mut e = baseline();
    remove(&mut e, "provenance.jsonl");
    assert_codes(&check_claim(&e, false), &["provenance.missing"]);

    let mut e = baseline();
    edit_line(&mut e, "provenance.jsonl", 1, |v| {
        v["reverse_index"] = json!("unavailable")
    });
    assert_codes(&check_claim(&e, false), &["provenance.unverifiable"]);

    // transitive: emb-summary-7 derives from summary-7 which derives from the tombstone
    let mut e = baseline();
    edit_line(&mut e, "provenance.jsonl", 10, |v| {
        v["state"] = json!("live")
    });
    assert_codes(&check_claim(&e, false), &["provenance.live_derivation"]);

    let mut e = baseline();
    edit_line(&mut e, "provenance.jsonl", 11, |v| {
        v["state"] = json!("expiring");
        v["expires_at"] = json!("2026-05-01T00:00:00Z");
    });
    let r = check_claim(&e, false);
    assert_codes(
        &r,
        &["provenance.deferred", "provenance.undeclared_deferral"],
    );
    push_line(
        &mut e,
        "provenance.jsonl",
        json!({"type": "obligation", "target": {"scope": "cache:answers", "key": "q-991"}, "kind": "deferred",
               "namespaces": ["cache:answers"], "expires_at": "2026-05-01T00:00:00Z"}),
    );
    let r = check_claim(&e, false);
    assert_codes(&r, &["provenance.deferred", "provenance.obligation_open"]);
    assert_no_codes(&r, &["provenance.undeclared_deferral"]);

    let mut e = baseline();
    edit_line(&mut e, "provenance.jsonl", 7, |v| {
        v["reference_scopes"] = json!(["user:42:derived"])
    });
    let r = check_claim(&e, false);
    let flagged: Vec<&str> = r
        .findings()
        .iter()
        .filter(|f| f.code().as_str() == "provenance.reference_scopes_incomplete")
        .map(|f| f.location())
        .collect();
    // note-118 reaches cache:answers/q-991; upload-7 (same list) reaches only user:42:derived
    assert_eq!(flagged, vec!["provenance.jsonl:7"]);

    let mut e = baseline();
    edit_line(&mut e, "provenance.jsonl", 4, |v| {
        v["scope"] = json!("cache:other")
    });
    assert_codes(
        &check_claim(&e, false),
        &["provenance.scope_not_registered"],
    );

    let mut e = baseline();
    edit_line(&mut e, "provenance.jsonl", 9, |v| {
        v["state"] = json!("gone")
    });
    assert_codes(&check(&e), &["provenance.schema"]);

    // unrelated live artefacts (user:77 has no tombstone) are not findings
    let r = check(&baseline());
    assert_no_codes(&r, &["provenance.live_derivation"]);
}

// §12 verdict and report

#[test]
fn s12_report_carries_the_recommended_sections() {
    let r = check(&baseline());
    let v = serde_json::to_value(&r).expect("serialise");
    assert_eq!(v["format"], "proof-pack-report/v1");
    assert_eq!(v["verdict"], "complete");
    assert_eq!(v["pack"]["sha256"].as_str().map(str::len), Some(64));
    assert_eq!(v["tiers"].as_array().map(Vec::len), Some(9));
    assert_eq!(v["sla"]["statutory_deadline"], "2026-05-21T00:00:00Z");
    assert_eq!(v["audit"]["entries_proved"], 15);
    assert_eq!(v["audit"]["tree_size_after"], 42);
    assert_eq!(v["receipts"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["provenance"]["reachable"], 4);
}

#[test]
fn a_cancelled_verification_stops_with_cancelled() {
    use proofpack_core::{verify_until, Cancel, Limits, VerifyError};
    let bytes = pack_bytes(&baseline(), true);
    let cancel = Cancel::new();
    let trust = trust();
    let run = |c: &Cancel| {
        verify_until(
            bytes.as_slice(),
            "pack",
            Some(&trust),
            &Limits::default(),
            c,
        )
    };
    assert!(run(&cancel).is_ok());
    cancel.cancel();
    assert!(matches!(run(&cancel), Err(VerifyError::Cancelled)));
    assert!(cancel.clone().is_cancelled());
}

/// A hasher of the caller's own (as the browser's second worker is): the
/// content of each large member, counted, hashed here, its digest altered
/// when asked, or a failure.
struct Elsewhere {
    hasher: sha2::Sha256,
    members: std::rc::Rc<std::cell::Cell<usize>>,
    wrong: bool,
    fails: bool,
}

impl proofpack_core::MemberHasher for Elsewhere {
    fn update(&mut self, data: &[u8]) -> std::io::Result<()> {
        use sha2::Digest as _;
        if self.fails {
            return Err(std::io::Error::other("the other worker stopped"));
        }
        self.hasher.update(data);
        Ok(())
    }
    fn finish(&mut self) -> std::io::Result<[u8; 32]> {
        use sha2::Digest as _;
        self.members.set(self.members.get() + 1);
        let mut digest: [u8; 32] = std::mem::take(&mut self.hasher).finalize().into();
        if self.wrong {
            digest[0] ^= 1;
        }
        Ok(digest)
    }
}

#[test]
fn s1_large_members_hashed_elsewhere_give_the_same_report() {
    use proofpack_core::{verify_until, verify_with_hasher, Cancel, Limits, VerifyError};
    let mut e = baseline();
    // Two members over the 1 MiB a member must reach to be hashed elsewhere,
    // one under it.
    for (path, size) in [
        ("attachments/a.bin", 3 << 20),
        ("attachments/b.bin", 1 << 20),
        ("attachments/c.bin", 1000),
    ] {
        let content: Vec<u8> = (0..size).map(|i: usize| (i * 7 % 251) as u8).collect();
        e.members.push((path.to_owned(), content.into()));
    }
    let bytes = pack_bytes(&e, true);
    let trust = trust();
    let verify_elsewhere = |wrong: bool, fails: bool| {
        let members = std::rc::Rc::new(std::cell::Cell::new(0));
        let hasher = Elsewhere {
            hasher: Default::default(),
            members: members.clone(),
            wrong,
            fails,
        };
        let report = verify_with_hasher(
            bytes.as_slice(),
            "pack.tar.gz",
            Some(&trust),
            &Limits::default(),
            &Cancel::new(),
            Box::new(hasher),
        );
        (report, members.get())
    };
    let here = verify_until(
        bytes.as_slice(),
        "pack.tar.gz",
        Some(&trust),
        &Limits::default(),
        &Cancel::new(),
    )
    .expect("readable");
    assert_eq!(here.verdict(), Verdict::Complete);

    let (elsewhere, members) = verify_elsewhere(false, false);
    let elsewhere = elsewhere.expect("readable");
    assert_eq!(members, 2, "the two large members, and only they");
    let without_time = |r: &proofpack_core::Report| {
        let mut v = serde_json::to_value(r).expect("report JSON");
        v["meta"] = serde_json::Value::Null;
        v
    };
    assert_eq!(without_time(&elsewhere), without_time(&here));

    // The digests it gives are the ones the manifest is checked against.
    let (wrong, _) = verify_elsewhere(true, false);
    let wrong = wrong.expect("readable");
    assert_eq!(wrong.verdict(), Verdict::Invalid);
    assert_codes(&wrong, &["manifest.hash_mismatch"]);

    // Its failure is a failure to read the pack, not a verdict.
    let (failed, _) = verify_elsewhere(false, true);
    assert!(matches!(failed, Err(VerifyError::Read(_))), "{failed:?}");
}
