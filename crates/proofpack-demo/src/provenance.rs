//! The provenance graph: walks of the reverse index, and its export as
//! `provenance.jsonl` (§11) for one request, read from the store as it is
//! when the pack is made (a summary written after the cascade is in it).

use crate::store::Store;
use crate::DemoError;
use proofpack_producer::{ArtifactState, NodeRef, ProvenanceRecord, ReverseIndex};
use std::collections::{BTreeMap, BTreeSet};

/// A node: `(scope, key)`.
pub type Node = (String, String);

/// The tombstones request `request_id` wrote: `(scope, key, at)`.
pub fn tombstones(
    store: &Store,
    request_id: &str,
) -> Result<Vec<(String, String, String)>, DemoError> {
    Ok(store
        .conn
        .prepare("SELECT scope, key, at FROM tombstones WHERE request_id = ?1 ORDER BY scope, key")?
        .query_map([request_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?)
}

/// Every node reachable from `sources` through the reverse index,
/// transitively, each once, sources excluded, in the order first reached.
pub fn descendants(store: &Store, sources: &[Node]) -> Result<Vec<Node>, DemoError> {
    let mut children = store.conn.prepare(
        "SELECT child_scope, child_key FROM prov_reverse WHERE parent_scope = ?1 AND parent_key = ?2
         ORDER BY child_scope, child_key",
    )?;
    let mut seen: BTreeSet<Node> = sources.iter().cloned().collect();
    let mut frontier: Vec<Node> = sources.to_vec();
    let mut reached = Vec::new();
    while let Some((scope, key)) = frontier.pop() {
        let next: Vec<Node> = children
            .query_map([&scope, &key], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for child in next {
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
pub fn export(store: &Store, request_id: &str) -> Result<Vec<ProvenanceRecord>, DemoError> {
    let conn = &store.conn;
    let mut scopes = BTreeSet::new();
    let mut records = Vec::new();
    let mut artefacts: BTreeMap<Node, ()> = BTreeMap::new();
    let mut tombstone_records = Vec::new();
    for (scope, key, at) in tombstones(store, request_id)? {
        let reached = descendants(store, &[(scope.clone(), key.clone())])?;
        let reference_scopes: BTreeSet<String> = reached.iter().map(|n| n.0.clone()).collect();
        scopes.insert(scope.clone());
        scopes.extend(reference_scopes.iter().cloned());
        for node in reached {
            artefacts.insert(node, ());
        }
        tombstone_records.push(ProvenanceRecord::Tombstone {
            scope,
            key,
            at,
            reference_scopes: reference_scopes.into_iter().collect(),
        });
    }
    let mut parents = conn.prepare(
        "SELECT parent_scope, parent_key FROM prov_edges WHERE child_scope = ?1 AND child_key = ?2
         ORDER BY parent_scope, parent_key",
    )?;
    let mut artefact_records = Vec::new();
    let mut obligations = Vec::new();
    for (scope, key) in artefacts.keys() {
        let derived_from: Vec<Node> = parents
            .query_map([scope, key], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        scopes.extend(derived_from.iter().map(|n| n.0.clone()));
        let (state, expires_at): (String, Option<String>) = conn.query_row(
            "SELECT state, expires_at FROM prov_nodes WHERE scope = ?1 AND key = ?2",
            [scope, key],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let state = match (state.as_str(), expires_at) {
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
        artefact_records.push(ProvenanceRecord::Artifact {
            scope: scope.clone(),
            key: key.clone(),
            derived_from: derived_from
                .into_iter()
                .map(|(s, k)| NodeRef::new(s, k))
                .collect(),
            state,
        });
    }
    records.push(ProvenanceRecord::Header {
        graph_version: store.graph_version()?,
        reverse_index: ReverseIndex::Available,
    });
    records.extend(
        scopes
            .into_iter()
            .map(|scope| ProvenanceRecord::Scope { scope }),
    );
    records.extend(tombstone_records);
    records.extend(artefact_records);
    records.extend(obligations);
    Ok(records)
}
