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
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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

/// The derivation graph with interned nodes: `children[n]` are the artefacts
/// derived directly from node `n`; `at_node[n]` the artefacts that are node `n`.
struct Graph<'a> {
    ids: HashMap<&'a Node, usize>,
    children: Vec<Vec<usize>>,
    at_node: Vec<Vec<usize>>,
    artifacts: &'a [Artifact],
}

impl<'a> Graph<'a> {
    fn new(tombstones: &'a [Tombstone], artifacts: &'a [Artifact]) -> Self {
        let mut g = Graph {
            ids: HashMap::new(),
            children: Vec::new(),
            at_node: Vec::new(),
            artifacts,
        };
        for t in tombstones {
            g.intern(&t.node);
        }
        for (i, a) in artifacts.iter().enumerate() {
            let own = g.intern(&a.node);
            if let Some(list) = g.at_node.get_mut(own) {
                list.push(i);
            }
            for source in &a.derived_from {
                let id = g.intern(source);
                if let Some(list) = g.children.get_mut(id) {
                    list.push(i);
                }
            }
        }
        g
    }

    fn intern(&mut self, node: &'a Node) -> usize {
        let next = self.children.len();
        let id = *self.ids.entry(node).or_insert(next);
        if id == next {
            self.children.push(Vec::new());
            self.at_node.push(Vec::new());
        }
        id
    }

    fn id(&self, node: &Node) -> Option<usize> {
        self.ids.get(node).copied()
    }

    /// Artefacts reachable from `starts` through `derived_from`, transitively;
    /// stops after `budget` artefacts when given one.
    fn reachable(
        &self,
        starts: impl IntoIterator<Item = usize>,
        budget: Option<usize>,
    ) -> Vec<usize> {
        // A set, not a bitmap over all artefacts: the budgeted searches for
        // messages run once per offending tombstone and must stay small.
        let mut seen: std::collections::HashSet<usize> = std::collections::HashSet::new();
        let mut order = Vec::new();
        let mut queue: VecDeque<usize> = starts.into_iter().collect();
        while let Some(n) = queue.pop_front() {
            for &a in self.children.get(n).map(Vec::as_slice).unwrap_or_default() {
                if seen.insert(a) {
                    order.push(a);
                    if budget.is_some_and(|b| order.len() >= b) {
                        return order;
                    }
                    if let Some(own) = self.artifacts.get(a).and_then(|x| self.id(&x.node)) {
                        queue.push_back(own);
                    }
                }
            }
        }
        order
    }

    /// Nodes from which one of `targets` (artefact indexes) is reachable:
    /// a reverse search along `derived_from`.
    fn reaching(&self, targets: impl IntoIterator<Item = usize>) -> Vec<bool> {
        let mut marked = vec![false; self.children.len()];
        let mut queue: VecDeque<usize> = VecDeque::new();
        let push_sources = |a: usize, queue: &mut VecDeque<usize>, marked: &mut Vec<bool>| {
            for source in self
                .artifacts
                .get(a)
                .map(|x| x.derived_from.as_slice())
                .unwrap_or_default()
            {
                if let Some(id) = self.id(source) {
                    if marked.get(id).copied() == Some(false) {
                        if let Some(slot) = marked.get_mut(id) {
                            *slot = true;
                        }
                        queue.push_back(id);
                    }
                }
            }
        };
        for a in targets {
            push_sources(a, &mut queue, &mut marked);
        }
        while let Some(n) = queue.pop_front() {
            for &a in self.at_node.get(n).map(Vec::as_slice).unwrap_or_default() {
                push_sources(a, &mut queue, &mut marked);
            }
        }
        marked
    }
}

/// How many artefacts a message may walk to name the scopes a tombstone omits.
const MESSAGE_WALK: usize = 10_000;

fn check_reachability(
    tombstones: &[Tombstone],
    artifacts: &[Artifact],
    obligations: &[Obligation],
    findings: &mut Findings,
    summary: &mut ProvenanceSummary,
) {
    let graph = Graph::new(tombstones, artifacts);
    // One search from all tombstones at once: which artefacts must be gone.
    let mut reached = graph.reachable(tombstones.iter().filter_map(|t| graph.id(&t.node)), None);
    reached.sort_unstable();

    // reference_scopes: tombstones that list the same scopes share one reverse
    // search from the reached artefacts outside those scopes, so the cost is
    // linear per distinct list rather than per tombstone.
    // A BTreeMap so that findings come out in the same order on every run.
    let mut groups: std::collections::BTreeMap<BTreeSet<&str>, Vec<&Tombstone>> =
        std::collections::BTreeMap::new();
    for t in tombstones {
        let listed: BTreeSet<&str> = t.reference_scopes.iter().map(String::as_str).collect();
        groups.entry(listed).or_default().push(t);
    }
    for (listed, members) in &groups {
        let outside = reached.iter().copied().filter(|a| {
            artifacts
                .get(*a)
                .is_some_and(|x| !listed.contains(x.node.0.as_str()))
        });
        let marked = graph.reaching(outside);
        for t in members {
            let offends = graph.id(&t.node).and_then(|id| marked.get(id).copied());
            if offends != Some(true) {
                continue;
            }
            let missing: BTreeSet<&str> = graph
                .reachable(graph.id(&t.node), Some(MESSAGE_WALK))
                .into_iter()
                .filter_map(|a| artifacts.get(a))
                .map(|a| a.node.0.as_str())
                .filter(|s| !listed.contains(s))
                .collect();
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
    }

    // The latest deferred obligation per target.
    let mut deferred_until: HashMap<&Node, &Timestamp> = HashMap::new();
    for o in obligations.iter().filter(|o| o.kind == "deferred") {
        let slot = deferred_until.entry(&o.target).or_insert(&o.expires_at);
        if o.expires_at.instant() > slot.instant() {
            *slot = &o.expires_at;
        }
    }
    summary.reachable = reached.len();
    for a in reached.iter().filter_map(|i| artifacts.get(*i)) {
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
                    deferred_until
                        .get(&a.node)
                        .is_some_and(|until| until.instant() >= exp.instant())
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
