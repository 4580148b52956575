//! `provenance.jsonl` records (spec §11): the derivation graph of the
//! subject's data.
//!
//! [`provenance_jsonl`] refuses a graph the producer got wrong (no header
//! first, a scope without its `scope` record, a tombstone whose
//! `reference_scopes` miss a derivative's scope), and writes honest bad news
//! as it is: a live or expiring derivation and an open obligation are
//! reported by the verifier, not refused here.

use super::error::ProducerError;
use super::{jsonl_line, nonempty, timestamp};
pub use proofpack_spec::vocab::ReverseIndex;
use proofpack_spec::vocab::{ArtifactState as StateName, ObligationKind, RecordType};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap, VecDeque};

/// A node of the graph.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeRef {
    /// The node's scope (non-empty).
    pub scope: String,
    /// The node's key within its scope (non-empty).
    pub key: String,
}

impl NodeRef {
    /// A node.
    #[must_use]
    pub fn new(scope: impl Into<String>, key: impl Into<String>) -> Self {
        NodeRef {
            scope: scope.into(),
            key: key.into(),
        }
    }

    fn to_value(&self) -> Value {
        json!({"scope": self.scope, "key": self.key})
    }

    fn check(&self) -> Result<(), ProducerError> {
        nonempty("scope", &self.scope)?;
        nonempty("key", &self.key)
    }
}

/// The state of a derived artefact (§11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArtifactState {
    /// `live`: still served (a live derivation of erased data is reported).
    Live,
    /// `tombstoned`
    Tombstoned,
    /// `redacted`
    Redacted,
    /// `expiring`: goes away by TTL at `expires_at` (a deferral, reported).
    Expiring {
        /// §0 timestamp.
        expires_at: String,
    },
}

impl ArtifactState {
    /// The state's name in the spec's set.
    #[must_use]
    pub fn kind(&self) -> StateName {
        match self {
            ArtifactState::Live => StateName::Live,
            ArtifactState::Tombstoned => StateName::Tombstoned,
            ArtifactState::Redacted => StateName::Redacted,
            ArtifactState::Expiring { .. } => StateName::Expiring,
        }
    }

    /// The spec's name.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        self.kind().as_str()
    }
}

/// One `provenance.jsonl` record (§11).
///
/// ```
/// use proofpack_producer::{
///     provenance_jsonl, ArtifactState, NodeRef, ProducerError, ProvenanceRecord, ReverseIndex,
/// };
///
/// let user = "user:u-5e3a";
/// let derived = "user:u-5e3a:derived";
/// let scope = |s: &str| ProvenanceRecord::Scope { scope: s.to_owned() };
/// let mut records = vec![
///     ProvenanceRecord::Header {
///         graph_version: "g-2026-04-22.42".to_owned(),
///         reverse_index: ReverseIndex::Available,
///     },
///     scope(user),
///     scope(derived),
///     ProvenanceRecord::Tombstone {
///         scope: user.to_owned(),
///         key: "note-118".to_owned(),
///         at: "2026-04-22T15:14:00Z".to_owned(),
///         reference_scopes: vec![derived.to_owned()],
///     },
///     ProvenanceRecord::Artifact {
///         scope: derived.to_owned(),
///         key: "summary-7".to_owned(),
///         derived_from: vec![NodeRef::new(user, "note-118")],
///         state: ArtifactState::Tombstoned,
///     },
/// ];
/// let jsonl = provenance_jsonl(&records)?;
/// assert_eq!(jsonl.iter().filter(|b| **b == b'\n').count(), records.len());
/// // A second header is malformed: refused.
/// records.push(records[0].clone());
/// assert!(provenance_jsonl(&records).is_err());
/// # Ok::<(), ProducerError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProvenanceRecord {
    /// `header`: the first record, and only it.
    Header {
        /// The graph version examined (non-empty).
        graph_version: String,
        /// Whether the reverse index was available.
        reverse_index: ReverseIndex,
    },
    /// `scope`: registers a scope.
    Scope {
        /// The scope (non-empty).
        scope: String,
    },
    /// `tombstone`: an erased source node.
    Tombstone {
        /// Its scope.
        scope: String,
        /// Its key.
        key: String,
        /// When it was tombstoned (§0 timestamp).
        at: String,
        /// Every scope holding an artefact derived from it, directly or
        /// transitively.
        reference_scopes: Vec<String>,
    },
    /// `artifact`: a derived artefact.
    Artifact {
        /// Its scope.
        scope: String,
        /// Its key.
        key: String,
        /// The nodes it was derived from.
        derived_from: Vec<NodeRef>,
        /// Its state.
        state: ArtifactState,
    },
    /// `obligation` of kind `deferred` (the only kind in v1): a derived
    /// copy still pending erasure (always reported as open).
    Obligation {
        /// The artefact it covers.
        target: NodeRef,
        /// The namespaces concerned.
        namespaces: Vec<String>,
        /// When it is due (§0 timestamp).
        expires_at: String,
    },
}

impl ProvenanceRecord {
    /// The record's JSON object (`type` first). This writes the record as it
    /// is; [`provenance_jsonl`] is what checks it.
    #[must_use]
    pub fn to_value(&self) -> Value {
        match self {
            ProvenanceRecord::Header {
                graph_version,
                reverse_index,
            } => json!({
                "type": RecordType::Header.as_str(),
                "graph_version": graph_version,
                "reverse_index": reverse_index.as_str(),
            }),
            ProvenanceRecord::Scope { scope } => {
                json!({"type": RecordType::Scope.as_str(), "scope": scope})
            }
            ProvenanceRecord::Tombstone {
                scope,
                key,
                at,
                reference_scopes,
            } => json!({
                "type": RecordType::Tombstone.as_str(),
                "scope": scope,
                "key": key,
                "at": at,
                "reference_scopes": reference_scopes,
            }),
            ProvenanceRecord::Artifact {
                scope,
                key,
                derived_from,
                state,
            } => {
                let mut value = json!({
                    "type": RecordType::Artifact.as_str(),
                    "scope": scope,
                    "key": key,
                    "derived_from": derived_from.iter().map(NodeRef::to_value).collect::<Vec<_>>(),
                    "state": state.as_str(),
                });
                if let (ArtifactState::Expiring { expires_at }, Some(map)) =
                    (state, value.as_object_mut())
                {
                    map.insert("expires_at".to_owned(), json!(expires_at));
                }
                value
            }
            ProvenanceRecord::Obligation {
                target,
                namespaces,
                expires_at,
            } => json!({
                "type": RecordType::Obligation.as_str(),
                "target": target.to_value(),
                "kind": ObligationKind::Deferred.as_str(),
                "namespaces": namespaces,
                "expires_at": expires_at,
            }),
        }
    }

    /// Checks the record on its own: non-empty names, §0 timestamps.
    fn check(&self) -> Result<(), ProducerError> {
        match self {
            ProvenanceRecord::Header { graph_version, .. } => {
                nonempty("graph_version", graph_version)
            }
            ProvenanceRecord::Scope { scope } => nonempty("scope", scope),
            ProvenanceRecord::Tombstone {
                scope,
                key,
                at,
                reference_scopes,
            } => {
                NodeRef::new(scope.as_str(), key.as_str()).check()?;
                timestamp("at", at)?;
                reference_scopes
                    .iter()
                    .try_for_each(|s| nonempty("reference_scopes", s))
            }
            ProvenanceRecord::Artifact {
                scope,
                key,
                derived_from,
                state,
            } => {
                NodeRef::new(scope.as_str(), key.as_str()).check()?;
                derived_from.iter().try_for_each(NodeRef::check)?;
                if let ArtifactState::Expiring { expires_at } = state {
                    timestamp("expires_at", expires_at)?;
                }
                Ok(())
            }
            ProvenanceRecord::Obligation {
                target,
                namespaces,
                expires_at,
            } => {
                target.check()?;
                namespaces
                    .iter()
                    .try_for_each(|s| nonempty("namespaces", s))?;
                timestamp("expires_at", expires_at).map(|_| ())
            }
        }
    }
}

/// The bytes of `provenance.jsonl`: one compact line per record, in the
/// order given, each ending with `\n`.
///
/// Refuses: no [`ProvenanceRecord::Header`] first, or a second header; an
/// empty name or a timestamp that is not §0; two artifacts for one node; a
/// scope named by a tombstone (its own or a reference scope) or an artifact
/// (its own or a `derived_from` node's) without a `scope` record; a
/// tombstone whose `reference_scopes` miss the scope of an artefact derived
/// from it, directly or transitively. An obligation's target and namespaces
/// need no scope record (§11).
pub fn provenance_jsonl(records: &[ProvenanceRecord]) -> Result<Vec<u8>, ProducerError> {
    check_header(records)?;
    let (scopes, artifacts) = scopes_and_artifacts(records)?;
    check_scopes_registered(records, &scopes)?;
    check_reference_scopes(records, &artifacts)?;
    let mut out = Vec::new();
    for record in records {
        jsonl_line(&mut out, &record.to_value())?;
    }
    Ok(out)
}

/// A derived artefact and the nodes it was derived from.
type Derivation<'a> = (NodeRef, &'a [NodeRef]);

/// Refuses records that do not start with a header, or hold a second one.
fn check_header(records: &[ProvenanceRecord]) -> Result<(), ProducerError> {
    let Some((ProvenanceRecord::Header { .. }, rest)) = records.split_first() else {
        return Err(ProducerError::ProvenanceHeader);
    };
    if rest
        .iter()
        .any(|r| matches!(r, ProvenanceRecord::Header { .. }))
    {
        return Err(ProducerError::ProvenanceHeader);
    }
    Ok(())
}

/// Checks each record on its own, in order, and collects the registered
/// scopes and the artefacts; refuses two artifacts for one node.
fn scopes_and_artifacts(
    records: &[ProvenanceRecord],
) -> Result<(BTreeSet<&str>, Vec<Derivation<'_>>), ProducerError> {
    let mut scopes: BTreeSet<&str> = BTreeSet::new();
    let mut artifacts: Vec<Derivation<'_>> = Vec::new();
    for record in records {
        record.check()?;
        match record {
            ProvenanceRecord::Scope { scope } => {
                scopes.insert(scope);
            }
            ProvenanceRecord::Artifact {
                scope,
                key,
                derived_from,
                ..
            } => {
                let node = NodeRef::new(scope.as_str(), key.as_str());
                if artifacts.iter().any(|(n, _)| *n == node) {
                    return Err(ProducerError::DuplicateNode {
                        scope: node.scope,
                        key: node.key,
                    });
                }
                artifacts.push((node, derived_from));
            }
            _ => {}
        }
    }
    Ok((scopes, artifacts))
}

/// Refuses a scope named by a tombstone (its own or a reference scope) or
/// an artifact (its own or a `derived_from` node's) without a `scope`
/// record.
fn check_scopes_registered(
    records: &[ProvenanceRecord],
    scopes: &BTreeSet<&str>,
) -> Result<(), ProducerError> {
    let registered = |scope: &str| {
        if scopes.contains(scope) {
            Ok(())
        } else {
            Err(ProducerError::ScopeNotRegistered(scope.to_owned()))
        }
    };
    for record in records {
        match record {
            ProvenanceRecord::Tombstone {
                scope,
                reference_scopes,
                ..
            } => {
                registered(scope)?;
                reference_scopes.iter().try_for_each(|s| registered(s))?;
            }
            ProvenanceRecord::Artifact {
                scope,
                derived_from,
                ..
            } => {
                registered(scope)?;
                derived_from.iter().try_for_each(|n| registered(&n.scope))?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Refuses a tombstone whose `reference_scopes` miss the scope of an
/// artefact reachable from it.
fn check_reference_scopes(
    records: &[ProvenanceRecord],
    artifacts: &[Derivation<'_>],
) -> Result<(), ProducerError> {
    let mut children: HashMap<&NodeRef, Vec<&NodeRef>> = HashMap::new();
    for (node, sources) in artifacts {
        for source in *sources {
            children.entry(source).or_default().push(node);
        }
    }
    for record in records {
        let ProvenanceRecord::Tombstone {
            scope,
            key,
            reference_scopes,
            ..
        } = record
        else {
            continue;
        };
        let start = NodeRef::new(scope.as_str(), key.as_str());
        let derived = derived_from_node(&children, &start);
        if let Some(missing) = derived
            .iter()
            .find(|n| !reference_scopes.contains(&n.scope))
        {
            return Err(ProducerError::ReferenceScopesIncomplete {
                scope: scope.clone(),
                key: key.clone(),
                missing: missing.scope.clone(),
            });
        }
    }
    Ok(())
}

/// Every artefact derived from `start`, directly or transitively, in node
/// order (so the first missing scope reported does not depend on the walk).
fn derived_from_node<'a>(
    children: &HashMap<&NodeRef, Vec<&'a NodeRef>>,
    start: &NodeRef,
) -> BTreeSet<&'a NodeRef> {
    let mut seen: BTreeSet<&NodeRef> = BTreeSet::new();
    let mut queue: VecDeque<&NodeRef> = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for child in children.get(node).into_iter().flatten() {
            if seen.insert(child) {
                queue.push_back(child);
            }
        }
    }
    seen
}
