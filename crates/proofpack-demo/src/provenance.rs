//! The provenance graph: walks of the reverse index, and its export as
//! `provenance.jsonl` (§11) for one request, read from the store as it is
//! when the pack is made (a summary written after the cascade is in it).

use crate::store::Store;
use crate::DemoError;
use proofpack_producer::{ArtifactState, NodeRef, ProvenanceRecord, ReverseIndex};
use std::collections::BTreeSet;

pub(crate) use crate::store::Node;

/// Every node reachable from `sources` through the reverse index,
/// transitively, each once, sources excluded, in the order first reached.
pub(crate) fn descendants(store: &Store, sources: &[Node]) -> Result<Vec<Node>, DemoError> {
    let mut seen: BTreeSet<Node> = sources.iter().cloned().collect();
    let mut frontier: Vec<Node> = sources.to_vec();
    let mut reached = Vec::new();
    while let Some((scope, key)) = frontier.pop() {
        for child in store.derived_from(&scope, &key)? {
            if seen.insert(child.clone()) {
                reached.push(child.clone());
                frontier.push(child);
            }
        }
    }
    Ok(reached)
}

/// The `provenance.jsonl` records of request `request_id`: the header, the
/// scopes, the request's tombstones (each with the scopes of everything
/// derived from it), every artefact derived from them with its state and
/// parents, and a deferred obligation for each artefact left to expire.
pub(crate) fn export(store: &Store, request_id: &str) -> Result<Vec<ProvenanceRecord>, DemoError> {
    let mut scopes = BTreeSet::new();
    let (tombstones, artefacts) = tombstone_records(store, request_id, &mut scopes)?;
    let (artefacts, obligations) = artefact_records(store, &artefacts, &mut scopes)?;
    let mut records = vec![ProvenanceRecord::Header {
        graph_version: store.graph_version()?,
        reverse_index: ReverseIndex::Available,
    }];
    records.extend(
        scopes
            .into_iter()
            .map(|scope| ProvenanceRecord::Scope { scope }),
    );
    records.extend(tombstones);
    records.extend(artefacts);
    records.extend(obligations);
    Ok(records)
}

/// The tombstone records of request `request_id`, each with the scopes of
/// everything derived from it, and every artefact so derived (ordered,
/// each once). Adds every scope they name to `scopes`.
fn tombstone_records(
    store: &Store,
    request_id: &str,
    scopes: &mut BTreeSet<String>,
) -> Result<(Vec<ProvenanceRecord>, BTreeSet<Node>), DemoError> {
    let mut artefacts = BTreeSet::new();
    let mut records = Vec::new();
    for tombstone in store.tombstones(request_id)? {
        let reached = descendants(store, &[(tombstone.scope.clone(), tombstone.key.clone())])?;
        let reference_scopes: BTreeSet<String> = reached.iter().map(|n| n.0.clone()).collect();
        scopes.insert(tombstone.scope.clone());
        scopes.extend(reference_scopes.iter().cloned());
        artefacts.extend(reached);
        records.push(ProvenanceRecord::Tombstone {
            scope: tombstone.scope,
            key: tombstone.key,
            at: tombstone.at,
            reference_scopes: reference_scopes.into_iter().collect(),
        });
    }
    Ok((records, artefacts))
}

/// The artefact records of `artefacts`, with their parents and state, and
/// an obligation for each left to expire. Adds their parents' scopes to
/// `scopes`.
fn artefact_records(
    store: &Store,
    artefacts: &BTreeSet<Node>,
    scopes: &mut BTreeSet<String>,
) -> Result<(Vec<ProvenanceRecord>, Vec<ProvenanceRecord>), DemoError> {
    let mut records = Vec::new();
    let mut obligations = Vec::new();
    for (scope, key) in artefacts {
        let derived_from = store.parents_of(scope, key)?;
        scopes.extend(derived_from.iter().map(|n| n.0.clone()));
        let node = store.node_state(scope, key)?;
        let state = match (node.state.as_str(), node.expires_at) {
            ("tombstoned", _) => ArtifactState::Tombstoned,
            ("expiring", Some(expires_at)) => {
                obligations.push(ProvenanceRecord::Obligation {
                    target: NodeRef::new(scope.as_str(), key.as_str()),
                    namespaces: vec![scope.clone()],
                    expires_at: expires_at.clone(),
                });
                ArtifactState::Expiring { expires_at }
            }
            _ => ArtifactState::Live,
        };
        records.push(ProvenanceRecord::Artifact {
            scope: scope.clone(),
            key: key.clone(),
            derived_from: derived_from
                .into_iter()
                .map(|(s, k)| NodeRef::new(s, k))
                .collect(),
            state,
        });
    }
    Ok((records, obligations))
}
