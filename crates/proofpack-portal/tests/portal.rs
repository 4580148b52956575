//! The portal as a security boundary: the access matrix, traversal and
//! injection, a bounded load test, and the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use base64::Engine;
use common::{agent, call, call_with, raw, Answer, Fixture, Running, TENANT_A, TENANT_B};
use proofpack_core::Verdict;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;

const ENDPOINTS: [&str; 3] = ["", "/proof.tar.gz", "/report.html"];
/// A well-formed SHA-256 that names no pack.
const ABSENT: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn header<'a>(answer: &'a Answer, name: &str) -> Option<&'a str> {
    answer.headers.get(name).and_then(|v| v.to_str().ok())
}

/// The headers every answer carries, whatever its status.
fn check_common_headers(answer: &Answer, what: &str) -> Vec<String> {
    let mut failures = Vec::new();
    if header(answer, "cache-control") != Some("no-store") {
        failures.push(format!(
            "{what}: Cache-Control is {:?}",
            header(answer, "cache-control")
        ));
    }
    if header(answer, "x-content-type-options") != Some("nosniff") {
        failures.push(format!("{what}: no nosniff"));
    }
    if answer.headers.contains_key("server") {
        failures.push(format!("{what}: a Server header"));
    }
    if !answer.headers.contains_key("content-security-policy") {
        failures.push(format!("{what}: no CSP"));
    }
    failures
}

/// A raw HTTP/1.1 request: `headers` are whole lines (each ending in CRLF);
/// anything after a blank line in them is the body.
fn request(method: &str, target: &str, headers: &str) -> Vec<u8> {
    let (headers, body) = headers.split_once("\r\n\r\n").unwrap_or((headers, ""));
    let headers = if headers.is_empty() || headers.ends_with("\r\n") {
        headers.to_owned()
    } else {
        format!("{headers}\r\n")
    };
    format!("{method} {target} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n{body}")
        .into_bytes()
}

/// The content of the report's one `<style>` element.
fn style_block(html: &str) -> &str {
    let start = html.find("<style>").unwrap() + "<style>".len();
    let end = html[start..].find("</style>").unwrap() + start;
    &html[start..end]
}

/// A row of the access matrix: its name, the token sent, and the tenants
/// it may read (`None` for a token that must be refused).
type Row<'a> = (&'a str, Option<&'a str>, Option<Vec<&'a str>>);

#[test]
fn the_access_matrix_holds_for_every_token_endpoint_and_pack() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let t = &fixture.tokens;
    // (name, token, tenants it may read; None for a refused token)
    let unknown = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode([7u8; 32]);
    let rows: Vec<Row> = vec![
        ("tenant A", Some(&t.a), Some(vec![TENANT_A])),
        ("tenant B", Some(&t.b), Some(vec![TENANT_B])),
        (
            "both tenants",
            Some(&t.both),
            Some(vec![TENANT_A, TENANT_B]),
        ),
        ("expired", Some(&t.expired), None),
        ("revoked", Some(&t.revoked), None),
        ("unknown", Some(&unknown), None),
        ("missing", None, None),
    ];
    let not_found_body = call(
        &agent,
        "GET",
        &portal.url(&format!("/api/v1/packs/{ABSENT}")),
        Some(&t.a),
    )
    .body;
    let mut failures = Vec::new();
    let mut requests = 0usize;
    for (name, token, tenants) in &rows {
        // The list.
        for method in ["GET", "HEAD"] {
            let answer = call(&agent, method, &portal.url("/api/v1/packs"), *token);
            requests += 1;
            failures.extend(check_common_headers(
                &answer,
                &format!("{name} {method} list"),
            ));
            let expected = if tenants.is_some() { 200 } else { 401 };
            if answer.status != expected {
                failures.push(format!(
                    "{name} {method} list: {} not {expected}",
                    answer.status
                ));
                continue;
            }
            if let (Some(tenants), "GET") = (tenants, method) {
                let list: Value = serde_json::from_slice(&answer.body).unwrap();
                let got: BTreeSet<&str> = list["packs"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["sha256"].as_str().unwrap())
                    .collect();
                let want: BTreeSet<&str> = fixture
                    .visible(tenants)
                    .iter()
                    .map(|p| p.sha256.as_str())
                    .collect();
                if got != want {
                    failures.push(format!("{name} list: {got:?} not {want:?}"));
                }
                for entry in list["packs"].as_array().unwrap() {
                    let tenant = entry["tenant_id"].as_str().unwrap();
                    if !tenants.contains(&tenant) {
                        failures.push(format!("{name} list shows tenant {tenant}"));
                    }
                    let pack = fixture
                        .packs
                        .iter()
                        .find(|p| p.sha256 == entry["sha256"])
                        .unwrap();
                    if entry["verdict"] != pack.verdict.as_str()
                        || entry["file"] != pack.file.as_str()
                    {
                        failures.push(format!("{name} list entry {entry}"));
                    }
                }
            }
        }
        // Every pack, and one that does not exist, at every endpoint.
        let absent = common::FixturePack {
            tenant: TENANT_A,
            file: "absent".to_owned(),
            sha256: ABSENT.to_owned(),
            bytes: Vec::new(),
            quarantined: false,
            verdict: Verdict::Invalid,
        };
        for pack in fixture.packs.iter().chain([&absent]) {
            let visible = match tenants {
                Some(tenants) => {
                    pack.sha256 != ABSENT && !pack.quarantined && tenants.contains(&pack.tenant)
                }
                None => false,
            };
            for endpoint in ENDPOINTS {
                for method in ["GET", "HEAD"] {
                    let url = portal.url(&format!("/api/v1/packs/{}{endpoint}", pack.sha256));
                    let answer = call(&agent, method, &url, *token);
                    requests += 1;
                    let what = format!("{name} {method} {}/{}{endpoint}", pack.tenant, pack.file);
                    failures.extend(check_common_headers(&answer, &what));
                    let expected = match (tenants, visible) {
                        (None, _) => 401,
                        (Some(_), true) => 200,
                        (Some(_), false) => 404,
                    };
                    if answer.status != expected {
                        failures.push(format!("{what}: {} not {expected}", answer.status));
                        continue;
                    }
                    if expected == 401 && header(&answer, "www-authenticate").is_none() {
                        failures.push(format!("{what}: 401 without WWW-Authenticate"));
                    }
                    if method == "HEAD" {
                        continue;
                    }
                    if expected == 404 && answer.body != not_found_body {
                        failures.push(format!("{what}: a 404 that differs from an absent pack's"));
                    }
                    if expected != 200 {
                        continue;
                    }
                    match endpoint {
                        "" => {
                            let report: Value = serde_json::from_slice(&answer.body).unwrap();
                            if report["verdict"] != pack.verdict.as_str()
                                || report["pack"]["sha256"] != pack.sha256.as_str()
                            {
                                failures.push(format!("{what}: report {}", report["verdict"]));
                            }
                        }
                        "/proof.tar.gz" => {
                            if answer.body != pack.bytes
                                || header(&answer, "content-type") != Some("application/gzip")
                            {
                                failures.push(format!("{what}: not the exact bytes as gzip"));
                            }
                        }
                        _ => {
                            let html = String::from_utf8(answer.body.clone()).unwrap();
                            let hash = format!(
                                "'sha256-{}'",
                                base64::engine::general_purpose::STANDARD
                                    .encode(Sha256::digest(style_block(&html).as_bytes()))
                            );
                            let csp = header(&answer, "content-security-policy").unwrap_or("");
                            if !header(&answer, "content-type")
                                .unwrap_or("")
                                .starts_with("text/html")
                                || !csp.contains(&format!("style-src {hash};"))
                                || csp.contains("unsafe-inline")
                                || !csp.contains("script-src 'none'")
                                || !html.contains(&format!(
                                    "data-verdict=\"{}\"",
                                    pack.verdict.as_str()
                                ))
                            {
                                failures.push(format!("{what}: HTML report or its CSP ({csp})"));
                            }
                        }
                    }
                }
            }
        }
    }
    assert_no_failures(&failures);

    // The fixture is what the matrix needs: both verdicts kinds, a quarantine.
    assert!(fixture
        .packs
        .iter()
        .any(|p| p.tenant == TENANT_B && p.verdict == Verdict::Invalid));
    assert!(fixture
        .packs
        .iter()
        .any(|p| p.tenant == TENANT_B && p.verdict == Verdict::Complete));
    assert!(fixture.packs.iter().any(|p| p.quarantined));

    // Every request is one JSON line of the access log, with no token in it.
    drop(portal);
    let log = std::fs::read_to_string(&fixture.access_log).unwrap();
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let accesses: Vec<&Value> = lines.iter().filter(|l| l.get("status").is_some()).collect();
    assert_eq!(accesses.len(), requests + 1);
    for secret in [&t.a, &t.b, &t.both, &t.expired, &t.revoked] {
        assert!(!log.contains(secret.as_str()));
    }
    let quarantined = fixture.packs.iter().find(|p| p.quarantined).unwrap();
    assert!(lines
        .iter()
        .any(|l| l["event"] == "quarantined" && l["pack_sha256"] == quarantined.sha256.as_str()));
    let downloads: Vec<&&Value> = accesses
        .iter()
        .filter(|l| l["status"] == 200 && l["path"].as_str().unwrap().ends_with("/proof.tar.gz"))
        .collect();
    assert!(!downloads.is_empty());
    for line in downloads {
        assert!(
            line["token_id"].is_string() && line["pack_sha256"].is_string(),
            "{line}"
        );
        assert!(line["time"].is_string() && line["method"].is_string());
    }
    // A 401 names no token id; the log alone says why it was refused.
    let refusals: BTreeSet<&str> = accesses
        .iter()
        .filter(|l| l["status"] == 401)
        .inspect(|l| assert!(l["token_id"].is_null(), "{l}"))
        .map(|l| l["refused"].as_str().unwrap())
        .collect();
    assert_eq!(
        refusals,
        BTreeSet::from(["expired", "missing", "revoked", "unknown"])
    );
}

#[test]
fn traversal_injection_odd_methods_and_huge_requests_are_refused() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let token = &fixture.tokens.both;
    let sha = &fixture.packs[0].sha256;
    let quarantined = &fixture.packs.iter().find(|p| p.quarantined).unwrap().sha256;
    let bearer = format!("Authorization: Bearer {token}\r\n");
    let get = |target: &str| raw(portal.addr, &request("GET", target, &bearer));
    let long_id = "a".repeat(4000);
    let cases: Vec<(String, u16)> = vec![
        ("/api/v1/packs/..".into(), 400),
        ("/api/v1/packs/../../etc/passwd".into(), 404),
        ("/api/v1/packs/%2e%2e".into(), 400),
        ("/api/v1/packs/%2e%2e/proof.tar.gz".into(), 400),
        ("/api/v1/packs/%2e%2e%2f%2e%2e%2fetc%2fpasswd".into(), 400),
        (format!("/api/v1/packs/{sha}%2fproof.tar.gz"), 400),
        (format!("/api/v1/packs/{sha}%2Freport.html"), 400),
        (format!("/api/v1/packs/{sha}%00"), 400),
        (format!("/api/v1/packs/{sha}%00/proof.tar.gz"), 400),
        (format!("/api/v1/packs/{}", sha.to_uppercase()), 400),
        (format!("/api/v1/packs/{sha}0"), 400),
        (format!("/api/v1/packs/{long_id}"), 400),
        ("/api/v1/packs/%ff%fe".into(), 400),
        (
            format!("/api/v1/packs/{sha}/../{quarantined}/proof.tar.gz"),
            404,
        ),
        (format!("/api/v1/packs/{quarantined}"), 404),
        (format!("/api/v1/packs/{sha}/"), 404),
        (format!("/api/v1/packs/{sha}/manifest.json"), 404),
        ("/api/v1/packs/".into(), 404),
        ("/api/v2/packs".into(), 404),
        ("/static/../api/v1/packs".into(), 404),
        ("/static/%2e%2e/%2e%2e/Cargo.toml".into(), 404),
        ("/../../../../etc/passwd".into(), 404),
        ("/api/v1/packs?page=0".into(), 400),
        ("/api/v1/packs?page=x".into(), 400),
        ("/api/v1/packs?per_page=100000".into(), 400),
        ("/api/v1/packs?page=1&page=2".into(), 400),
        (
            "/api/v1/packs?page=18446744073709551615&per_page=1000".into(),
            200,
        ),
        (format!("/api/v1/packs/{sha}?x=%00"), 200),
    ];
    let mut failures = Vec::new();
    for (target, expected) in &cases {
        let got = get(target);
        if got != Some(*expected) {
            failures.push(format!("GET {target}: {got:?} not {expected}"));
        }
    }
    // A raw NUL or space in the request line is not HTTP: hyper refuses it.
    for target in [
        format!("/api/v1/packs/{sha}\0"),
        "/api/v1/packs/a b".to_owned(),
    ] {
        let got = get(&target);
        if got != Some(400) {
            failures.push(format!("GET {target:?}: {got:?} not 400"));
        }
    }
    // Without a token, nothing under /api/ answers but 401.
    for target in [
        "/api/v1/packs/..",
        "/api/v1/packs/%2e%2e",
        "/api/v2/packs",
        "/api/",
    ] {
        let got = raw(portal.addr, &request("GET", target, ""));
        if got != Some(401) {
            failures.push(format!("GET {target} without token: {got:?} not 401"));
        }
    }
    // Malformed Authorization headers are refused like a missing token, so
    // are two of them; the scheme is case-insensitive (RFC 9110).
    let malformed = [
        format!("Basic {token}"),
        format!("Bearer  {token}"),
        format!("Bearer {token}x"),
        format!("Bearer {token}\tx"),
        "Bearer".to_owned(),
        "Bearer ".to_owned(),
        format!("Bearer {}", "A".repeat(600)),
        format!("Bearer {token}\r\nAuthorization: Bearer {token}"),
    ];
    let cases = malformed
        .iter()
        .map(|a| (a.clone(), 401))
        .chain([(format!("bearer {token}"), 200)]);
    for (authorization, expected) in cases {
        let got = raw(
            portal.addr,
            &request(
                "GET",
                "/api/v1/packs",
                &format!("Authorization: {authorization}\r\n"),
            ),
        );
        if got != Some(expected) {
            failures.push(format!(
                "Authorization {authorization:?}: {got:?} not {expected}"
            ));
        }
    }
    // Any method but GET and HEAD, on any path, with or without a token.
    for method in [
        "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "BREW",
    ] {
        for target in [
            "/",
            "/api/v1/packs",
            &format!("/api/v1/packs/{sha}/proof.tar.gz"),
            "/nowhere",
        ] {
            for headers in [format!("{bearer}Content-Length: 0\r\n"), String::new()] {
                let got = raw(portal.addr, &request(method, target, &headers));
                if got != Some(405) {
                    failures.push(format!("{method} {target}: {got:?} not 405"));
                }
            }
        }
    }
    // Huge headers, many headers, a huge URL: 431; a body on a GET: 413.
    let huge_header = format!("{bearer}X-Big: {}\r\n", "a".repeat(64 * 1024));
    let many_headers: String = (0..200).map(|i| format!("X-H{i}: v\r\n")).collect();
    let huge_url = format!("/api/v1/packs/{}", "a".repeat(100 * 1024));
    let body = format!(
        "{bearer}Content-Length: 100000\r\n\r\n{}",
        "a".repeat(100_000)
    );
    for (what, target, headers, expected) in [
        ("huge header", "/api/v1/packs", huge_header.as_str(), 431),
        ("200 headers", "/api/v1/packs", many_headers.as_str(), 431),
        ("huge URL", huge_url.as_str(), bearer.as_str(), 431),
        ("a 100 kB body", "/api/v1/packs", body.as_str(), 413),
    ] {
        let got = raw(portal.addr, &request("GET", target, headers));
        if got != Some(expected) {
            failures.push(format!("{what}: {got:?} not {expected}"));
        }
    }
    assert_no_failures(&failures);
    // The server is still up and right after all that.
    let answer = call(&agent(), "GET", &portal.url("/api/v1/packs"), Some(token));
    assert_eq!(answer.status, 200);
}

#[test]
fn the_page_and_its_files_hold_no_data_and_allow_only_themselves() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let page = call(&agent, "GET", &portal.url("/"), None);
    assert_eq!(page.status, 200);
    assert!(header(&page, "content-type")
        .unwrap()
        .starts_with("text/html"));
    let csp = header(&page, "content-security-policy").unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("default-src 'none'"));
    assert!(!csp.contains("unsafe"));
    let html = String::from_utf8(page.body).unwrap();
    assert!(!html.contains("<script>"), "no inline script");
    for pack in &fixture.packs {
        assert!(!html.contains(&pack.sha256));
    }
    for (path, kind) in [
        ("/static/portal.js", "text/javascript"),
        ("/static/portal.css", "text/css"),
    ] {
        let answer = call(&agent, "GET", &portal.url(path), None);
        assert_eq!(answer.status, 200, "{path}");
        assert!(header(&answer, "content-type").unwrap().starts_with(kind));
        assert!(check_common_headers(&answer, path).is_empty());
    }
    let script =
        String::from_utf8(call(&agent, "GET", &portal.url("/static/portal.js"), None).body)
            .unwrap();
    assert!(
        !script.contains("innerHTML")
            && !script.contains("localStorage")
            && !script.contains("sessionStorage")
    );
    assert_eq!(
        call(&agent, "GET", &portal.url("/static/other.js"), None).status,
        404
    );
}

/// The policy of the stand-in for the browser verifier's build.
const VERIFIER_POLICY: &str =
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

/// One file of the browser verifier's build: name, content type, bytes.
type BuildFile = (&'static str, &'static str, Vec<u8>);

/// A stand-in for scripts/build-web.sh's target/web/: its five files,
/// written into a folder of their own.
fn verifier_build() -> (tempfile::TempDir, Vec<BuildFile>) {
    let build = tempfile::tempdir().unwrap();
    let page = format!(
        "<!doctype html><meta http-equiv=\"Content-Security-Policy\" content=\"{VERIFIER_POLICY}\">"
    );
    let files = vec![
        ("index.html", "text/html", page.into_bytes()),
        ("app.js", "text/javascript", b"// app".to_vec()),
        ("worker.js", "text/javascript", b"// worker".to_vec()),
        ("style.css", "text/css", b"body {}".to_vec()),
        (
            "proofpack_web_bg.wasm",
            "application/wasm",
            b"\0asm\x01\0\0\0".to_vec(),
        ),
    ];
    for (name, _, bytes) in &files {
        std::fs::write(build.path().join(name), bytes).unwrap();
    }
    (build, files)
}

fn with_verifier_page(
    fixture: &Fixture,
    dir: &std::path::Path,
) -> proofpack_portal::server::Config {
    proofpack_portal::server::Config {
        verifier_page: Some(dir.to_owned()),
        ..fixture.config()
    }
}

#[test]
fn the_browser_verifier_is_served_under_verify_when_given_its_build() {
    let fixture = Fixture::new();
    let (build, files) = verifier_build();
    let portal = Running::start(with_verifier_page(&fixture, build.path()));
    let agent = agent();
    // No token: the page holds no data, and a pack chosen in it stays in
    // the reader's browser. Each file as it is, with the page's policy.
    for (name, kind, bytes) in &files {
        let path = if *name == "index.html" {
            "/verify/".to_owned()
        } else {
            format!("/verify/{name}")
        };
        let answer = call(&agent, "GET", &portal.url(&path), None);
        assert_eq!(answer.status, 200, "{path}");
        assert!(
            header(&answer, "content-type").unwrap().starts_with(kind),
            "{path}"
        );
        assert_eq!(&answer.body, bytes, "{path}");
        assert_eq!(
            header(&answer, "content-security-policy"),
            Some(VERIFIER_POLICY),
            "{path}"
        );
        assert!(check_common_headers(&answer, &path).is_empty());
    }
    // Relative names resolve under /verify/ only, and only its files are there.
    assert_eq!(raw(portal.addr, &request("GET", "/verify", "")), Some(308));
    for path in [
        "/verify/index.html/",
        "/verify/other.js",
        "/verify/..%2Findex.html",
        "/verify/%2e%2e/tokens",
    ] {
        assert_eq!(
            call(&agent, "GET", &portal.url(path), None).status,
            404,
            "{path}"
        );
    }
}

#[test]
fn without_the_verifiers_build_nothing_is_under_verify_and_a_folder_that_is_not_one_stops_the_portal(
) {
    let fixture = Fixture::new();
    let plain = Running::start(fixture.config());
    let agent = agent();
    for path in ["/verify", "/verify/", "/verify/app.js"] {
        assert_eq!(
            call(&agent, "GET", &plain.url(path), None).status,
            404,
            "{path}"
        );
    }
    drop(plain);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let starts = |dir: &std::path::Path| {
        runtime
            .block_on(proofpack_portal::server::run(
                with_verifier_page(&fixture, dir),
                |_, _| {},
                async {},
            ))
            .is_ok()
    };
    // A build starts (and stops at once); a file missing, or a page that
    // states no policy, does not.
    let (whole, _) = verifier_build();
    assert!(starts(whole.path()));
    let (lacking, _) = verifier_build();
    std::fs::remove_file(lacking.path().join("worker.js")).unwrap();
    assert!(!starts(lacking.path()));
    let (no_policy, _) = verifier_build();
    std::fs::write(no_policy.path().join("index.html"), "<!doctype html>").unwrap();
    assert!(!starts(no_policy.path()));
}

#[test]
fn the_page_is_in_the_readers_language() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let page = |path: &str, language: Option<&str>| {
        let answer = call_with(&agent, "GET", &portal.url(path), None, language);
        assert_eq!(answer.status, 200, "{path} {language:?}");
        assert_eq!(header(&answer, "vary"), Some("accept-language"));
        let tag = header(&answer, "content-language").unwrap().to_owned();
        (tag, String::from_utf8(answer.body).unwrap())
    };
    let (en, english) = page("/", None);
    assert_eq!(en, "en");
    for (path, language, want) in [
        ("/", Some("de-CH, fr;q=0.5"), "de"),
        ("/", Some("es, fr;q=0.3"), "fr"),
        ("/?lang=fr", Some("de"), "fr"),
        ("/?lang=xx", Some("de"), "de"),
        ("/?lang=en", Some("fr"), "en"),
    ] {
        let (tag, html) = page(path, language);
        assert_eq!(tag, want, "{path} {language:?}");
        assert!(html.contains(&format!("<html lang=\"{want}\">")));
        assert!(html.contains("id=\"words\""), "the script's words");
        assert_eq!(html == english, want == "en", "{path} {language:?}");
    }
    // The script takes its words from the page and asks for the report in
    // the page's language.
    let script =
        String::from_utf8(call(&agent, "GET", &portal.url("/static/portal.js"), None).body)
            .unwrap();
    assert!(script.contains("report.html?lang="));
}

#[test]
fn paging_goes_through_every_pack_once() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let want: BTreeSet<String> = fixture
        .visible(&[TENANT_A, TENANT_B])
        .iter()
        .map(|p| p.sha256.clone())
        .collect();
    let mut seen = Vec::new();
    for page in 1..=10 {
        let url = portal.url(&format!("/api/v1/packs?page={page}&per_page=2"));
        let answer = call(&agent, "GET", &url, Some(&fixture.tokens.both));
        assert_eq!(answer.status, 200);
        let list: Value = serde_json::from_slice(&answer.body).unwrap();
        assert_eq!(list["total"], want.len());
        let packs = list["packs"].as_array().unwrap();
        assert!(packs.len() <= 2);
        if packs.is_empty() {
            break;
        }
        seen.extend(
            packs
                .iter()
                .map(|p| p["sha256"].as_str().unwrap().to_owned()),
        );
    }
    assert_eq!(seen.len(), want.len());
    assert_eq!(seen.into_iter().collect::<BTreeSet<_>>(), want);
}

#[test]
fn a_new_pack_a_removed_pack_and_a_new_trust_store_are_picked_up() {
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let agent = agent();
    let token = Some(fixture.tokens.a.as_str());
    let list = |agent: &ureq::Agent| -> Value {
        serde_json::from_slice(&call(agent, "GET", &portal.url("/api/v1/packs"), token).body)
            .unwrap()
    };
    let wait_for = |what: &str, done: &dyn Fn(&Value) -> bool| {
        // Bounded: the rescan runs every second.
        for _ in 0..120 {
            if done(&list(&agent)) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(250));
        }
        panic!("{what} never showed");
    };
    let late = std::fs::read(common::sample_packs().join("late-ccpa.tar.gz")).unwrap();
    let late_sha = common::sha256_hex(&late);
    std::fs::write(fixture.store.join(TENANT_A).join("late.tar.gz"), &late).unwrap();
    wait_for("the new pack", &|l| {
        l["packs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["sha256"] == late_sha.as_str() && p["verdict"] == "late")
    });
    // The same bytes in B's folder stay quarantined for B.
    let b = call(
        &agent,
        "GET",
        &portal.url(&format!("/api/v1/packs/{late_sha}")),
        Some(&fixture.tokens.b),
    );
    assert_eq!(b.status, 404);
    std::fs::remove_file(fixture.store.join(TENANT_A).join("late.tar.gz")).unwrap();
    wait_for("the removal", &|l| {
        !l["packs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["sha256"] == late_sha.as_str())
    });
    // A trust store without the DPO key: every pack is verified again.
    let mut trust: Value = serde_json::from_slice(&std::fs::read(&fixture.trust).unwrap()).unwrap();
    trust["keys"]
        .as_array_mut()
        .unwrap()
        .retain(|k| k["key_id"] != proofpack_samples::DPO_KEY_ID);
    std::fs::write(&fixture.trust, serde_json::to_vec(&trust).unwrap()).unwrap();
    wait_for("the new trust store", &|l| {
        l["packs"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["verdict"] == "untrusted")
    });
}

/// 20,000 requests (PORTAL_LOAD_REQUESTS) from 32 concurrent clients on
/// loopback: every answer must be right. The latencies are printed for
/// docs/BENCHMARKS.md, never asserted.
#[test]
fn load_many_concurrent_clients_get_no_error() {
    const CLIENTS: usize = 32;
    let total: usize = std::env::var("PORTAL_LOAD_REQUESTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let fixture = Fixture::new();
    let portal = Running::start(fixture.config());
    let sha = fixture.packs[0].sha256.clone();
    let base = portal.url("");
    let token = fixture.tokens.a.clone();
    let started = std::time::Instant::now();
    let workers: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let (base, token, sha) = (base.clone(), token.clone(), sha.clone());
            let count = total / CLIENTS + usize::from(client < total % CLIENTS);
            std::thread::spawn(move || {
                let agent = agent();
                let mut latencies = Vec::with_capacity(count);
                let mut errors = Vec::new();
                for i in 0..count {
                    let path = match (client + i) % 4 {
                        0 => "/api/v1/packs".to_owned(),
                        1 => format!("/api/v1/packs/{sha}"),
                        2 => format!("/api/v1/packs/{sha}/proof.tar.gz"),
                        _ => format!("/api/v1/packs/{sha}/report.html"),
                    };
                    let start = std::time::Instant::now();
                    let answer = call(&agent, "GET", &format!("{base}{path}"), Some(&token));
                    latencies.push(start.elapsed());
                    if answer.status != 200 || answer.body.is_empty() {
                        errors.push(format!("{path}: {}", answer.status));
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    for worker in workers {
        let (l, e) = worker.join().unwrap();
        latencies.extend(l);
        errors.extend(e);
    }
    let wall = started.elapsed();
    assert!(
        errors.is_empty(),
        "{} errors: {:?}",
        errors.len(),
        &errors[..errors.len().min(10)]
    );
    assert_eq!(latencies.len(), total);
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    eprintln!(
        "load: {total} requests, {CLIENTS} clients, {:.1} s, {:.0} req/s, p50 {:?}, p99 {:?}, max {:?}",
        wall.as_secs_f64(),
        total as f64 / wall.as_secs_f64(),
        at(0.50),
        at(0.99),
        latencies[latencies.len() - 1]
    );
    drop(portal);
    let log = std::fs::read_to_string(&fixture.access_log).unwrap();
    let logged = log
        .lines()
        .filter(|l| {
            serde_json::from_str::<Value>(l)
                .unwrap()
                .get("status")
                .is_some()
        })
        .count();
    assert_eq!(logged, total);
}

/// The real binary: token commands, serving, a revocation taking effect
/// without a restart, SIGTERM.
#[cfg(unix)]
#[test]
fn the_real_binary_serves_follows_revocations_and_stops_on_sigterm() {
    use std::os::unix::fs::PermissionsExt;
    use std::process::Command;
    let bin = BIN;
    let fixture = Fixture::new();
    let tokens = fixture.dir.path().join("cli-tokens.json");
    let tokens_arg = tokens.to_str().unwrap();

    let add = Command::new(bin)
        .args([
            "token",
            "add",
            tokens_arg,
            "--id",
            "cli-auditor",
            "--tenant",
            TENANT_A,
        ])
        .output()
        .unwrap();
    assert!(add.status.success());
    let stdout = String::from_utf8(add.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    let token = stdout.trim_end().to_owned();
    assert!(token.len() >= 43);
    assert_eq!(
        std::fs::metadata(&tokens).unwrap().permissions().mode() & 0o777,
        0o600
    );

    let duplicate = Command::new(bin)
        .args([
            "token",
            "add",
            tokens_arg,
            "--id",
            "cli-auditor",
            "--tenant",
            TENANT_B,
        ])
        .output()
        .unwrap();
    assert_eq!(duplicate.status.code(), Some(1));
    assert!(duplicate.stdout.is_empty());

    let past = Command::new(bin)
        .args([
            "token",
            "add",
            tokens_arg,
            "--id",
            "old",
            "--tenant",
            TENANT_A,
            "--not-after",
            "2001-01-01T00:00:00Z",
        ])
        .output()
        .unwrap();
    assert!(past.status.success());
    assert_eq!(String::from_utf8(past.stdout).unwrap().lines().count(), 1);
    assert!(!past.stderr.is_empty());

    let listed = Command::new(bin)
        .args(["token", "list", tokens_arg, "--json"])
        .output()
        .unwrap();
    assert!(listed.status.success());
    let listed_text = String::from_utf8(listed.stdout).unwrap();
    let views: Value = serde_json::from_str(&listed_text).unwrap();
    assert_eq!(views.as_array().unwrap().len(), 2);
    let file: Value = serde_json::from_slice(&std::fs::read(&tokens).unwrap()).unwrap();
    for entry in file["tokens"].as_array().unwrap() {
        assert!(!listed_text.contains(entry["sha256"].as_str().unwrap()));
    }
    assert!(!listed_text.contains(&token));
    assert!(!String::from_utf8_lossy(&std::fs::read(&tokens).unwrap()).contains(&token));

    // A non-loopback address without TLS is refused before anything listens.
    let open = Command::new(bin)
        .arg("serve")
        .args(serve_args(&fixture, &tokens))
        .args(["--addr", "0.0.0.0:0"])
        .output()
        .unwrap();
    assert_eq!(open.status.code(), Some(1));
    assert!(open.stdout.is_empty());
    // --trust is required.
    let untrusted = Command::new(bin)
        .args([
            "serve",
            fixture.store.to_str().unwrap(),
            "--tokens",
            tokens_arg,
        ])
        .output()
        .unwrap();
    assert_eq!(untrusted.status.code(), Some(2));

    let mut args = serve_args(&fixture, &tokens);
    args.extend(["--addr".into(), "127.0.0.1:0".into()]);
    let portal = Binary::serve(&args);
    let base = portal.base.clone();
    assert!(base.starts_with("http://127.0.0.1:"), "{base}");

    let agent = agent();
    let list = call(&agent, "GET", &format!("{base}/api/v1/packs"), Some(&token));
    assert_eq!(list.status, 200);
    let list: Value = serde_json::from_slice(&list.body).unwrap();
    assert_eq!(
        list["packs"].as_array().unwrap().len(),
        fixture.visible(&[TENANT_A]).len()
    );
    assert_eq!(call(&agent, "GET", &format!("{base}/"), None).status, 200);
    assert_eq!(
        call(&agent, "GET", &format!("{base}/api/v1/packs"), None).status,
        401
    );

    let revoke = Command::new(bin)
        .args(["token", "revoke", tokens_arg, "cli-auditor"])
        .output()
        .unwrap();
    assert!(revoke.status.success());
    assert_eq!(
        call(&agent, "GET", &format!("{base}/api/v1/packs"), Some(&token)).status,
        401
    );

    assert_eq!(portal.stop(), "", "stdout holds only the listening line");
    let log = std::fs::read_to_string(&fixture.access_log).unwrap();
    let events: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        events.iter().any(|e| e["event"] == "quarantined"),
        "the quarantine is logged at start"
    );
    assert!(events
        .iter()
        .any(|e| e["status"] == 401 && e["token_id"].is_null()));
    assert!(events
        .iter()
        .any(|e| e["status"] == 200 && e["token_id"] == "cli-auditor"));
    let exposed = |log: &str| {
        log.lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .any(|e| e["event"] == "tokens_exposed")
    };
    assert!(!exposed(&log), "token add writes mode 0600");

    // A token file others can read or change is warned about at start.
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tokens, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let portal = Binary::serve(&args);
    assert_eq!(portal.stop(), "");
    assert!(exposed(
        &std::fs::read_to_string(&fixture.access_log).unwrap()
    ));
}

/// Fails with every collected failure listed, not only the first.
fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const BIN: &str = env!("CARGO_BIN_EXE_proofpack-portal");

/// `serve`'s arguments for the fixture's store, with `tokens`, logging to
/// the fixture's access log.
fn serve_args(fixture: &Fixture, tokens: &std::path::Path) -> Vec<String> {
    let path = |p: &std::path::Path| p.display().to_string();
    vec![
        path(&fixture.store),
        "--trust".into(),
        path(&fixture.trust),
        "--tokens".into(),
        path(tokens),
        "--access-log".into(),
        path(&fixture.access_log),
    ]
}

/// The real binary, serving.
#[cfg(unix)]
struct Binary {
    child: std::process::Child,
    stdout: std::io::BufReader<std::process::ChildStdout>,
    /// What follows `listening on ` on its first line.
    base: String,
}

#[cfg(unix)]
impl Binary {
    /// Starts `proofpack-portal serve ARGS` and reads its first line.
    fn serve(args: &[String]) -> Binary {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new(BIN)
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let Some(base) = line.trim_end().strip_prefix("listening on ") else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("first line {line:?}");
        };
        let base = base.to_owned();
        Binary {
            child,
            stdout,
            base,
        }
    }

    /// Sends SIGTERM, waits (bounded) for a clean exit, and returns the
    /// rest of its stdout.
    fn stop(mut self) -> String {
        use std::io::Read;
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(i32::try_from(self.child.id()).unwrap()),
            nix::sys::signal::Signal::SIGTERM,
        )
        .unwrap();
        // Bounded wait: a server that does not stop fails here.
        let mut status = None;
        for _ in 0..200 {
            if let Some(s) = self.child.try_wait().unwrap() {
                status = Some(s);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let Some(status) = status else {
            self.child.kill().unwrap();
            self.child.wait().unwrap();
            panic!("the portal did not stop on SIGTERM");
        };
        assert!(status.success(), "{status:?}");
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        rest
    }
}

/// TLS with rustls: a self-signed certificate for 127.0.0.1 (made with the
/// openssl command, as an operator would), trusted by the client alone.
#[cfg(unix)]
#[test]
fn the_real_binary_serves_over_tls() {
    use std::process::Command;
    let fixture = Fixture::new();
    let cert = fixture.dir.path().join("cert.pem");
    let key = fixture.dir.path().join("key.pem");
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "ed25519", "-nodes", "-days", "2"])
        .args(["-subj", "/CN=proofpack-portal-test"])
        .args(["-addext", "subjectAltName=IP:127.0.0.1"])
        .args(["-addext", "basicConstraints=critical,CA:FALSE"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let mut args = serve_args(&fixture, &fixture.tokens_file);
    args.extend(["--addr".into(), "127.0.0.1:0".into()]);
    args.extend(["--tls-cert".into(), cert.display().to_string()]);
    args.extend(["--tls-key".into(), key.display().to_string()]);
    let portal = Binary::serve(&args);
    let base = portal.base.clone();
    assert!(base.starts_with("https://127.0.0.1:"), "{base}");
    let pem = std::fs::read(&cert).unwrap();
    let root = ureq::tls::Certificate::from_pem(&pem).unwrap();
    let tls = ureq::tls::TlsConfig::builder()
        .root_certs(ureq::tls::RootCerts::new_with_certs(&[root]))
        .build();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .tls_config(tls)
        .build()
        .into();
    let list = call(
        &agent,
        "GET",
        &format!("{base}/api/v1/packs"),
        Some(&fixture.tokens.a),
    );
    assert_eq!(list.status, 200);
    let list: Value = serde_json::from_slice(&list.body).unwrap();
    assert_eq!(
        list["packs"].as_array().unwrap().len(),
        fixture.visible(&[TENANT_A]).len()
    );
    assert_eq!(
        call(&agent, "GET", &format!("{base}/api/v1/packs"), None).status,
        401
    );
    // Plain HTTP to the TLS port gets no answer.
    let plain = base.replace("https://", "");
    assert_eq!(
        raw(plain.parse().unwrap(), &request("GET", "/api/v1/packs", "")),
        None
    );
    assert_eq!(portal.stop(), "");
}

/// The README's walk-through, as a newcomer runs it (in a scratch folder
/// holding `sample-packs/`, with the built binary and a free port).
#[cfg(unix)]
#[test]
fn the_readme_walk_through_works() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    let section = readme
        .split("## The auditor portal")
        .nth(1)
        .expect("README has the portal section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    assert!(block.contains("PORTAL=target/debug/proofpack-portal") && block.contains("8080"));
    let script = block
        .replace("cargo build -p proofpack-portal\n", "")
        .replace(
            "PORTAL=target/debug/proofpack-portal",
            &format!("PORTAL={BIN}"),
        )
        .replace("8080", &port.to_string());
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("sample-packs");
    std::fs::create_dir_all(&samples).unwrap();
    for entry in std::fs::read_dir(common::sample_packs()).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, samples.join(path.file_name().unwrap())).unwrap();
        }
    }
    // `wait`: the portal has stopped on the block's `kill` before the test goes on.
    let run = std::process::Command::new("bash")
        .args([
            "-euo",
            "pipefail",
            "-c",
            &format!("{script}wait $PORTAL_PID || true\n"),
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert!(
        stdout.starts_with(&format!("listening on http://127.0.0.1:{port}\n")),
        "{stdout}"
    );
    let list: Value = serde_json::Deserializer::from_str(stdout.lines().nth(1).unwrap())
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(list["packs"].as_array().unwrap().len(), 4);
    let pack = std::fs::read(dir.path().join("proof.tar.gz")).unwrap();
    assert_eq!(
        pack,
        std::fs::read(samples.join("complete-gdpr.tar.gz")).unwrap()
    );
    // The register of the four sample packs, each its own request.
    let register: Value = serde_json::Deserializer::from_str(
        &stdout[stdout
            .find("{\n  \"format\": \"proof-pack-register/v1\"")
            .unwrap()..],
    )
    .into_iter()
    .next()
    .unwrap()
    .unwrap();
    assert_eq!(register["as_of"], "2026-12-01T00:00:00Z");
    assert_eq!(register["requests"].as_array().unwrap().len(), 4);
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.contains("data-verdict=\"complete\""));
    assert!(std::fs::read_to_string(dir.path().join("tokens.json"))
        .unwrap()
        .contains("revoked_at"));
}
