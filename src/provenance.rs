//! `provenance.jsonl` (spec §11): reachability of derived artefacts.
//!
//! Erasure is a reachability property over the derivation graph: every
//! artefact reachable from a tombstone through `derived_from`, transitively,
//! must itself be tombstoned or redacted.

use crate::findings::{Code, Findings};
use crate::json::Json;
use crate::schema::{parse_jsonl, Fields};
use crate::timestamp::Timestamp;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The member name.
pub const PROVENANCE: &str = "provenance.jsonl";

/// A node of the graph: `(scope, key)`.
type Node = (String, String);

struct Tombstone {
    line: usize,
    node: Node,
    reference_scopes: Vec<String>,
}

struct Artifact {
    line: usize,
    node: Node,
    derived_from: Vec<Node>,
    state: String,
    expires_at: Option<Timestamp>,
}

struct Obligation {
    target: Node,
    kind: String,
    expires_at: Timestamp,
}

/// What the report shows of the graph.
#[derive(Debug, Clone, Default, Serialize, schemars::JsonSchema)]
pub struct ProvenanceSummary {
    /// Whether `provenance.jsonl` is in the pack.
    pub present: bool,
    /// `graph_version` of the header.
    pub graph_version: Option<String>,
    /// `reverse_index` of the header.
    pub reverse_index: Option<String>,
    /// Registered scopes.
    pub scopes: usize,
    /// Tombstones.
    pub tombstones: usize,
    /// Artefacts.
    pub artifacts: usize,
    /// Artefacts reachable from a tombstone.
    pub reachable: usize,
    /// Of those, still live.
    pub live: usize,
    /// Of those, expiring (deferred).
    pub expiring: usize,
    /// Open obligations.
    pub obligations: usize,
}

fn node(value: Option<&Json>) -> Option<Node> {
    let o = value?.as_object()?;
    Some((
        o.get("scope")?.as_str()?.to_owned(),
        o.get("key")?.as_str()?.to_owned(),
    ))
}

/// Runs §11 over `provenance.jsonl`.
pub fn check(bytes: &[u8], findings: &mut Findings) -> ProvenanceSummary {
    let mut summary = ProvenanceSummary {
        present: true,
        ..ProvenanceSummary::default()
    };
    let mut scopes: BTreeSet<String> = BTreeSet::new();
    let mut tombstones = Vec::new();
    let mut artifacts = Vec::new();
    let mut obligations = Vec::new();
    let records = parse_jsonl(bytes, PROVENANCE, Code::ProvenanceSchema, findings);
    if bytes.is_empty() {
        findings.add(
            Code::ProvenanceSchema,
            format!("{PROVENANCE}:1"),
            "the first record must be the header",
        );
    }
    for (line, value) in &records {
        let at = format!("{PROVENANCE}:{line}");
        let Some(mut f) = Fields::of(value, Code::ProvenanceSchema, at.clone(), findings) else {
            continue;
        };
        let kind = f.string("type");
        if (*line == 1) != (kind == Some("header")) {
            f.bad("type", "the first record, and only it, is the header");
        }
        match kind {
            Some("header") => {
                summary.graph_version = f.string("graph_version").map(str::to_owned);
                let index = f.one_of("reverse_index", &["available", "unavailable"]);
                summary.reverse_index = index.map(str::to_owned);
                if index == Some("unavailable") {
                    f.findings().add(
                        Code::ProvenanceUnverifiable,
                        at,
                        "the reverse index is unavailable: erasure of derivatives cannot be attested",
                    );
                }
            }
            Some("scope") => {
                if let Some(s) = f.string("scope") {
                    scopes.insert(s.to_owned());
                }
            }
            Some("tombstone") => {
                let scope = f.string("scope");
                let key = f.string("key");
                f.timestamp("at");
                let refs = f.string_array("reference_scopes");
                if let (true, Some(scope), Some(key), Some(refs)) = (f.ok, scope, key, refs) {
                    tombstones.push(Tombstone {
                        line: *line,
                        node: (scope.to_owned(), key.to_owned()),
                        reference_scopes: refs.into_iter().map(str::to_owned).collect(),
                    });
                }
            }
            Some("artifact") => {
                let scope = f.string("scope");
                let key = f.string("key");
                let state = f.one_of("state", &["live", "tombstoned", "redacted", "expiring"]);
                let derived: Option<Vec<Node>> = f
                    .array("derived_from")
                    .and_then(|items| items.iter().map(|i| node(Some(i))).collect());
                if derived.is_none() && f.ok {
                    f.bad("derived_from", "must be an array of {scope, key}");
                }
                // `expires_at` belongs to expiring artefacts only; on others it
                // is an unknown member and ignored (§0).
                let expires_at = if state == Some("expiring") {
                    f.timestamp("expires_at")
                } else {
                    None
                };
                if let (true, Some(scope), Some(key), Some(state), Some(derived_from)) =
                    (f.ok, scope, key, state, derived)
                {
                    artifacts.push(Artifact {
                        line: *line,
                        node: (scope.to_owned(), key.to_owned()),
                        derived_from,
                        state: state.to_owned(),
                        expires_at,
                    });
                }
            }
            Some("obligation") => {
                let target = node(f.get("target"));
                if target.is_none() {
                    f.bad("target", "must be {scope, key}");
                }
                let kind = f.one_of("kind", &["deferred"]);
                f.string_array("namespaces");
                let expires_at = f.timestamp("expires_at");
                if let (true, Some(target), Some(kind), Some(expires_at)) =
                    (f.ok, target, kind, expires_at)
                {
                    obligations.push(Obligation {
                        target,
                        kind: kind.to_owned(),
                        expires_at,
                    });
                }
                f.findings().add(
                    Code::ProvenanceObligationOpen,
                    at,
                    "an obligation is open: a derived copy is still pending erasure",
                );
            }
            _ => {} // other record types are ignored
        }
    }
    summary.scopes = scopes.len();
    summary.tombstones = tombstones.len();
    summary.artifacts = artifacts.len();
    summary.obligations = obligations.len();

    check_scope_closure(&scopes, &tombstones, &artifacts, findings);
    check_reachability(
        &tombstones,
        &artifacts,
        &obligations,
        findings,
        &mut summary,
    );
    summary
}

fn check_scope_closure(
    scopes: &BTreeSet<String>,
    tombstones: &[Tombstone],
    artifacts: &[Artifact],
    findings: &mut Findings,
) {
    let mut report = |scope: &str, line: usize| {
        if !scopes.contains(scope) {
            findings.add(
                Code::ProvenanceScopeNotRegistered,
                format!("{PROVENANCE}:{line}"),
                format!("scope {scope:?} has no scope record"),
            );
        }
    };
    for t in tombstones {
        report(&t.node.0, t.line);
        for s in &t.reference_scopes {
            report(s, t.line);
        }
    }
    for a in artifacts {
        report(&a.node.0, a.line);
        for d in &a.derived_from {
            report(&d.0, a.line);
        }
    }
}

fn check_reachability(
    tombstones: &[Tombstone],
    artifacts: &[Artifact],
    obligations: &[Obligation],
    findings: &mut Findings,
    summary: &mut ProvenanceSummary,
) {
    // Reverse edges: source node → artefacts derived from it directly.
    let mut children: HashMap<&Node, Vec<usize>> = HashMap::new();
    for (i, a) in artifacts.iter().enumerate() {
        for source in &a.derived_from {
            children.entry(source).or_default().push(i);
        }
    }
    let mut reached_any: BTreeSet<usize> = BTreeSet::new();
    for t in tombstones {
        let mut seen: BTreeSet<usize> = BTreeSet::new();
        let mut queue: VecDeque<&Node> = VecDeque::from([&t.node]);
        while let Some(n) = queue.pop_front() {
            for &i in children.get(n).map(Vec::as_slice).unwrap_or_default() {
                if seen.insert(i) {
                    if let Some(a) = artifacts.get(i) {
                        queue.push_back(&a.node);
                    }
                }
            }
        }
        let missing: BTreeSet<&str> = seen
            .iter()
            .filter_map(|i| artifacts.get(*i))
            .map(|a| a.node.0.as_str())
            .filter(|s| !t.reference_scopes.iter().any(|r| r == s))
            .collect();
        if !missing.is_empty() {
            findings.add(
                Code::ProvenanceReferenceScopesIncomplete,
                format!("{PROVENANCE}:{}", t.line),
                format!(
                    "tombstone {}/{} omits the scopes of its derivatives: {}",
                    t.node.0,
                    t.node.1,
                    missing.into_iter().collect::<Vec<_>>().join(", ")
                ),
            );
        }
        reached_any.extend(seen);
    }
    summary.reachable = reached_any.len();
    for a in reached_any.iter().filter_map(|i| artifacts.get(*i)) {
        let at = format!("{PROVENANCE}:{}", a.line);
        match a.state.as_str() {
            "live" => {
                summary.live += 1;
                findings.add(
                    Code::ProvenanceLiveDerivation,
                    at,
                    format!(
                        "{}/{} derives from erased data and is still live",
                        a.node.0, a.node.1
                    ),
                );
            }
            "expiring" => {
                summary.expiring += 1;
                findings.add(
                    Code::ProvenanceDeferred,
                    at.clone(),
                    format!(
                        "{}/{} derives from erased data and only expires later",
                        a.node.0, a.node.1
                    ),
                );
                let declared = a.expires_at.as_ref().is_some_and(|exp| {
                    obligations.iter().any(|o| {
                        o.kind == "deferred"
                            && o.target == a.node
                            && o.expires_at.instant() >= exp.instant()
                    })
                });
                if !declared {
                    findings.add(
                        Code::ProvenanceUndeclaredDeferral,
                        at,
                        format!(
                            "no deferred obligation covers {}/{} until it expires",
                            a.node.0, a.node.1
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}
