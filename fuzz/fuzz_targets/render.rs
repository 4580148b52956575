//! The report renderers (`proofpack_render`: text, HTML and its two
//! SVG drawings, JSON) on reports full of fuzzer text.
//!
//! Input byte 0 chooses the mode:
//! - even: the report of a real sample pack, with fuzzer text (the rest of
//!   the input, cut at 0xFF bytes, which UTF-8 never holds) in every string
//!   field that comes from a pack or a trust store;
//! - odd: the rest of the input as a tar stream, gzipped and verified with
//!   the sample trust store, and its report rendered.
//!
//! Properties, for every output:
//! - no raw control character: no C0 but `\n`, no DEL, no C1, no bidi
//!   control (`proofpack_spec::text::is_dangerous`); in the coloured text,
//!   every ESC starts one of the renderer's own SGR colour codes;
//! - the text report has exactly one line starting `verdict:`, its first;
//! - every `<` of the HTML opens or closes one of the renderer's own
//!   elements; and (even mode) the sequence of tags, every byte from each
//!   `<` to its `>`, is the same as when the pack's strings hold `_` in
//!   place of each `<`, `>`, `&`, `"` and `'`: markup characters from the
//!   input can neither make a tag nor change one (they are only text);
//! - the JSON report is JSON, and holds each pack string as itself.
#![no_main]

use flate2::write::GzEncoder;
use flate2::Compression;
use libfuzzer_sys::fuzz_target;
use proofpack_core::fuzzing::report_mut;
use proofpack_core::report::{
    AttestationState, BackupRow, CosignatureRow, ExemptionRow, GraphView, ModelRow, NotCounted,
    ReceiptRow, StatusEvidence, TrustStoreInfo, ViewKind, ViewNode,
};
use proofpack_core::{verify, Limits, Report, TrustStore};
use proofpack_render::{self as render, text::Style};
use proofpack_spec::text::is_dangerous;
use proofpack_spec::vocab::{BackupState, Channel};
use std::io::Write;
use std::sync::OnceLock;

const PACK: &[u8] = include_bytes!("../../sample-packs/incomplete-cache-deferred.tar.gz");
const TRUST: &[u8] = include_bytes!("../../sample-packs/trust.json");

/// Every element the HTML renderer writes (and the doctype).
const TAGS: &[&str] = &[
    "!DOCTYPE",
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "main",
    "circle",
    "h1",
    "h2",
    "h3",
    "div",
    "span",
    "p",
    "section",
    "table",
    "tr",
    "th",
    "td",
    "dl",
    "dt",
    "dd",
    "figure",
    "figcaption",
    "footer",
    "svg",
    "line",
    "rect",
    "text",
];

fn trust() -> &'static TrustStore {
    static STORE: OnceLock<TrustStore> = OnceLock::new();
    STORE.get_or_init(|| TrustStore::from_json(TRUST).expect("the sample trust store"))
}

fn limits() -> Limits {
    Limits {
        max_decompressed_bytes: 1 << 20,
        max_member_size: 256 << 10,
        max_headers: 64,
    }
}

fn base() -> &'static Report {
    static REPORT: OnceLock<Report> = OnceLock::new();
    REPORT.get_or_init(|| {
        verify(PACK, "sample.tar.gz", Some(trust()), &limits()).expect("the sample reads")
    })
}

/// Hands out the fuzzer's strings in turn, cycling.
struct Texts {
    texts: Vec<String>,
    next: usize,
}

impl Texts {
    fn take(&mut self) -> String {
        let t = self.texts[self.next % self.texts.len()].clone();
        self.next += 1;
        t
    }
    fn set(&mut self, s: &mut String) {
        *s = self.take();
    }
    fn opt(&mut self, s: &mut Option<String>) {
        *s = Some(self.take());
    }
}

/// The sample's report with fuzzer text in every field a pack or a trust
/// store fills; every optional table gets a row, so every part is drawn.
fn hostile(texts: &mut Texts) -> Report {
    let mut report = base().clone();
    let r = report_mut(&mut report);
    for (message, location) in r.findings {
        texts.set(message);
        texts.set(location);
    }
    let p = r.pack;
    for s in [
        &mut p.pack_id,
        &mut p.request_id,
        &mut p.tenant_id,
        &mut p.signer,
        &mut p.cascade_runner,
        &mut p.signature_key_id,
        &mut p.signed_at,
        &mut p.subject_id,
        &mut p.received_at,
        &mut p.completed_at,
        &mut p.signer_key_owner,
        &mut p.attestation,
        &mut p.probes_code_ref,
        &mut p.probes_verified_at,
    ] {
        texts.opt(s);
    }
    p.subprocessors = vec![texts.take(), texts.take()];
    for t in r.tiers.iter_mut() {
        texts.opt(&mut t.code_ref);
        t.status_detail = Some(StatusEvidence {
            error: Some(texts.take()),
            exception_id: Some(texts.take()),
            due_at: Some(texts.take()),
            expires_at: Some(texts.take()),
            exemption: Some(ExemptionRow {
                legal_basis: texts.take(),
                justification: texts.take(),
            }),
        });
        texts.opt(&mut t.evidence.purge);
        t.evidence.models = Some(vec![ModelRow {
            model_id: Some(texts.take()),
            action: None,
            complete: false,
        }]);
        t.evidence.backups = vec![BackupRow {
            location: texts.take(),
            state: BackupState::BeyondUse,
            retention_until: Some(texts.take()),
            restore_suppression: Some(false),
        }];
    }
    let s = r.sla;
    for d in [
        &mut s.received_at,
        &mut s.base_deadline,
        &mut s.max_deadline,
        &mut s.statutory_deadline,
        &mut s.declared_deadline,
        &mut s.effective_deadline,
        &mut s.completed_at,
    ] {
        texts.opt(d);
    }
    r.receipts.push(ReceiptRow {
        line: 1,
        subprocessor: String::new(),
        channel: None,
        ticket_id: None,
        status: None,
        requested_at: None,
        status_at: None,
        endpoint: None,
        subprocessor_erased: false,
        attestation: AttestationState::Mismatch,
    });
    for rr in r.receipts.iter_mut() {
        texts.set(&mut rr.subprocessor);
        rr.channel = Some(Channel::Other(texts.take()));
        for s in [
            &mut rr.ticket_id,
            &mut rr.requested_at,
            &mut rr.status_at,
            &mut rr.endpoint,
        ] {
            texts.opt(s);
        }
    }
    texts.opt(&mut r.audit.log_origin);
    r.audit.witness_quorum = 2;
    r.audit.cosignatures.push(CosignatureRow {
        checkpoint: texts.take(),
        witness: texts.take(),
        owner: texts.take(),
        time: Some(texts.take()),
        counted: false,
        not_counted: Some(NotCounted::SameWitness),
    });
    r.provenance.present = true;
    texts.opt(&mut r.provenance.graph_version);
    let view = r.provenance.view.get_or_insert_with(GraphView::default);
    view.nodes.push(ViewNode {
        kind: ViewKind::Obligation,
        scope: String::new(),
        key: String::new(),
        state: None,
        reachable: true,
        depth: 1,
        expires_at: None,
    });
    for n in &mut view.nodes {
        texts.set(&mut n.scope);
        texts.set(&mut n.key);
        texts.opt(&mut n.expires_at);
    }
    for m in r.members.iter_mut() {
        texts.set(&mut m.path);
    }
    texts.opt(&mut r.meta.input);
    r.meta.trust_store = Some(TrustStoreInfo {
        path: Some(texts.take()),
        sha256: base().pack().sha256.clone(),
        keys: 1,
        policy: Default::default(),
    });
    report
}

/// No raw control character, but the line breaks a renderer writes.
fn assert_inert(out: &str, what: &str) {
    for line in out.lines() {
        if let Some(c) = line.chars().find(|&c| is_dangerous(c)) {
            panic!("raw {c:?} in the {what}, line {line:?}");
        }
    }
}

/// Every ESC of a coloured report starts `ESC [ digits/; m`.
fn assert_only_sgr(out: &str) {
    for (i, _) in out.match_indices('\u{1b}') {
        let rest = &out[i + 1..];
        let end = rest.find('m').expect("an SGR sequence ends with m");
        let params = &rest[..end];
        assert!(
            params.starts_with('[') && params[1..].chars().all(|c| c.is_ascii_digit() || c == ';'),
            "foreign escape sequence {params:?}"
        );
    }
    assert_inert(&out.replace('\u{1b}', ""), "coloured text report");
}

fn assert_one_verdict_line(out: &str) {
    assert!(
        out.starts_with("verdict:"),
        "the report starts with its verdict"
    );
    let forged = out
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("verdict:"))
        .count();
    assert_eq!(forged, 0, "pack text started a verdict line");
}

/// The tags of an HTML page, each from its `<` to its `>`; asserts that
/// each is one of the renderer's elements.
/// The page's tags, each whole but for the value of `data-witness`: the one
/// attribute that holds text not of the renderer (a witness's key_id, from
/// the trust store), escaped, so it differs between hostile and defanged text.
fn tags(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(open) = rest.find('<') {
        let tail = &rest[open..];
        let close = tail.find('>').expect("every tag closes");
        let tag = &tail[..=close];
        let name: String = tag[1..]
            .trim_start_matches('/')
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/')
            .collect();
        assert!(TAGS.contains(&name.as_str()), "foreign tag {tag:?}");
        out.push(match tag.find("data-witness=\"") {
            Some(at) => {
                let value = at + "data-witness=\"".len();
                let end = tag[value..].find('"').map_or(tag.len(), |e| value + e);
                format!("{}{}", &tag[..value], &tag[end..])
            }
            None => tag.to_owned(),
        });
        rest = &tail[close + 1..];
    }
    out
}

fn check_html(page: &str, what: &str) {
    assert_inert(page, what);
    let _ = tags(page);
}

/// Renders everything and checks the properties that hold for any report.
fn check_all(r: &Report) -> (String, Option<String>, Option<String>) {
    let plain = render::text::report(r, Style { colour: false });
    assert_inert(&plain, "text report");
    assert_one_verdict_line(&plain);
    assert_only_sgr(&render::text::report(r, Style { colour: true }));
    assert_inert(
        &render::text::line(r, Style { colour: false }),
        "batch line",
    );
    assert_only_sgr(&render::text::line(r, Style { colour: true }));

    let page = render::html::report(r);
    check_html(&page, "HTML report");
    let sla = render::html::sla_svg(r);
    let graph = render::html::provenance_svg(r);
    for svg in sla.iter().chain(graph.iter()) {
        check_html(svg, "SVG");
    }

    let mut json = Vec::new();
    render::json::compact(&mut json, r).expect("writes to memory");
    let json = String::from_utf8(json).expect("the JSON report is UTF-8");
    assert_inert(&json, "JSON report");
    let value: serde_json::Value = serde_json::from_str(&json).expect("the JSON report parses");
    assert_eq!(
        value["pack"]["pack_id"].as_str(),
        r.pack().pack_id.as_deref()
    );
    (page, sla, graph)
}

fuzz_target!(|data: &[u8]| {
    let Some((mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 2 == 1 {
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(rest).expect("gzip to memory");
        let pack = gz.finish().expect("gzip to memory");
        let report = verify(&pack[..], "fuzzed.tar.gz", Some(trust()), &limits())
            .expect("in-memory input reads");
        check_all(&report);
        return;
    }
    let texts: Vec<String> = rest
        .split(|&b| b == 0xff)
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    let defanged: Vec<String> = texts
        .iter()
        .map(|t| t.replace(['<', '>', '&', '"', '\''], "_"))
        .collect();
    let report = hostile(&mut Texts { texts, next: 0 });
    let plain = hostile(&mut Texts {
        texts: defanged,
        next: 0,
    });
    let (page, sla, graph) = check_all(&report);
    let (plain_page, plain_sla, plain_graph) = check_all(&plain);
    assert_eq!(
        tags(&page),
        tags(&plain_page),
        "pack text changed the page's tags"
    );
    for (a, b) in [(sla, plain_sla), (graph, plain_graph)] {
        assert_eq!(
            a.as_deref().map(tags),
            b.as_deref().map(tags),
            "pack text changed an SVG's tags"
        );
    }
});
