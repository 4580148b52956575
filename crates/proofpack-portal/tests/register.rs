//! `GET /api/v1/register?tenant=T[&as_of=TS]`: the §19 register of one of
//! the token's tenants, byte for byte what `proofpack_register` makes of
//! the tenant's served packs (the CLI's `register --json`); the 404 of an
//! absent pack for a tenant the token does not hold; 400 for an `as_of`
//! that is not RFC 3339; 503 while one of the tenant's packs is verified.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use common::{agent, call, Answer, Fixture, Running, TENANT_A, TENANT_B};
use proofpack_author::pack::{sign_unchecked, Content, Evidence, Superseded};
use proofpack_core::TrustStore;
use proofpack_portal::server::{Hooks, RETRY_AFTER_SECS};
use proofpack_register::{register, Options, PackInput};
use proofpack_spec::timestamp::Timestamp;
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// After every open item of the sample packs was due.
const LATE: &str = "2026-12-01T00:00:00Z";
/// Before any of them was due (after the packs were signed).
const EARLY: &str = "2026-05-07T00:00:00+02:00";
/// The request of the chain written into tenant A's folder.
const CHAIN_REQUEST: &str = "req-chain-0001";
/// A well-formed SHA-256 that names no pack.
const ABSENT: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Writes into `folder` two packs of one request (the deferred sample's
/// evidence under another request id), the second superseding the first;
/// returns their SHA-256, oldest first.
fn write_chain(folder: &Path) -> Vec<String> {
    let samples = common::sample_packs().join("evidence/incomplete-cache-deferred");
    let mut evidence = Evidence::from_dir(&samples).unwrap();
    let request = std::fs::read_to_string(samples.join("request.json")).unwrap();
    evidence.set_member(
        "request.json",
        Content::Bytes(request.replace("req-002217", CHAIN_REQUEST).into_bytes()),
    );
    let mut shas: Vec<String> = Vec::new();
    for n in 0..2 {
        evidence.description.pack_id = format!("erasure-{CHAIN_REQUEST}-{n}");
        evidence.description.supersedes = shas.last().map(|sha256| Superseded {
            pack_id: format!("erasure-{CHAIN_REQUEST}-{}", n - 1),
            sha256: sha256.clone(),
        });
        let signed_at = Timestamp::parse(&format!("2026-05-06T1{n}:00:00Z")).unwrap();
        let bytes =
            sign_unchecked(&evidence, &proofpack_samples::dpo_key(), &signed_at, false).unwrap();
        std::fs::write(folder.join(format!("chain-{n}.tar.gz")), &bytes).unwrap();
        shas.push(common::sha256_hex(&bytes));
    }
    shas
}

/// The fixture, with the chain in tenant A's folder.
fn fixture_with_chain() -> (Fixture, Vec<String>) {
    let fixture = Fixture::new();
    let chain = write_chain(&fixture.store.join(TENANT_A));
    (fixture, chain)
}

fn register_url(portal: &Running, tenant: &str, as_of: Option<&str>) -> String {
    let as_of = as_of.map_or_else(String::new, |t| format!("&as_of={}", encode(t)));
    portal.url(&format!("/api/v1/register?tenant={tenant}{as_of}"))
}

/// `text` as a query value (`+` and `:` percent-encoded).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What `proofpack register --json` writes for `files` of `folder` (named
/// by file name, in file-name order) at `as_of`.
fn cli_register(fixture: &Fixture, folder: &str, files: &[&str], as_of: &str) -> Vec<u8> {
    let trust = TrustStore::load(&fixture.trust).unwrap();
    let inputs = files
        .iter()
        .map(|f| PackInput::path(*f, fixture.store.join(folder).join(f)))
        .collect();
    let made = register(
        inputs,
        &Options::new(&trust, Timestamp::parse(as_of).unwrap()),
    )
    .unwrap();
    let mut out = Vec::new();
    proofpack_render::json::pretty_value(&mut out, &made).unwrap();
    out.push(b'\n');
    out
}

fn header<'a>(answer: &'a Answer, name: &str) -> Option<&'a str> {
    answer.headers.get(name).and_then(|v| v.to_str().ok())
}

fn codes(register: &Value) -> Vec<&str> {
    register["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

#[test]
fn a_held_tenants_register_is_what_the_register_crate_makes_of_its_packs() {
    let (fixture, chain) = fixture_with_chain();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let t = &fixture.tokens;

    let answer = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_A, Some(LATE)),
        Some(&t.a),
    );
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    assert_eq!(header(&answer, "content-type"), Some("application/json"));
    assert_eq!(header(&answer, "cache-control"), Some("no-store"));
    let files = [
        "chain-0.tar.gz",
        "chain-1.tar.gz",
        "complete-gdpr.tar.gz",
        "exempt-art17-3.tar.gz",
        "incomplete-cache-deferred.tar.gz",
    ];
    assert_eq!(answer.body, cli_register(&fixture, TENANT_A, &files, LATE));

    // The chain: one request, its later pack the head, the earlier superseded.
    let made: Value = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(made["format"], "proof-pack-register/v1");
    let earlier = made["packs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sha256"] == chain[0].as_str())
        .unwrap();
    assert_eq!(earlier["superseded_by"], chain[1].as_str());
    let request = made["requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["request_id"] == CHAIN_REQUEST)
        .unwrap();
    assert_eq!(request["heads"], serde_json::json!([chain[1]]));
    assert_eq!(request["packs"].as_array().unwrap().len(), 2);
    // Its open items were due before LATE.
    let items = request["open_items"].as_array().unwrap();
    assert!(!items.is_empty() && items.iter().all(|i| i["overdue"] == true));
    assert!(items.iter().all(|i| i["pack"] == chain[1].as_str()));
    assert!(codes(&made).contains(&"register.overdue"));

    // Deterministic for an as_of, whoever asks; another as_of judges again.
    let again = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_A, Some(LATE)),
        Some(&t.both),
    );
    assert_eq!(again.status, 200);
    assert_eq!(again.body, answer.body);
    let early = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_A, Some(EARLY)),
        Some(&t.a),
    );
    assert_eq!(early.status, 200);
    assert_eq!(early.body, cli_register(&fixture, TENANT_A, &files, EARLY));
    let early: Value = serde_json::from_slice(&early.body).unwrap();
    assert_eq!(early["as_of"], EARLY);
    assert!(!codes(&early).contains(&"register.overdue"));

    // Tenant B: its listed packs (a broken one too), not the one quarantined
    // in its folder.
    let answer = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_B, Some(LATE)),
        Some(&t.b),
    );
    assert_eq!(answer.status, 200);
    let b_files = ["broken.tar.gz", "erasure-b.tar.gz"];
    assert_eq!(
        answer.body,
        cli_register(&fixture, TENANT_B, &b_files, LATE)
    );
    let quarantined = fixture.packs.iter().find(|p| p.quarantined).unwrap();
    let made: Value = serde_json::from_slice(&answer.body).unwrap();
    assert!(made["packs"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["sha256"] != quarantined.sha256.as_str()));

    // HEAD answers as GET, without a body.
    let head = call(
        &agent,
        "HEAD",
        &register_url(&portal, TENANT_A, Some(LATE)),
        Some(&t.a),
    );
    assert_eq!(head.status, 200);
}

#[test]
fn without_as_of_the_register_is_judged_now() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let before = time::OffsetDateTime::now_utc();
    let answer = call(
        &agent(),
        "GET",
        &register_url(&portal, TENANT_A, None),
        Some(&fixture.tokens.a),
    );
    let after = time::OffsetDateTime::now_utc();
    assert_eq!(answer.status, 200);
    let made: Value = serde_json::from_slice(&answer.body).unwrap();
    let as_of = Timestamp::parse(made["as_of"].as_str().unwrap()).unwrap();
    // The clock's second, as the register writes it.
    assert!(as_of.instant() >= before.replace_nanosecond(0).unwrap() && as_of.instant() <= after);
    assert_eq!(made["packs"].as_array().unwrap().len(), 3);
}

#[test]
fn another_tenant_is_the_404_of_an_absent_pack_and_a_bad_as_of_is_400() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let t = &fixture.tokens;
    let absent = call(
        &agent,
        "GET",
        &portal.url(&format!("/api/v1/packs/{ABSENT}")),
        Some(&t.a),
    );
    assert_eq!(absent.status, 404);

    for (token, tenant) in [
        (&t.a, TENANT_B),
        (&t.b, TENANT_A),
        (&t.a, "ten_9999"),
        (&t.both, "ten_9999"),
        (&t.a, "..%2F"),
    ] {
        for as_of in [Some(LATE), None] {
            let answer = call(
                &agent,
                "GET",
                &register_url(&portal, tenant, as_of),
                Some(token),
            );
            assert_eq!(answer.status, 404, "{tenant}");
            assert_eq!(answer.body, absent.body, "{tenant}");
            assert_eq!(
                header(&answer, "content-type"),
                header(&absent, "content-type")
            );
        }
    }

    let bad = call(
        &agent,
        "GET",
        &portal.url("/api/v1/packs?page=0"),
        Some(&t.a),
    );
    assert_eq!(bad.status, 400);
    for as_of in [
        "yesterday",
        "2026-12-01",
        "2026-12-01T00:00:00",
        "2026-13-01T00:00:00Z",
        "",
    ] {
        for tenant in [TENANT_A, TENANT_B] {
            let answer = call(
                &agent,
                "GET",
                &register_url(&portal, tenant, Some(as_of)),
                Some(&t.a),
            );
            assert_eq!(answer.status, 400, "{as_of:?} {tenant}");
            // The portal's one shape of a malformed query.
            assert_eq!(answer.body, bad.body, "{as_of:?}");
        }
    }
    // No tenant named, or a query that does not parse.
    for query in ["", "?as_of=2026-12-01T00:00:00Z", "?tenant=a&tenant=b"] {
        let url = portal.url(&format!("/api/v1/register{query}"));
        let answer = call(&agent, "GET", &url, Some(&t.a));
        assert_eq!(answer.status, 400, "{query}");
    }

    // No valid token: 401, whatever the tenant.
    for token in [None, Some(t.expired.as_str()), Some(t.revoked.as_str())] {
        for tenant in [TENANT_A, "ten_9999"] {
            let answer = call(
                &agent,
                "GET",
                &register_url(&portal, tenant, Some(LATE)),
                token,
            );
            assert_eq!(answer.status, 401);
            assert!(header(&answer, "www-authenticate").is_some());
        }
    }
}

#[test]
fn a_register_waits_until_every_pack_of_its_tenant_is_verified() {
    let fixture = Fixture::new();
    let hooks = Hooks::holding();
    let portal = Running::listening(fixture.config_with(&hooks));
    let agent = agent();
    let t = &fixture.tokens;

    let answer = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_B, Some(LATE)),
        Some(&t.b),
    );
    assert_eq!(answer.status, 503);
    assert_eq!(
        header(&answer, "retry-after"),
        Some(RETRY_AFTER_SECS.to_string().as_str())
    );
    // Another tenant's pending packs are none of this token's business.
    let answer = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_B, Some(LATE)),
        Some(&t.a),
    );
    assert_eq!(answer.status, 404);

    hooks.release();
    assert!(hooks.wait_settled(Duration::from_secs(120)));
    let answer = call(
        &agent,
        "GET",
        &register_url(&portal, TENANT_B, Some(LATE)),
        Some(&t.b),
    );
    assert_eq!(answer.status, 200);
    let made: Value = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(made["packs"].as_array().unwrap().len(), 2);
}

#[test]
fn the_list_names_the_tokens_tenants_for_the_register() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let list = |token: &str| -> Value {
        let answer = call(&agent, "GET", &portal.url("/api/v1/packs"), Some(token));
        serde_json::from_slice(&answer.body).unwrap()
    };
    assert_eq!(
        list(&fixture.tokens.a)["tenants"],
        serde_json::json!([TENANT_A])
    );
    assert_eq!(
        list(&fixture.tokens.both)["tenants"],
        serde_json::json!([TENANT_A, TENANT_B])
    );
}
