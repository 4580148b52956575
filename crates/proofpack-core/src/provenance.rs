//! `provenance.jsonl` (spec §11): reachability of derived artefacts.
//!
//! Erasure is a reachability property over the derivation graph: every
//! artefact reachable from a tombstone through `derived_from`, transitively,
//! must itself be tombstoned or redacted.
//!
//! [`parse`] reads the records into a typed [`ProvenanceGraph`]; [`check`]
//! judges the graph: scope closure, reachability, deferrals, obligations.

use crate::findings::{Code, Findings};
use crate::json::Json;
pub use crate::report::{GraphView, ProvenanceSummary, ViewKind, ViewNode};
use crate::schema::{parse_jsonl, Fields};
use crate::timestamp::Timestamp;
use crate::vocab::{ArtifactState, MemberName, ObligationKind, RecordType, ReverseIndex};
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The member name.
pub const PROVENANCE: MemberName = MemberName::Provenance;

/// A node of the graph: `(scope, key)`.
type Node = (String, String);

/// A `tombstone` record of the right shape.
#[derive(Debug, Clone)]
pub struct Tombstone {
    line: usize,
    node: Node,
    reference_scopes: Vec<String>,
}

/// An `artifact` record of the right shape.
#[derive(Debug, Clone)]
pub struct Artifact {
    line: usize,
    node: Node,
    derived_from: Vec<Node>,
    state: ArtifactState,
    expires_at: Option<Timestamp>,
}

/// An `obligation` record of the right shape.
#[derive(Debug, Clone)]
pub struct Obligation {
    line: usize,
    target: Node,
    kind: ObligationKind,
    expires_at: Timestamp,
}

/// The records of `provenance.jsonl` that have the §11 shape.
#[derive(Debug, Clone, Default)]
pub struct ProvenanceGraph {
    /// `graph_version` of the header.
    pub graph_version: Option<String>,
    /// `reverse_index` of the header.
    pub reverse_index: Option<ReverseIndex>,
    /// Line of the header.
    header_line: Option<usize>,
    scopes: BTreeSet<String>,
    tombstones: Vec<Tombstone>,
    artifacts: Vec<Artifact>,
    obligations: Vec<Obligation>,
    /// Lines of obligation records of the wrong shape (still open).
    malformed_obligations: Vec<usize>,
}

fn node(value: Option<&Json>) -> Option<Node> {
    let o = value?.as_object()?;
    Some((
        o.get("scope")?.as_str()?.to_owned(),
        o.get("key")?.as_str()?.to_owned(),
    ))
}

/// Reads `provenance.jsonl` into a graph, reporting `json.malformed`,
/// `provenance.schema` and `time.invalid`.
pub fn parse(bytes: &[u8], findings: &mut Findings) -> ProvenanceGraph {
    let mut graph = ProvenanceGraph::default();
    let records = parse_jsonl(bytes, PROVENANCE.as_str(), Code::ProvenanceSchema, findings);
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
        // §11: every record has a string `type`; a string outside the five
        // is ignored, anything else is `provenance.schema`.
        let kind = f.string("type").map(|t| t.parse::<RecordType>().ok());
        if (*line == 1) != (kind == Some(Some(RecordType::Header))) {
            f.bad("type", "the first record, and only it, is the header");
        }
        match kind.flatten() {
            Some(RecordType::Header) => {
                graph.graph_version = f.string("graph_version").map(str::to_owned);
                graph.reverse_index = f.name("reverse_index");
                graph.header_line = Some(*line);
            }
            Some(RecordType::Scope) => {
                if let Some(s) = f.string("scope") {
                    graph.scopes.insert(s.to_owned());
                }
            }
            Some(RecordType::Tombstone) => {
                let scope = f.string("scope");
                let key = f.string("key");
                f.timestamp("at");
                let refs = f.string_array("reference_scopes");
                if let (true, Some(scope), Some(key), Some(refs)) = (f.ok, scope, key, refs) {
                    graph.tombstones.push(Tombstone {
                        line: *line,
                        node: (scope.to_owned(), key.to_owned()),
                        reference_scopes: refs.into_iter().map(str::to_owned).collect(),
                    });
                }
            }
            Some(RecordType::Artifact) => {
                let scope = f.string("scope");
                let key = f.string("key");
                let state = f.name::<ArtifactState>("state");
                let derived: Option<Vec<Node>> = f
                    .array("derived_from")
                    .and_then(|items| items.iter().map(|i| node(Some(i))).collect());
                if derived.is_none() && f.ok {
                    f.bad("derived_from", "must be an array of {scope, key}");
                }
                // `expires_at` belongs to expiring artefacts only; on others it
                // is an unknown member and ignored (§0).
                let expires_at = if state == Some(ArtifactState::Expiring) {
                    f.timestamp("expires_at")
                } else {
                    None
                };
                if let (true, Some(scope), Some(key), Some(state), Some(derived_from)) =
                    (f.ok, scope, key, state, derived)
                {
                    graph.artifacts.push(Artifact {
                        line: *line,
                        node: (scope.to_owned(), key.to_owned()),
                        derived_from,
                        state,
                        expires_at,
                    });
                }
            }
            Some(RecordType::Obligation) => {
                let target = node(f.get("target"));
                if target.is_none() {
                    f.bad("target", "must be {scope, key}");
                }
                let kind = f.name::<ObligationKind>("kind");
                f.string_array("namespaces");
                let expires_at = f.timestamp("expires_at");
                if let (true, Some(target), Some(kind), Some(expires_at)) =
                    (f.ok, target, kind, expires_at)
                {
                    graph.obligations.push(Obligation {
                        line: *line,
                        target,
                        kind,
                        expires_at,
                    });
                } else {
                    // §11: *any* obligation record is open, well-formed or not.
                    graph.malformed_obligations.push(*line);
                }
            }
            None => {} // other record types are ignored
        }
    }
    graph
}

/// Judges the graph (§11).
pub fn check(graph: &ProvenanceGraph, findings: &mut Findings) -> ProvenanceSummary {
    let mut summary = ProvenanceSummary {
        present: true,
        graph_version: graph.graph_version.clone(),
        reverse_index: graph.reverse_index,
        scopes: graph.scopes.len(),
        tombstones: graph.tombstones.len(),
        artifacts: graph.artifacts.len(),
        obligations: graph.obligations.len() + graph.malformed_obligations.len(),
        ..ProvenanceSummary::default()
    };
    if let (Some(ReverseIndex::Unavailable), Some(line)) = (graph.reverse_index, graph.header_line)
    {
        findings.add(
            Code::ProvenanceUnverifiable,
            format!("{PROVENANCE}:{line}"),
            "the reverse index is unavailable: erasure of derivatives cannot be attested",
        );
    }
    let open = graph
        .obligations
        .iter()
        .map(|o| o.line)
        .chain(graph.malformed_obligations.iter().copied());
    for line in open {
        findings.add(
            Code::ProvenanceObligationOpen,
            format!("{PROVENANCE}:{line}"),
            "an obligation is open: a derived copy is still pending erasure",
        );
    }
    check_scope_closure(&graph.scopes, &graph.tombstones, &graph.artifacts, findings);
    let reached = check_reachability(
        &graph.tombstones,
        &graph.artifacts,
        &graph.obligations,
        findings,
        &mut summary,
    );
    summary.view = Some(view(graph, &reached));
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
) -> Vec<usize> {
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
    for o in obligations
        .iter()
        .filter(|o| o.kind == ObligationKind::Deferred)
    {
        let slot = deferred_until.entry(&o.target).or_insert(&o.expires_at);
        if o.expires_at.instant() > slot.instant() {
            *slot = &o.expires_at;
        }
    }
    summary.reachable = reached.len();
    for a in reached.iter().filter_map(|i| artifacts.get(*i)) {
        let at = format!("{PROVENANCE}:{}", a.line);
        match a.state {
            ArtifactState::Live => {
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
            ArtifactState::Expiring => {
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
    reached
}

/// How many nodes of each kind a [`GraphView`] shows at most: beyond this a
/// drawing is no longer readable, and the view says how many it left out.
pub const VIEW_TOMBSTONES: usize = 8;
/// Artefacts a view shows at most (those reachable from a tombstone first).
pub const VIEW_ARTIFACTS: usize = 24;
/// Obligations a view shows at most.
pub const VIEW_OBLIGATIONS: usize = 8;

fn view(graph: &ProvenanceGraph, reached: &[usize]) -> GraphView {
    let reached_set: std::collections::HashSet<usize> = reached.iter().copied().collect();
    let mut v = GraphView::default();
    let mut index: HashMap<&Node, usize> = HashMap::new();
    for t in graph.tombstones.iter().take(VIEW_TOMBSTONES) {
        index.entry(&t.node).or_insert_with(|| {
            v.nodes.push(ViewNode {
                kind: ViewKind::Tombstone,
                scope: t.node.0.clone(),
                key: t.node.1.clone(),
                state: None,
                reachable: false,
                depth: 0,
                expires_at: None,
            });
            v.nodes.len() - 1
        });
    }
    let unreached = (0..graph.artifacts.len()).filter(|i| !reached_set.contains(i));
    let chosen: Vec<usize> = reached
        .iter()
        .copied()
        .chain(unreached)
        .take(VIEW_ARTIFACTS)
        .collect();
    for &i in &chosen {
        let Some(a) = graph.artifacts.get(i) else {
            continue;
        };
        index.entry(&a.node).or_insert_with(|| {
            v.nodes.push(ViewNode {
                kind: ViewKind::Artifact,
                scope: a.node.0.clone(),
                key: a.node.1.clone(),
                state: Some(a.state),
                reachable: reached_set.contains(&i),
                depth: 1,
                expires_at: a.expires_at.as_ref().map(|t| t.raw().to_owned()),
            });
            v.nodes.len() - 1
        });
    }
    for &i in &chosen {
        let Some(a) = graph.artifacts.get(i) else {
            continue;
        };
        let Some(&to) = index.get(&a.node) else {
            continue;
        };
        for source in &a.derived_from {
            if let Some(&from) = index.get(source) {
                if from != to && !v.edges.contains(&(from, to)) {
                    v.edges.push((from, to));
                }
            }
        }
    }
    // Depth: one more than the deepest source shown (a bounded relaxation:
    // the view is small, and a cycle cannot grow it past the node count).
    let cap = v.nodes.len();
    for _ in 0..cap {
        let mut changed = false;
        for &(from, to) in &v.edges {
            let want = v.nodes.get(from).map_or(0, |n| n.depth) + 1;
            if let Some(node) = v.nodes.get_mut(to) {
                if node.depth < want && want <= cap {
                    node.depth = want;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    for o in graph.obligations.iter().take(VIEW_OBLIGATIONS) {
        let depth = v.nodes.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
        v.nodes.push(ViewNode {
            kind: ViewKind::Obligation,
            scope: o.target.0.clone(),
            key: o.target.1.clone(),
            state: None,
            reachable: false,
            depth,
            expires_at: Some(o.expires_at.raw().to_owned()),
        });
        let at = v.nodes.len() - 1;
        if let Some(&target) = index.get(&o.target) {
            v.edges.push((target, at));
        }
    }
    v.omitted = graph.tombstones.len().saturating_sub(VIEW_TOMBSTONES)
        + graph.artifacts.len().saturating_sub(chosen.len())
        + graph.obligations.len().saturating_sub(VIEW_OBLIGATIONS);
    v
}
