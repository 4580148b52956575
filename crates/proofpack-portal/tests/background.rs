//! The portal listens before its packs are verified: a pack whose report is
//! not ready answers 503 with `Retry-After` to its tenant and the 404 of an
//! absent pack to anyone else, and the list shows it with `"verdict": null`.
//! The workers are held by [`Hooks::holding`], so "pending" is a state the
//! test sets, not a race it hopes to win. Also: HTML reports rendered once
//! per (pack, trust store, language).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use common::{agent, call, call_with, Answer, Fixture, FixturePack, Running, TENANT_A, TENANT_B};
use proofpack_portal::server::{Hooks, RETRY_AFTER_SECS};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Duration;

const ENDPOINTS: [&str; 3] = ["", "/proof.tar.gz", "/report.html"];
/// A well-formed SHA-256 that names no pack.
const ABSENT: &str = "0000000000000000000000000000000000000000000000000000000000000000";
/// The bound on every wait: a worker that never finishes fails the test.
const BOUND: Duration = Duration::from_secs(120);

/// An answer as the client can tell it apart: status, headers (but `Date`,
/// which moves with the clock) and body.
type Observable = (u16, Vec<(String, Vec<u8>)>, Vec<u8>);

fn observable(answer: &Answer) -> Observable {
    let mut headers: Vec<(String, Vec<u8>)> = answer
        .headers
        .iter()
        .filter(|(name, _)| *name != "date")
        .map(|(name, value)| (name.as_str().to_owned(), value.as_bytes().to_vec()))
        .collect();
    headers.sort();
    (answer.status, headers, answer.body.clone())
}

fn pack<'f>(fixture: &'f Fixture, file: &str) -> &'f FixturePack {
    fixture.packs.iter().find(|p| p.file == file).unwrap()
}

fn list(portal: &Running, token: &str) -> Value {
    let answer = call(&agent(), "GET", &portal.url("/api/v1/packs"), Some(token));
    assert_eq!(answer.status, 200);
    serde_json::from_slice(&answer.body).unwrap()
}

/// The list's entries as (file, verdict, pack_id), in its order.
fn entries(list: &Value) -> Vec<(String, Value, Value)> {
    list["packs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["file"].as_str().unwrap().to_owned(),
                p["verdict"].clone(),
                p["pack_id"].clone(),
            )
        })
        .collect()
}

#[test]
fn a_pack_being_verified_is_503_for_its_tenant_404_for_others_and_null_in_the_list() {
    let fixture = Fixture::new();
    let hooks = Hooks::holding();
    let portal = Running::listening(fixture.config_with(&hooks));
    let agent = agent();
    let t = &fixture.tokens;
    let own = pack(&fixture, "erasure-b.tar.gz");
    let unreadable = pack(&fixture, "broken.tar.gz");
    let quarantined = fixture.packs.iter().find(|p| p.quarantined).unwrap();
    let url = |sha: &str, endpoint: &str| portal.url(&format!("/api/v1/packs/{sha}{endpoint}"));

    for endpoint in ENDPOINTS {
        for method in ["GET", "HEAD"] {
            // The pack's tenant (alone or with another): not ready yet.
            for token in [&t.b, &t.both] {
                let answer = call(&agent, method, &url(&own.sha256, endpoint), Some(token));
                assert_eq!(answer.status, 503, "{method} {endpoint}");
                let retry = answer.headers.get("retry-after").unwrap().to_str().unwrap();
                let seconds: u32 = retry.parse().unwrap();
                assert!((1..=10).contains(&seconds), "{seconds}");
                assert_eq!(seconds, RETRY_AFTER_SECS);
                assert_eq!(answer.headers.get("cache-control").unwrap(), "no-store");
                if method == "GET" {
                    let body: Value = serde_json::from_slice(&answer.body).unwrap();
                    assert_eq!(body["error"], "not_ready");
                }
            }
            // Anyone else, and every pack nobody may see yet (its manifest
            // is unreadable, or names another tenant): byte for byte the
            // answer for a pack that does not exist.
            for (token, sha) in [
                (&t.a, &own.sha256),
                (&t.b, &unreadable.sha256),
                (&t.both, &unreadable.sha256),
                (&t.b, &quarantined.sha256),
                (&t.both, &quarantined.sha256),
            ] {
                let absent = call(&agent, method, &url(ABSENT, endpoint), Some(token));
                let answer = call(&agent, method, &url(sha, endpoint), Some(token));
                assert_eq!(absent.status, 404);
                assert_eq!(
                    observable(&answer),
                    observable(&absent),
                    "{method} {endpoint} {sha}"
                );
            }
        }
    }
    // The list: every pack whose tenancy is known, with nothing the
    // verifier has not said.
    let b = list(&portal, &t.b);
    let pending = |files: &[&str]| -> Vec<(String, Value, Value)> {
        files
            .iter()
            .map(|f| ((*f).to_owned(), Value::Null, Value::Null))
            .collect()
    };
    assert_eq!(entries(&b), pending(&["erasure-b.tar.gz"]));
    assert_eq!(b["total"], 1);
    assert_eq!(b["packs"][0]["sha256"], own.sha256.as_str());
    assert_eq!(b["packs"][0]["tenant_id"], TENANT_B);
    // By file name, as the store lists them.
    let mut a_files: Vec<&str> = fixture
        .visible(&[TENANT_A])
        .iter()
        .map(|p| p.file.as_str())
        .collect();
    a_files.sort_unstable();
    assert_eq!(entries(&list(&portal, &t.a)), pending(&a_files));
    assert_eq!(list(&portal, &t.both)["total"], a_files.len() + 1);
    assert_eq!(hooks.verifications(), 0, "the workers were held");
    assert_eq!(hooks.html_renders(), 0);

    // Verified: the tenant gets the report; the others still the 404.
    hooks.release();
    assert!(hooks.wait_settled(BOUND));
    assert_eq!(hooks.verifications(), fixture.packs.len() as u64);
    let report = call(&agent, "GET", &url(&own.sha256, ""), Some(&t.b));
    assert_eq!(report.status, 200);
    let report: Value = serde_json::from_slice(&report.body).unwrap();
    assert_eq!(report["verdict"], own.verdict.as_str());
    for endpoint in ENDPOINTS {
        assert_eq!(
            call(&agent, "GET", &url(&own.sha256, endpoint), Some(&t.b)).status,
            200
        );
        let absent = call(&agent, "GET", &url(ABSENT, endpoint), Some(&t.a));
        let other = call(&agent, "GET", &url(&own.sha256, endpoint), Some(&t.a));
        assert_eq!(observable(&other), observable(&absent));
    }
    // The unreadable pack claims no tenant: listed in its folder now, with
    // its verdict; the quarantined one stays out.
    let b = list(&portal, &t.b);
    let got: BTreeMap<String, Value> = entries(&b)
        .into_iter()
        .map(|(file, verdict, _)| (file, verdict))
        .collect();
    let want: BTreeMap<String, Value> = fixture
        .visible(&[TENANT_B])
        .iter()
        .map(|p| (p.file.clone(), Value::from(p.verdict.as_str())))
        .collect();
    assert_eq!(got, want);
    assert!(got.contains_key(&unreadable.file));
    let own_entry = b["packs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sha256"] == own.sha256.as_str())
        .unwrap();
    assert_eq!(own_entry["pack_id"], "pk_tenant_b_0001");

    // The log has every 503 with the token and the pack.
    drop(portal);
    let log = std::fs::read_to_string(&fixture.access_log).unwrap();
    let not_ready = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["status"] == 503)
        .inspect(|l| {
            assert_eq!(l["pack_sha256"], own.sha256.as_str());
            assert!(l["token_id"] == "auditor-b" || l["token_id"] == "regulator");
        })
        .count();
    assert_eq!(not_ready, ENDPOINTS.len() * 2 * 2);
}

#[test]
fn an_html_report_is_rendered_once_per_pack_trust_store_and_language() {
    let fixture = Fixture::new();
    let hooks = Hooks::default();
    let portal = Running::start(fixture.config_with(&hooks));
    let agent = agent();
    let token = Some(fixture.tokens.a.as_str());
    let [first, second] = [0, 1].map(|i| fixture.visible(&[TENANT_A])[i]);
    let html = |pack: &FixturePack, language: Option<&str>| {
        let url = portal.url(&format!("/api/v1/packs/{}/report.html", pack.sha256));
        call_with(&agent, "GET", &url, token, language)
    };

    let asked = [
        (None, "en"),
        (Some("en-GB"), "en"),
        (Some("fr-CH, fr;q=0.9, de;q=0.5"), "fr"),
        (None, "en"),
        (Some("es, de;q=0.8"), "de"),
        (Some("de-AT"), "de"),
    ];
    let answers: Vec<(Answer, &str)> = asked
        .into_iter()
        .map(|(language, tag)| (html(first, language), tag))
        .collect();
    for (answer, tag) in &answers {
        assert_eq!(answer.status, 200);
        assert_eq!(answer.headers.get("content-language").unwrap(), tag);
        let body = String::from_utf8_lossy(&answer.body);
        assert!(body.contains(&format!("<html lang=\"{tag}\">")), "{tag}");
        // The page of one language is the same whoever asks for it.
        let same = answers.iter().find(|(_, t)| t == tag).unwrap();
        assert_eq!(answer.body, same.0.body);
        assert!(body.contains(&format!("data-verdict=\"{}\"", first.verdict.as_str())));
    }
    assert_ne!(
        answers[0].0.body, answers[2].0.body,
        "French is not English"
    );
    assert_eq!(
        hooks.html_renders(),
        3,
        "six requests, three languages: three renders"
    );
    // The `lang` parameter comes before the header (the page's own links).
    let url = portal.url(&format!(
        "/api/v1/packs/{}/report.html?lang=fr",
        first.sha256
    ));
    let chosen = call_with(&agent, "GET", &url, token, Some("de"));
    assert_eq!(chosen.headers.get("content-language").unwrap(), "fr");
    assert_eq!(chosen.body, answers[2].0.body);
    assert_eq!(hooks.html_renders(), 3, "French was rendered already");
    assert_eq!(html(second, None).status, 200);
    assert_eq!(hooks.html_renders(), 4, "another pack: rendered");
    let json = portal.url(&format!("/api/v1/packs/{}", first.sha256));
    assert_eq!(call(&agent, "GET", &json, token).status, 200);
    assert_eq!(hooks.html_renders(), 4, "the JSON report renders no HTML");

    // Another trust store: each pack is verified again, and its HTML
    // rendered again once.
    let mut trust = std::fs::read(&fixture.trust).unwrap();
    trust.extend_from_slice(b"\n");
    std::fs::write(&fixture.trust, trust).unwrap();
    let verified = hooks.verifications();
    let mut rendered = false;
    // Bounded: the rescan runs every second.
    for _ in 0..480 {
        let status = html(first, None).status;
        assert!(status == 200 || status == 503, "{status}");
        if hooks.html_renders() == 5 {
            rendered = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    assert!(rendered, "the new trust store's report was never rendered");
    assert!(hooks.verifications() > verified);
    assert_eq!(html(first, Some("en")).status, 200);
    assert_eq!(hooks.html_renders(), 5);
}
