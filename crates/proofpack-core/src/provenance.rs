//! `provenance.jsonl` (spec §11): reachability of derived artefacts.
//!
//! Erasure is a reachability property over the derivation graph: every
//! artefact reachable from a tombstone through `derived_from`, transitively,
//! must itself be tombstoned or redacted.
//!
//! [`parse`] reads the records into a typed [`ProvenanceGraph`]; [`check`]
//! judges the graph: scope closure, reachability, deferrals, obligations.

use crate::cancel::Cancel;
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageArg, MessageId};
use crate::register_facts::{OpenItem, RegisterFacts};
pub(crate) use crate::report::{
    ArtifactRow, GraphView, ProvenanceSummary, ViewKind, ViewNode, MAX_ARTIFACT_ROWS,
};
use crate::schema::{for_each_jsonl, Custom, Fields, Read, Record, RecordNames, Slot};
use hashbrown::HashTable;
use proofpack_spec::json::{Kind, Value};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{
    ArtifactState, MemberName, ObligationKind, OpenItemKind, RecordType, ReverseIndex,
};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::ops::Range;

/// The member name.
pub(crate) const PROVENANCE: MemberName = MemberName::Provenance;

/// A node of the graph, `(scope, key)`, as the number [`Names`] gave it.
type Node = usize;
/// A scope, as the number [`Names`] gave its name.
type Scope = usize;

/// Every scope and node name of the graph, each stored once and numbered in
/// order of first appearance: a graph of millions of edges names its nodes by
/// number, not by two strings per edge.
#[derive(Debug, Clone, Default)]
struct Names {
    /// The scopes (tag 0).
    scopes: Interner,
    /// The nodes' keys, each tagged with its scope.
    nodes: Interner,
}

/// Names stored once each, one after the other in one buffer, and numbered
/// in order of first appearance; a name is interned under a tag (a node's
/// scope), and the same name under two tags is two entries. A million nodes
/// cost their keys' bytes and 16 bytes each, plus 5 bytes a slot of the
/// table that finds them: no allocation per name.
#[derive(Debug, Clone, Default)]
struct Interner {
    /// The names, one after the other.
    text: String,
    /// Per number: its tag and where its name is in `text`.
    entries: Vec<Interned>,
    /// The numbers, found by the hash of (tag, name).
    table: HashTable<u32>,
    /// Seeded at random per process: the names are the pack author's, who
    /// cannot aim at collisions of an unknown seed. Several times faster
    /// than the standard library's SipHash on short keys.
    hasher: foldhash::fast::RandomState,
}

/// Where an interned name is, and its tag. The numbers fit 32 bits: §1
/// bounds a member at 512 MiB, so it names fewer than 2^32 things.
#[derive(Debug, Clone, Copy)]
struct Interned {
    tag: u32,
    len: u32,
    start: usize,
}

impl Interner {
    /// The number of `name` under `tag`, given it now if it has none.
    fn intern(&mut self, tag: usize, name: &str) -> usize {
        let tag = u32::try_from(tag).unwrap_or(u32::MAX);
        let hash = self.hasher.hash_one((tag, name));
        let (text, entries) = (&self.text, &self.entries);
        let is = |id: &u32| {
            entries
                .get(*id as usize)
                .is_some_and(|e| e.tag == tag && name_in(text, e) == name)
        };
        if let Some(&id) = self.table.find(hash, is) {
            return id as usize;
        }
        let id = self.entries.len();
        self.entries.push(Interned {
            tag,
            len: u32::try_from(name.len()).unwrap_or(u32::MAX),
            start: self.text.len(),
        });
        self.text.push_str(name);
        let (text, entries, hasher) = (&self.text, &self.entries, &self.hasher);
        let rehash = |id: &u32| {
            entries
                .get(*id as usize)
                .map_or(0, |e| hasher.hash_one((e.tag, name_in(text, e))))
        };
        self.table
            .insert_unique(hash, u32::try_from(id).unwrap_or(u32::MAX), rehash);
        id
    }

    /// The tag and name of number `id`.
    fn get(&self, id: usize) -> Option<(usize, &str)> {
        let e = self.entries.get(id)?;
        Some((e.tag as usize, name_in(&self.text, e)))
    }

    fn len(&self) -> usize {
        self.entries.len()
    }
}

fn name_in<'t>(text: &'t str, e: &Interned) -> &'t str {
    text.get(e.start..e.start + e.len as usize)
        .unwrap_or_default()
}

impl Names {
    fn scope(&mut self, name: &str) -> Scope {
        self.scopes.intern(0, name)
    }

    fn node(&mut self, scope: &str, key: &str) -> Node {
        let scope = self.scope(scope);
        self.nodes.intern(scope, key)
    }

    fn scope_name(&self, scope: Scope) -> &str {
        self.scopes.get(scope).map_or("", |(_, name)| name)
    }

    fn scope_of(&self, node: Node) -> Scope {
        self.nodes.get(node).map_or(0, |(scope, _)| scope)
    }

    /// The name of a node's scope.
    fn node_scope(&self, node: Node) -> &str {
        self.scope_name(self.scope_of(node))
    }

    fn key(&self, node: Node) -> &str {
        self.nodes.get(node).map_or("", |(_, key)| key)
    }

    /// How many nodes the graph names.
    fn node_count(&self) -> usize {
        self.nodes.len()
    }
}

/// A `tombstone` record of the right shape.
#[derive(Debug, Clone)]
struct Tombstone {
    line: usize,
    node: Node,
    /// As listed (order and repeats kept, for the closure findings).
    reference_scopes: Vec<Scope>,
}

/// An `artifact` record of the right shape.
#[derive(Debug, Clone)]
struct Artifact {
    line: usize,
    node: Node,
    /// Its `derived_from`, a range of [`ProvenanceGraph::sources`].
    derived_from: Range<usize>,
    state: ArtifactState,
    expires_at: Option<Timestamp>,
}

/// An `obligation` record of the right shape.
#[derive(Debug, Clone)]
struct Obligation {
    line: usize,
    target: Node,
    kind: ObligationKind,
    expires_at: Timestamp,
}

/// The records of `provenance.jsonl` that have the §11 shape.
#[derive(Debug, Clone, Default)]
pub(crate) struct ProvenanceGraph {
    /// `graph_version` of the header.
    pub graph_version: Option<String>,
    /// `reverse_index` of the header.
    pub reverse_index: Option<ReverseIndex>,
    /// Line of the header.
    header_line: Option<usize>,
    names: Names,
    /// Scopes with a `scope` record.
    registered: HashSet<Scope>,
    tombstones: Vec<Tombstone>,
    artifacts: Vec<Artifact>,
    /// The `derived_from` nodes of all artefacts, one after the other.
    sources: Vec<Node>,
    obligations: Vec<Obligation>,
    /// Lines of obligation records of the wrong shape (still open).
    malformed_obligations: Vec<usize>,
}

impl ProvenanceGraph {
    fn derived_from(&self, a: &Artifact) -> &[Node] {
        self.sources.get(a.derived_from.clone()).unwrap_or_default()
    }

    /// `scope/key` of a node, for messages.
    fn node_text(&self, node: Node) -> String {
        format!("{}/{}", self.names.node_scope(node), self.names.key(node))
    }

    /// A node as §19's open items name it: `scope:key`.
    fn scope_key(&self, node: Node) -> String {
        format!("{}:{}", self.names.node_scope(node), self.names.key(node))
    }
}

/// The members of a provenance record that §11 names, over all five types.
const MEMBERS: RecordNames = &[
    ("type", Read::Scalar),
    ("graph_version", Read::Scalar),
    ("reverse_index", Read::Scalar),
    ("scope", Read::Scalar),
    ("key", Read::Scalar),
    ("at", Read::Scalar),
    ("state", Read::Scalar),
    ("expires_at", Read::Scalar),
    ("reference_scopes", Read::Scalars),
    ("namespaces", Read::Scalars),
    ("derived_from", Read::Custom),
    ("target", Read::Custom),
    ("kind", Read::Scalar),
];

/// A `{scope, key}` object as read from the line (its other members
/// ignored), its names borrowed from the bytes; `None` for any other value.
#[derive(Debug)]
struct NodeRef<'a>(Option<(Cow<'a, str>, Cow<'a, str>)>);

impl<'a> NodeRef<'a> {
    fn read(value: Value<'a, '_>) -> Self {
        let (mut scope, mut key) = (None, None);
        value.members(|name, value| match &*name {
            "scope" => scope = value.string(),
            "key" => key = value.string(),
            _ => {}
        });
        NodeRef(scope.zip(key))
    }
}

impl<'a> Custom<'a> for NodeRef<'a> {
    /// `derived_from`, an array of node references; `target`, one.
    fn read(name: &str, value: Value<'a, '_>) -> Slot<'a, Self> {
        match (name, value.kind()) {
            ("target", _) => Slot::Custom(NodeRef::read(value)),
            (_, Some(Kind::Array)) => {
                let mut items = Vec::new();
                value.items(|item| items.push(Slot::Custom(NodeRef::read(item))));
                Slot::Items(items)
            }
            _ => Slot::Scalar(value.scalar()),
        }
    }
}

/// A provenance record as read from its line.
type Line<'a> = Record<'a, NodeRef<'a>>;

/// The fields of a provenance record.
type RecordFields<'o, 'f, 'a> = Fields<'o, 'f, Line<'a>>;

fn node_ref<'s>(value: Option<&'s Slot<'_, NodeRef<'_>>>) -> Option<(&'s str, &'s str)> {
    match value? {
        Slot::Custom(NodeRef(Some((scope, key)))) => Some((scope, key)),
        _ => None,
    }
}

/// Reads `provenance.jsonl` into a graph, reporting `json.malformed`,
/// `provenance.schema` and `time.invalid`.
pub(crate) fn parse(bytes: &[u8], cancel: &Cancel, findings: &mut Findings) -> ProvenanceGraph {
    let mut graph = ProvenanceGraph::default();
    // Records are read as they are parsed; their findings follow those of
    // the framing and syntax of every line, as when all lines were parsed first.
    let mut record_findings = Findings::new();
    for_each_jsonl(
        bytes,
        cancel,
        PROVENANCE.as_str(),
        Code::ProvenanceSchema,
        MEMBERS,
        findings,
        |line, value: &Line<'_>| read_record(&mut graph, line, value, &mut record_findings),
    );
    if bytes.is_empty() {
        findings.add(
            Code::ProvenanceSchema,
            format!("{PROVENANCE}:1"),
            message!(ProvenanceHeaderFirst),
        );
    }
    findings.append(record_findings);
    graph
}

fn read_record(
    graph: &mut ProvenanceGraph,
    line: usize,
    value: &Line<'_>,
    findings: &mut Findings,
) {
    let at = format!("{PROVENANCE}:{line}");
    let Some(mut f) = Fields::of_object(Some(value), Code::ProvenanceSchema, at, findings) else {
        return;
    };
    // §11: every record has a string `type`; a string outside the five
    // is ignored, anything else is `provenance.schema`.
    let kind = f.string("type").map(|t| t.parse::<RecordType>().ok());
    if (line == 1) != (kind == Some(Some(RecordType::Header))) {
        f.bad("type", MessageId::WhyHeaderFirstOnly);
    }
    match kind.flatten() {
        Some(RecordType::Header) => {
            graph.graph_version = f.string("graph_version").map(str::to_owned);
            graph.reverse_index = f.name("reverse_index");
            graph.header_line = Some(line);
        }
        Some(RecordType::Scope) => {
            if let Some(s) = f.string("scope") {
                let id = graph.names.scope(s);
                graph.registered.insert(id);
            }
        }
        Some(RecordType::Tombstone) => read_tombstone(graph, line, &mut f),
        Some(RecordType::Artifact) => read_artifact(graph, line, &mut f),
        Some(RecordType::Obligation) => read_obligation(graph, line, &mut f),
        None => {} // other record types are ignored
    }
}

/// A `tombstone` record: kept only when well-formed.
fn read_tombstone(graph: &mut ProvenanceGraph, line: usize, f: &mut RecordFields<'_, '_, '_>) {
    let scope = f.string("scope");
    let key = f.string("key");
    f.timestamp("at");
    let refs = f.string_array("reference_scopes");
    if let (true, Some(scope), Some(key), Some(refs)) = (f.ok, scope, key, refs) {
        let node = graph.names.node(scope, key);
        let reference_scopes = refs.into_iter().map(|s| graph.names.scope(s)).collect();
        graph.tombstones.push(Tombstone {
            line,
            node,
            reference_scopes,
        });
    }
}

/// An `artifact` record, with its `derived_from` edges: kept only when
/// well-formed.
fn read_artifact(graph: &mut ProvenanceGraph, line: usize, f: &mut RecordFields<'_, '_, '_>) {
    let scope = f.string("scope");
    let key = f.string("key");
    let state = f.name::<ArtifactState>("state");
    let derived: Option<Vec<(&str, &str)>> = f
        .array("derived_from")
        .and_then(|items| items.iter().map(|i| node_ref(Some(i))).collect());
    if derived.is_none() && f.ok {
        let shape = vec![("shape", "{scope, key}".into())];
        f.bad(
            "derived_from",
            MessageArg::Said(MessageId::WhyArrayOfShape, shape),
        );
    }
    // `expires_at` belongs to expiring artefacts only; on others it
    // is an unknown member and ignored (§0).
    let expires_at = if state == Some(ArtifactState::Expiring) {
        f.timestamp("expires_at")
    } else {
        None
    };
    if let (true, Some(scope), Some(key), Some(state), Some(derived)) =
        (f.ok, scope, key, state, derived)
    {
        let node = graph.names.node(scope, key);
        let first = graph.sources.len();
        for (s, k) in derived {
            let source = graph.names.node(s, k);
            graph.sources.push(source);
        }
        graph.artifacts.push(Artifact {
            line,
            node,
            derived_from: first..graph.sources.len(),
            state,
            expires_at,
        });
    }
}

/// An `obligation` record: every one is open, but only a well-formed one
/// names its target.
fn read_obligation(graph: &mut ProvenanceGraph, line: usize, f: &mut RecordFields<'_, '_, '_>) {
    let target = node_ref(f.get("target"));
    if target.is_none() {
        let shape = vec![("shape", "{scope, key}".into())];
        f.bad("target", MessageArg::Said(MessageId::WhyOfShape, shape));
    }
    let kind = f.name::<ObligationKind>("kind");
    f.string_array("namespaces");
    let expires_at = f.timestamp("expires_at");
    if let (true, Some((s, k)), Some(kind), Some(expires_at)) = (f.ok, target, kind, expires_at) {
        let target = graph.names.node(s, k);
        graph.obligations.push(Obligation {
            line,
            target,
            kind,
            expires_at,
        });
    } else {
        // §11: *any* obligation record is open, well-formed or not.
        graph.malformed_obligations.push(line);
    }
}

/// Judges the graph (§11). The graph's walks stop early once `cancel` is
/// raised (see [`Cancel::raised_at`]).
pub(crate) fn check(
    graph: &ProvenanceGraph,
    cancel: &Cancel,
    findings: &mut Findings,
    facts: &mut RegisterFacts,
) -> ProvenanceSummary {
    let (summary, reached) = check_with(graph, cancel, findings, BITSET_WORDS);
    open_items(graph, &reached, &mut facts.open_items);
    summary
}

/// §19's open items of the graph: every well-formed obligation (its
/// target as `scope:key`), and every `expiring` artifact reachable from a
/// tombstone (`reached`), each with its `expires_at`.
fn open_items(graph: &ProvenanceGraph, reached: &[usize], items: &mut Vec<OpenItem>) {
    for o in &graph.obligations {
        let what = graph.scope_key(o.target);
        items.push(OpenItem::new(
            OpenItemKind::Obligation,
            what,
            Some(&o.expires_at),
        ));
    }
    for a in reached.iter().filter_map(|i| graph.artifacts.get(*i)) {
        if a.state == ArtifactState::Expiring {
            let what = graph.scope_key(a.node);
            items.push(OpenItem::new(
                OpenItemKind::Artifact,
                what,
                a.expires_at.as_ref(),
            ));
        }
    }
}

/// [`check`], holding at most `bitset_words` words of reachable-scope bits.
fn check_with(
    graph: &ProvenanceGraph,
    cancel: &Cancel,
    findings: &mut Findings,
    bitset_words: usize,
) -> (ProvenanceSummary, Vec<usize>) {
    let mut summary = ProvenanceSummary {
        present: true,
        graph_version: graph.graph_version.clone(),
        reverse_index: graph.reverse_index,
        scopes: graph.registered.len(),
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
            message!(ProvenanceUnverifiable),
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
            message!(ProvenanceObligationOpen),
        );
    }
    check_scope_closure(graph, findings);
    let reached = check_reachability(graph, cancel, findings, &mut summary, bitset_words);
    summary.view = Some(view(graph, &reached));
    (summary.artifact_rows, summary.artifact_rows_omitted) =
        artifact_rows(graph, &reached, MAX_ARTIFACT_ROWS);
    (summary, reached)
}

/// The report's rows of the artefacts, at most `cap` ([`MAX_ARTIFACT_ROWS`]):
/// those `reached` from a tombstone first, then the others, shown in line
/// order; and how many were left out.
fn artifact_rows(
    graph: &ProvenanceGraph,
    reached: &[usize],
    cap: usize,
) -> (Vec<ArtifactRow>, usize) {
    let count = graph.artifacts.len();
    let mut is_reached = vec![false; count];
    for &i in reached {
        if let Some(r) = is_reached.get_mut(i) {
            *r = true;
        }
    }
    let mut chosen: Vec<usize> = if count <= cap {
        (0..count).collect()
    } else {
        let unreached = (0..count).filter(|&i| !is_reached.get(i).copied().unwrap_or(false));
        let all = reached.iter().copied().chain(unreached);
        all.take(cap).collect()
    };
    chosen.sort_unstable();
    let names = &graph.names;
    let rows: Vec<ArtifactRow> = chosen
        .iter()
        .filter_map(|&i| Some((graph.artifacts.get(i)?, i)))
        .map(|(a, i)| ArtifactRow {
            line: a.line,
            scope: names.node_scope(a.node).to_owned(),
            key: names.key(a.node).to_owned(),
            state: a.state,
            expires_at: a.expires_at.as_ref().map(|t| t.raw().to_owned()),
            sources: a.derived_from.len(),
            reachable: is_reached.get(i).copied().unwrap_or(false),
        })
        .collect();
    let omitted = count.saturating_sub(rows.len());
    (rows, omitted)
}

fn check_scope_closure(graph: &ProvenanceGraph, findings: &mut Findings) {
    let names = &graph.names;
    let mut report = |scope: Scope, line: usize| {
        if !graph.registered.contains(&scope) {
            findings.add(
                Code::ProvenanceScopeNotRegistered,
                format!("{PROVENANCE}:{line}"),
                message!(
                    ProvenanceScopeNotRegistered,
                    scope = quoted(names.scope_name(scope))
                ),
            );
        }
    };
    for t in &graph.tombstones {
        report(names.scope_of(t.node), t.line);
        for s in &t.reference_scopes {
            report(*s, t.line);
        }
    }
    for a in &graph.artifacts {
        report(names.scope_of(a.node), a.line);
        for d in graph.derived_from(a) {
            report(names.scope_of(*d), a.line);
        }
    }
}

/// The derivation graph as adjacency arrays: the artefacts derived directly
/// from node `n` are `derived[starts[n]..starts[n + 1]]`.
struct Graph<'a> {
    records: &'a ProvenanceGraph,
    starts: Vec<usize>,
    derived: Vec<usize>,
    /// Looked at by the walks every few thousand steps.
    cancel: &'a Cancel,
}

impl<'a> Graph<'a> {
    fn new(records: &'a ProvenanceGraph, cancel: &'a Cancel) -> Self {
        let nodes = records.names.node_count();
        let mut starts = vec![0usize; nodes + 1];
        for a in &records.artifacts {
            for &source in records.derived_from(a) {
                if let Some(n) = starts.get_mut(source + 1) {
                    *n += 1;
                }
            }
        }
        for n in 1..starts.len() {
            let before = starts.get(n - 1).copied().unwrap_or(0);
            if let Some(here) = starts.get_mut(n) {
                *here += before;
            }
        }
        let mut next = starts.clone();
        let mut derived = vec![0usize; records.sources.len()];
        for (i, a) in records.artifacts.iter().enumerate() {
            for &source in records.derived_from(a) {
                if let Some(at) = next.get_mut(source) {
                    if let Some(slot) = derived.get_mut(*at) {
                        *slot = i;
                    }
                    *at += 1;
                }
            }
        }
        Graph {
            records,
            starts,
            derived,
            cancel,
        }
    }

    /// The artefacts derived directly from `node`.
    fn children(&self, node: Node) -> &[usize] {
        let from = self.starts.get(node).copied().unwrap_or(0);
        let to = self.starts.get(node + 1).copied().unwrap_or(from);
        self.derived.get(from..to).unwrap_or_default()
    }

    /// The node an artefact is.
    fn node_of(&self, artifact: usize) -> Node {
        self.records.artifacts.get(artifact).map_or(0, |a| a.node)
    }

    /// The scope an artefact lives in.
    fn scope_of(&self, artifact: usize) -> Scope {
        self.records.names.scope_of(self.node_of(artifact))
    }

    /// Artefacts reachable from `starts` through `derived_from`, transitively
    /// (in no particular order), and the nodes passed through (the starts,
    /// and the nodes of those artefacts).
    fn reachable_from(&self, starts: impl IntoIterator<Item = Node>) -> (Vec<usize>, Vec<bool>) {
        let mut node_seen = vec![false; self.starts.len().saturating_sub(1)];
        let mut artifact_seen = vec![false; self.records.artifacts.len()];
        let mut reached = Vec::new();
        let mut queue = Vec::new();
        let mut enter = |n: Node, queue: &mut Vec<Node>| {
            if let Some(seen @ false) = node_seen.get_mut(n) {
                *seen = true;
                queue.push(n);
            }
        };
        for n in starts {
            enter(n, &mut queue);
        }
        let mut steps = 0usize;
        while let Some(n) = queue.pop() {
            steps += 1;
            if self.cancel.raised_at(steps) {
                break;
            }
            for &a in self.children(n) {
                if let Some(seen @ false) = artifact_seen.get_mut(a) {
                    *seen = true;
                    reached.push(a);
                    enter(self.node_of(a), &mut queue);
                }
            }
        }
        (reached, node_seen)
    }

    /// The scopes of artefacts reachable from `start`, breadth first, as far
    /// as `budget` derivation steps go (each step taken uses one).
    fn scopes_near(&self, start: Node, budget: &mut usize) -> BTreeSet<Scope> {
        let mut scopes = BTreeSet::new();
        let mut seen: HashSet<Node> = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(n) = queue.pop_front() {
            for &a in self.children(n) {
                let Some(left) = budget.checked_sub(1) else {
                    return scopes;
                };
                *budget = left;
                scopes.insert(self.scope_of(a));
                let next = self.node_of(a);
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        scopes
    }
}

/// The strongly connected components of the nodes in `region` (closed under
/// derivation), by Tarjan's algorithm without recursion: a derivation chain
/// a million deep must not overflow the stack. Components are numbered in
/// the order Tarjan completes them, so every component derived from one has a
/// smaller number: the component of each node, and the nodes of each;
/// `None` once the graph's cancel flag is raised.
fn components(graph: &Graph<'_>, region: &[bool]) -> Option<(Vec<usize>, Vec<Vec<Node>>)> {
    const NONE: usize = usize::MAX;
    let n = region.len();
    let mut order = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut component = vec![NONE; n];
    let mut members: Vec<Vec<Node>> = Vec::new();
    let mut stack: Vec<Node> = Vec::new();
    // (node, how many of its children were visited)
    let mut calls: Vec<(Node, usize)> = Vec::new();
    let mut counter = 0usize;
    // Steps of the walk, for the looks at the cancel flag.
    let mut walked = 0usize;
    let get = |v: &[usize], i: usize| v.get(i).copied().unwrap_or(NONE);
    let set = |v: &mut [usize], i: usize, x: usize| {
        if let Some(slot) = v.get_mut(i) {
            *slot = x;
        }
    };
    for root in (0..n).filter(|&r| region.get(r) == Some(&true)) {
        if get(&order, root) != NONE {
            continue;
        }
        set(&mut order, root, counter);
        set(&mut low, root, counter);
        counter += 1;
        stack.push(root);
        calls.push((root, 0));
        while let Some(&mut (v, ref mut visited)) = calls.last_mut() {
            walked += 1;
            if graph.cancel.raised_at(walked) {
                return None;
            }
            if let Some(&a) = graph.children(v).get(*visited) {
                *visited += 1;
                let w = graph.node_of(a);
                if get(&order, w) == NONE {
                    set(&mut order, w, counter);
                    set(&mut low, w, counter);
                    counter += 1;
                    stack.push(w);
                    calls.push((w, 0));
                } else if get(&component, w) == NONE {
                    // On the stack: part of the component being built.
                    let lowest = get(&low, v).min(get(&order, w));
                    set(&mut low, v, lowest);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                let lowest = get(&low, parent).min(get(&low, v));
                set(&mut low, parent, lowest);
            }
            if get(&low, v) == get(&order, v) {
                let id = members.len();
                let mut nodes = Vec::new();
                while let Some(w) = stack.pop() {
                    set(&mut component, w, id);
                    nodes.push(w);
                    if w == v {
                        break;
                    }
                }
                members.push(nodes);
            }
        }
    }
    Some((component, members))
}

/// How many 64-bit words of reachable-scope bits may be held at once (64 MiB):
/// wider problems are solved in slices of the bit dimension, one pass each.
const BITSET_WORDS: usize = 8 << 20;

/// Which tombstones' `reference_scopes` miss the scope of an artefact
/// reachable from them (§11), in time about
/// min(distinct lists, scopes reached) × (nodes + edges) / 64.
///
/// Each component of the derivation graph gets a bitset, computed from the
/// components derived from it (which come first in Tarjan's order). The
/// bits are either the scopes of reachable artefacts (then a tombstone
/// offends when its bits are not all listed), or, when there are fewer
/// distinct lists than scopes, one bit per distinct list: "reaches an
/// artefact outside this list".
fn offending_tombstones(
    graph: &Graph<'_>,
    region: &[bool],
    reached: &[usize],
    bitset_words: usize,
) -> Vec<bool> {
    let tombstones = &graph.records.tombstones;
    // Cancelled: no tombstone is judged (the run ends without a report).
    let Some((component, members)) = components(graph, region) else {
        return vec![false; tombstones.len()];
    };
    let labels = Labels::of(graph, reached);
    let by_list = labels.lists.len() < labels.label_of.len();
    let dimension = if by_list {
        labels.lists.len()
    } else {
        labels.label_of.len()
    };
    if dimension == 0 {
        return vec![false; tombstones.len()];
    }
    // When every list is short, a set of more scopes than the longest list
    // offends whatever it is: small sets, cut off there, are cheaper.
    let longest = labels.lists.iter().map(Vec::len).max().unwrap_or(0);
    if (longest + 1) * 64 < dimension && members.len() * (longest + 1) <= bitset_words {
        let sets = small_scope_sets(graph, &members, &component, &labels.label_of, longest);
        return tombstones
            .iter()
            .zip(&labels.tombstone_list)
            .map(|(t, list)| {
                let listed = labels.list(*list);
                match sets.get(component_of(&component, t.node)) {
                    Some(Some(set)) => set.iter().any(|l| listed.binary_search(l).is_err()),
                    _ => true,
                }
            })
            .collect();
    }
    let rows = members.len() + if by_list { labels.label_of.len() } else { 0 };
    let words = (bitset_words / rows.max(1)).clamp(1, dimension.div_ceil(64));
    let sweep = Sweep {
        graph,
        component: &component,
        members: &members,
        labels: &labels,
        by_list,
        words,
    };
    let mut offends = vec![false; tombstones.len()];
    let mut base = 0;
    while base < dimension {
        let slice = base..(base + words * 64).min(dimension);
        let label_bits = sweep.label_bits(&slice);
        let bits = sweep.component_bits(&slice, &label_bits);
        sweep.mark(&slice, &bits, &mut offends);
        base = slice.end;
    }
    offends
}

/// The component of a node (0 for a node outside the region: never asked).
fn component_of(component: &[usize], n: Node) -> usize {
    component.get(n).copied().unwrap_or(0)
}

/// The scopes that can matter, numbered densely: the scope of each reached
/// artefact (the only labels of edges in the region), and each tombstone's
/// `reference_scopes` as a sorted set of those labels, the distinct sets
/// numbered too (scopes no artefact reaches cannot matter).
struct Labels {
    label_of: HashMap<Scope, usize>,
    lists: Vec<Vec<usize>>,
    tombstone_list: Vec<usize>,
}

impl Labels {
    fn of(graph: &Graph<'_>, reached: &[usize]) -> Labels {
        let mut label_of: HashMap<Scope, usize> = HashMap::new();
        for &a in reached {
            let next = label_of.len();
            label_of.entry(graph.scope_of(a)).or_insert(next);
        }
        let mut list_ids: HashMap<Vec<usize>, usize> = HashMap::new();
        let tombstone_list: Vec<usize> = graph
            .records
            .tombstones
            .iter()
            .map(|t| {
                let mut labels: Vec<usize> = t
                    .reference_scopes
                    .iter()
                    .filter_map(|s| label_of.get(s).copied())
                    .collect();
                labels.sort_unstable();
                labels.dedup();
                let next = list_ids.len();
                *list_ids.entry(labels).or_insert(next)
            })
            .collect();
        let mut lists: Vec<Vec<usize>> = vec![Vec::new(); list_ids.len()];
        for (labels, id) in list_ids {
            if let Some(slot) = lists.get_mut(id) {
                *slot = labels;
            }
        }
        Labels {
            label_of,
            lists,
            tombstone_list,
        }
    }

    /// The labels of distinct list `id`.
    fn list(&self, id: usize) -> &[usize] {
        self.lists.get(id).map(Vec::as_slice).unwrap_or_default()
    }
}

/// One pass of bitsets over a slice of the dimension: by list (a bit per
/// distinct list: set when the component reaches a scope the list lacks) or
/// by label (a bit per scope the component reaches), `words` words a row.
struct Sweep<'g> {
    graph: &'g Graph<'g>,
    component: &'g [usize],
    members: &'g [Vec<Node>],
    labels: &'g Labels,
    by_list: bool,
    words: usize,
}

impl Sweep<'_> {
    /// By list, the bits an edge into an artefact of label l sets: every
    /// list of the slice that does not hold l. (By label: none, the label's
    /// own bit is set directly.)
    fn label_bits(&self, slice: &Range<usize>) -> Vec<u64> {
        if !self.by_list {
            return Vec::new();
        }
        let words = self.words;
        let mut label_bits = vec![u64::MAX; self.labels.label_of.len() * words];
        for (k, list) in self
            .labels
            .lists
            .iter()
            .enumerate()
            .take(slice.end)
            .skip(slice.start)
        {
            let bit = k - slice.start;
            for &l in list {
                if let Some(w) = label_bits.get_mut(l * words + bit / 64) {
                    *w &= !(1u64 << (bit % 64));
                }
            }
        }
        label_bits
    }

    /// Each component's row: the bits of the edges out of its nodes, and
    /// the rows of the components they lead to (already done: components
    /// are numbered children first).
    fn component_bits(&self, slice: &Range<usize>, label_bits: &[u64]) -> Vec<u64> {
        let words = self.words;
        let mut bits = vec![0u64; self.members.len() * words];
        for (c, nodes) in self.members.iter().enumerate() {
            let (done, rest) = bits.split_at_mut(c * words);
            let Some(here) = rest.get_mut(..words) else {
                continue;
            };
            for &n in nodes {
                for &a in self.graph.children(n) {
                    let l = self
                        .labels
                        .label_of
                        .get(&self.graph.scope_of(a))
                        .copied()
                        .unwrap_or(0);
                    if self.by_list {
                        let own = label_bits.get(l * words..(l + 1) * words);
                        for (h, x) in here.iter_mut().zip(own.unwrap_or_default()) {
                            *h |= x;
                        }
                    } else if slice.contains(&l) {
                        let bit = l - slice.start;
                        if let Some(w) = here.get_mut(bit / 64) {
                            *w |= 1u64 << (bit % 64);
                        }
                    }
                    let d = component_of(self.component, self.graph.node_of(a));
                    if d != c {
                        let below = done.get(d * words..(d + 1) * words);
                        for (h, x) in here.iter_mut().zip(below.unwrap_or_default()) {
                            *h |= x;
                        }
                    }
                }
            }
        }
        bits
    }

    /// Marks the tombstones whose component's row, in this slice, shows a
    /// reached scope outside their list.
    fn mark(&self, slice: &Range<usize>, bits: &[u64], offends: &mut [bool]) {
        let words = self.words;
        let tombstones = &self.graph.records.tombstones;
        for ((t, list), offend) in tombstones
            .iter()
            .zip(&self.labels.tombstone_list)
            .zip(offends.iter_mut())
        {
            let c = component_of(self.component, t.node);
            let Some(row) = bits.get(c * words..(c + 1) * words) else {
                continue;
            };
            if self.by_list {
                if slice.contains(list) {
                    let bit = list - slice.start;
                    *offend |= row.get(bit / 64).is_some_and(|w| w >> (bit % 64) & 1 == 1);
                }
            } else if !*offend {
                let mut row = row.to_vec();
                for &l in self.labels.list(*list) {
                    if slice.contains(&l) {
                        let bit = l - slice.start;
                        if let Some(w) = row.get_mut(bit / 64) {
                            *w &= !(1u64 << (bit % 64));
                        }
                    }
                }
                *offend = row.iter().any(|w| *w != 0);
            }
        }
    }
}

/// The labels of the scopes reachable from each component, sorted, or `None`
/// when there are more than `most` of them.
fn small_scope_sets(
    graph: &Graph<'_>,
    members: &[Vec<Node>],
    component: &[usize],
    label_of: &HashMap<Scope, usize>,
    most: usize,
) -> Vec<Option<Vec<usize>>> {
    let mut sets: Vec<Option<Vec<usize>>> = Vec::with_capacity(members.len());
    let tidy = |set: &mut Vec<usize>| {
        set.sort_unstable();
        set.dedup();
        set.len() <= most
    };
    for (c, nodes) in members.iter().enumerate() {
        let mut set = Some(Vec::new());
        let edges = nodes.iter().flat_map(|&n| graph.children(n));
        for &a in edges {
            let Some(here) = set.as_mut() else {
                break;
            };
            here.push(label_of.get(&graph.scope_of(a)).copied().unwrap_or(0));
            let d = component.get(graph.node_of(a)).copied().unwrap_or(c);
            if d != c {
                match sets.get(d) {
                    Some(Some(below)) => here.extend_from_slice(below),
                    _ => set = None,
                }
            }
            if set
                .as_mut()
                .is_some_and(|here| here.len() > 2 * most + 1 && !tidy(here))
            {
                set = None;
            }
        }
        if set.as_mut().is_some_and(|here| !tidy(here)) {
            set = None;
        }
        sets.push(set);
    }
    sets
}

/// How many derivation steps the message of one offending tombstone may walk
/// to name the scopes it omits, and all such messages together: the finding
/// itself never depends on these.
const MESSAGE_WALK: usize = 1_000;
const MESSAGE_WALKS: usize = 1_000_000;
/// How many omitted scopes one message names.
const MESSAGE_SCOPES: usize = 8;

fn check_reachability(
    records: &ProvenanceGraph,
    cancel: &Cancel,
    findings: &mut Findings,
    summary: &mut ProvenanceSummary,
    bitset_words: usize,
) -> Vec<usize> {
    let graph = Graph::new(records, cancel);
    // One search from all tombstones at once: which artefacts must be gone.
    let (mut reached, region) = graph.reachable_from(records.tombstones.iter().map(|t| t.node));
    let offends = offending_tombstones(&graph, &region, &reached, bitset_words);
    reached.sort_unstable();
    report_incomplete_scopes(records, &graph, &offends, findings);
    summary.reachable = reached.len();
    check_reached_states(records, &reached, findings, summary);
    reached
}

/// `provenance.reference_scopes_incomplete` for each offending tombstone,
/// naming the scopes near it that its list lacks (within a bounded walk).
fn report_incomplete_scopes(
    records: &ProvenanceGraph,
    graph: &Graph<'_>,
    offends: &[bool],
    findings: &mut Findings,
) {
    let tombstones = &records.tombstones;
    let names = &records.names;
    // Findings grouped by the set of scopes listed, in that order, as they
    // have always come out (a BTreeMap: the same order on every run).
    let mut groups: BTreeMap<BTreeSet<&str>, Vec<usize>> = BTreeMap::new();
    for (i, t) in tombstones.iter().enumerate() {
        let listed = t
            .reference_scopes
            .iter()
            .map(|s| names.scope_name(*s))
            .collect();
        groups.entry(listed).or_default().push(i);
    }
    let mut walks = MESSAGE_WALKS;
    for (listed, members) in &groups {
        for &i in members {
            let Some(t) = tombstones.get(i).filter(|_| offends.get(i) == Some(&true)) else {
                continue;
            };
            let mut budget = MESSAGE_WALK.min(walks);
            let near = graph.scopes_near(t.node, &mut budget);
            walks -= MESSAGE_WALK.min(walks) - budget;
            let missing: BTreeSet<&str> = near
                .into_iter()
                .map(|s| names.scope_name(s))
                .filter(|s| !listed.contains(s))
                .collect();
            let named: Vec<&str> = missing.iter().copied().take(MESSAGE_SCOPES).collect();
            let more = missing.len().saturating_sub(MESSAGE_SCOPES);
            let node = records.node_text(t.node);
            let scopes = named.join(", ");
            findings.add(
                Code::ProvenanceReferenceScopesIncomplete,
                format!("{PROVENANCE}:{}", t.line),
                if named.is_empty() {
                    message!(ProvenanceScopesTooFar, node = node)
                } else if more > 0 {
                    message!(
                        ProvenanceScopesOmittedMore,
                        node = node,
                        scopes = scopes,
                        more = more
                    )
                } else {
                    message!(ProvenanceScopesOmitted, node = node, scopes = scopes)
                },
            );
        }
    }
}

/// Every reached artefact must be gone: a live one is a live derivation,
/// an expiring one a deferral that an obligation must declare.
fn check_reached_states(
    records: &ProvenanceGraph,
    reached: &[usize],
    findings: &mut Findings,
    summary: &mut ProvenanceSummary,
) {
    // The latest deferred obligation per target.
    let mut deferred_until: HashMap<Node, &Timestamp> = HashMap::new();
    for o in records
        .obligations
        .iter()
        .filter(|o| o.kind == ObligationKind::Deferred)
    {
        let slot = deferred_until.entry(o.target).or_insert(&o.expires_at);
        if o.expires_at.instant() > slot.instant() {
            *slot = &o.expires_at;
        }
    }
    for a in reached.iter().filter_map(|i| records.artifacts.get(*i)) {
        let at = format!("{PROVENANCE}:{}", a.line);
        match a.state {
            ArtifactState::Live => {
                summary.live += 1;
                findings.add(
                    Code::ProvenanceLiveDerivation,
                    at,
                    message!(ProvenanceLive, node = records.node_text(a.node)),
                );
            }
            ArtifactState::Expiring => {
                summary.expiring += 1;
                findings.add(
                    Code::ProvenanceDeferred,
                    at.clone(),
                    message!(ProvenanceDeferred, node = records.node_text(a.node)),
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
                        message!(
                            ProvenanceUndeclaredDeferral,
                            node = records.node_text(a.node)
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}

/// How many nodes of each kind a [`GraphView`] shows at most: beyond this a
/// drawing is no longer readable, and the view says how many it left out.
pub(crate) const VIEW_TOMBSTONES: usize = 8;
/// Artefacts a view shows at most (those reachable from a tombstone first).
pub(crate) const VIEW_ARTIFACTS: usize = 24;
/// Obligations a view shows at most.
pub(crate) const VIEW_OBLIGATIONS: usize = 8;

fn view(graph: &ProvenanceGraph, reached: &[usize]) -> GraphView {
    let reached_set: HashSet<usize> = reached.iter().copied().collect();
    let names = &graph.names;
    let mut v = GraphView::default();
    let mut index: HashMap<Node, usize> = HashMap::new();
    for t in graph.tombstones.iter().take(VIEW_TOMBSTONES) {
        index.entry(t.node).or_insert_with(|| {
            v.nodes.push(ViewNode {
                kind: ViewKind::Tombstone,
                scope: names.node_scope(t.node).to_owned(),
                key: names.key(t.node).to_owned(),
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
        index.entry(a.node).or_insert_with(|| {
            v.nodes.push(ViewNode {
                kind: ViewKind::Artifact,
                scope: names.node_scope(a.node).to_owned(),
                key: names.key(a.node).to_owned(),
                state: Some(a.state),
                reachable: reached_set.contains(&i),
                depth: 1,
                expires_at: a.expires_at.as_ref().map(|t| t.raw().to_owned()),
            });
            v.nodes.len() - 1
        });
    }
    add_view_edges(graph, &chosen, &index, &mut v);
    set_view_depths(&mut v);
    add_view_obligations(graph, &index, &mut v);
    v.omitted = graph.tombstones.len().saturating_sub(VIEW_TOMBSTONES)
        + graph.artifacts.len().saturating_sub(chosen.len())
        + graph.obligations.len().saturating_sub(VIEW_OBLIGATIONS);
    v
}

/// The `derived_from` edges between the nodes a view shows.
fn add_view_edges(
    graph: &ProvenanceGraph,
    chosen: &[usize],
    index: &HashMap<Node, usize>,
    v: &mut GraphView,
) {
    for &i in chosen {
        let Some(a) = graph.artifacts.get(i) else {
            continue;
        };
        let Some(&to) = index.get(&a.node) else {
            continue;
        };
        for source in graph.derived_from(a) {
            if let Some(&from) = index.get(source) {
                if from != to && !v.edges.contains(&(from, to)) {
                    v.edges.push((from, to));
                }
            }
        }
    }
}

/// Depth: one more than the deepest source shown (a bounded relaxation: the
/// view is small, and a cycle cannot grow it past the node count).
fn set_view_depths(v: &mut GraphView) {
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
}

/// The obligations a view shows, one level below everything else, each with
/// an edge from its target when the target is shown.
fn add_view_obligations(graph: &ProvenanceGraph, index: &HashMap<Node, usize>, v: &mut GraphView) {
    let names = &graph.names;
    for o in graph.obligations.iter().take(VIEW_OBLIGATIONS) {
        let depth = v.nodes.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
        v.nodes.push(ViewNode {
            kind: ViewKind::Obligation,
            scope: names.node_scope(o.target).to_owned(),
            key: names.key(o.target).to_owned(),
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    #[test]
    fn artifact_rows_keep_the_reachable_first_past_the_cap_and_count_the_rest() {
        // Lines 4-8: a chain from the tombstone; lines 9-13: from elsewhere.
        let mut jsonl = String::from(
            "{\"type\":\"header\",\"graph_version\":\"g\",\"reverse_index\":\"available\"}\n{\"type\":\"scope\",\"scope\":\"s\"}\n{\"type\":\"tombstone\",\"scope\":\"s\",\"key\":\"t\",\"at\":\"2026-01-01T00:00:00Z\",\"reference_scopes\":[\"s\"]}\n",
        );
        for (from, keys) in [("t", "a"), ("x", "b")] {
            let mut source = from.to_owned();
            for i in 0..5 {
                let key = format!("{keys}{i}");
                let _ = writeln!(jsonl, "{{\"type\":\"artifact\",\"scope\":\"s\",\"key\":\"{key}\",\"derived_from\":[{{\"scope\":\"s\",\"key\":\"{source}\"}}],\"state\":\"tombstoned\"}}");
                source = key;
            }
        }
        let mut findings = Findings::new();
        let graph = parse(jsonl.as_bytes(), &Cancel::new(), &mut findings);
        let summary = check(
            &graph,
            &Cancel::new(),
            &mut findings,
            &mut Default::default(),
        );
        let lines = |rows: &[ArtifactRow]| {
            rows.iter()
                .map(|r| (r.line, r.reachable))
                .collect::<Vec<_>>()
        };
        let all: Vec<(usize, bool)> = (4..=13).map(|l| (l, l <= 8)).collect();
        assert_eq!(
            (lines(&summary.artifact_rows), summary.artifact_rows_omitted),
            (all, 0)
        );
        assert_eq!(summary.artifact_rows[0].key, "a0");
        assert_eq!(summary.artifact_rows[0].sources, 1);

        let mut reached: Vec<usize> = (0..5).collect();
        reached.reverse();
        let (rows, omitted) = artifact_rows(&graph, &reached, 7);
        let kept: Vec<(usize, bool)> = (4..=10).map(|l| (l, l <= 8)).collect();
        assert_eq!((lines(&rows), omitted), (kept, 3));
        let (rows, omitted) = artifact_rows(&graph, &reached, 3);
        assert_eq!((rows.len(), omitted), (3, 7));
        assert!(rows.iter().all(|r| r.reachable));
    }

    /// A small seeded generator (xorshift64*): the same graphs on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
        }
    }

    /// A random graph: `(scope, key)` nodes, artefacts deriving from random
    /// nodes (cycles included), tombstones with random `reference_scopes`.
    struct Case {
        jsonl: String,
        /// (line, node, listed scopes)
        tombstones: Vec<(usize, usize, BTreeSet<usize>)>,
        /// (line, node, sources, live)
        artifacts: Vec<(usize, usize, Vec<usize>, bool)>,
        node_scope: Vec<usize>,
    }

    fn case(rng: &mut Rng, scopes: usize, nodes: usize, artifacts: usize, tombs: usize) -> Case {
        case_with_lists(rng, scopes, nodes, artifacts, tombs, scopes + 1)
    }

    fn case_with_lists(
        rng: &mut Rng,
        scopes: usize,
        nodes: usize,
        artifacts: usize,
        tombs: usize,
        list_len: usize,
    ) -> Case {
        let node_scope: Vec<usize> = (0..nodes).map(|_| rng.below(scopes)).collect();
        let mut jsonl = String::from(
            "{\"type\":\"header\",\"graph_version\":\"g\",\"reverse_index\":\"available\"}\n",
        );
        for s in 0..scopes {
            let _ = writeln!(jsonl, "{{\"type\":\"scope\",\"scope\":\"s{s}\"}}");
        }
        let mut line = scopes + 1;
        let name = |n: usize| format!("{{\"scope\":\"s{}\",\"key\":\"k{n}\"}}", node_scope[n]);
        let mut c = Case {
            jsonl: String::new(),
            tombstones: Vec::new(),
            artifacts: Vec::new(),
            node_scope: node_scope.clone(),
        };
        for _ in 0..tombs {
            let n = rng.below(nodes);
            let listed: BTreeSet<usize> = (0..rng.below(list_len))
                .map(|_| rng.below(scopes))
                .collect();
            let refs: Vec<String> = listed.iter().map(|s| format!("\"s{s}\"")).collect();
            line += 1;
            let _ = writeln!(
                jsonl,
                "{{\"type\":\"tombstone\",\"scope\":\"s{}\",\"key\":\"k{n}\",\"at\":\"2026-01-01T00:00:00Z\",\"reference_scopes\":[{}]}}",
                node_scope[n],
                refs.join(",")
            );
            c.tombstones.push((line, n, listed));
        }
        for _ in 0..artifacts {
            let n = rng.below(nodes);
            let sources: Vec<usize> = (0..rng.below(4)).map(|_| rng.below(nodes)).collect();
            let live = rng.below(4) == 0;
            let from: Vec<String> = sources.iter().map(|&s| name(s)).collect();
            line += 1;
            let _ = writeln!(
                jsonl,
                "{{\"type\":\"artifact\",\"scope\":\"s{}\",\"key\":\"k{n}\",\"derived_from\":[{}],\"state\":\"{}\"}}",
                node_scope[n],
                from.join(","),
                if live { "live" } else { "tombstoned" }
            );
            c.artifacts.push((line, n, sources, live));
        }
        c.jsonl = jsonl;
        c
    }

    /// The §11 rules, one plain search per tombstone: the lines of
    /// `reference_scopes_incomplete`, of `live_derivation`, and the count reached.
    fn reference(c: &Case) -> (BTreeSet<usize>, BTreeSet<usize>, usize) {
        let mut all = BTreeSet::new();
        let mut offending = BTreeSet::new();
        let mut derived: Vec<Vec<usize>> = vec![Vec::new(); c.node_scope.len()];
        for (i, (_, _, sources, _)) in c.artifacts.iter().enumerate() {
            for &s in sources {
                derived[s].push(i);
            }
        }
        for (line, start, listed) in &c.tombstones {
            let mut seen_nodes = BTreeSet::from([*start]);
            let mut queue = vec![*start];
            while let Some(n) = queue.pop() {
                for &i in &derived[n] {
                    let node = &c.artifacts[i].1;
                    {
                        if !listed.contains(&c.node_scope[*node]) {
                            offending.insert(*line);
                        }
                        all.insert(i);
                        if seen_nodes.insert(*node) {
                            queue.push(*node);
                        }
                    }
                }
            }
        }
        let live = all
            .iter()
            .filter(|&&i| c.artifacts[i].3)
            .map(|&i| c.artifacts[i].0)
            .collect();
        (offending, live, all.len())
    }

    fn lines(findings: &Findings, code: Code) -> BTreeSet<usize> {
        findings
            .as_slice()
            .iter()
            .filter(|f| f.code() == code)
            .filter_map(|f| f.location().rsplit(':').next()?.parse().ok())
            .collect()
    }

    /// Agrees with [`reference`] with the usual memory and with one word of
    /// bits (many passes, and never the small sets).
    fn agrees(c: &Case) {
        agrees_within(c, BITSET_WORDS);
        agrees_within(c, 1);
    }

    fn agrees_within(c: &Case, bitset_words: usize) {
        let mut findings = Findings::uncapped();
        let graph = parse(c.jsonl.as_bytes(), &Cancel::new(), &mut findings);
        let (summary, _) = check_with(&graph, &Cancel::new(), &mut findings, bitset_words);
        let (offending, live, reached) = reference(c);
        assert_eq!(
            lines(&findings, Code::ProvenanceReferenceScopesIncomplete),
            offending,
            "{}",
            c.jsonl
        );
        assert_eq!(lines(&findings, Code::ProvenanceLiveDerivation), live);
        assert_eq!(summary.reachable, reached);
    }

    #[test]
    fn bitsets_agree_with_one_search_per_tombstone_on_small_graphs() {
        let mut rng = Rng(0x5EED_0001);
        for _ in 0..400 {
            let scopes = 1 + rng.below(6);
            let nodes = 1 + rng.below(12);
            let (artifacts, tombs) = (rng.below(16), 1 + rng.below(6));
            let c = case(&mut rng, scopes, nodes, artifacts, tombs);
            agrees(&c);
        }
    }

    #[test]
    fn bitsets_agree_when_split_into_slices() {
        // More than 64 scopes and lists: one word of bits takes several passes,
        // by scope (many lists) and by list (many scopes).
        let mut rng = Rng(0x5EED_0002);
        for round in 0..12 {
            let tombs = if round % 2 == 0 { 150 } else { 80 };
            let c = case(&mut rng, 140, 220, 300, tombs);
            agrees(&c);
        }
    }

    #[test]
    fn small_sets_agree_when_every_list_is_short() {
        // Many scopes, lists of at most one: sets cut off at the longest list,
        // and (one word of memory) the bitsets again.
        let mut rng = Rng(0x5EED_0003);
        for _ in 0..12 {
            let c = case_with_lists(&mut rng, 300, 800, 900, 1500, 2);
            agrees(&c);
        }
    }
}
