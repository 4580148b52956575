//! The provenance graph's tables: nodes, edges, the reverse index and the
//! tombstones of erased sources.

use super::backend::args;
use super::{Store, What};
use crate::DemoError;

/// A node: `(scope, key)`.
pub(crate) type Node = (String, String);

/// A tombstone a request wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tombstone {
    /// The erased source's scope.
    pub(crate) scope: String,
    /// Its key.
    pub(crate) key: String,
    /// When it was erased.
    pub(crate) at: String,
}

/// The state of a provenance node, as the store records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NodeState {
    /// `source`, `live`, `tombstoned` or `expiring`.
    pub state: String,
    /// When an expiring node expires.
    pub(crate) expires_at: Option<String>,
}

impl Store {
    /// Records that `child` was derived from `parent`: the edge, the reverse
    /// index entry, and the child's node (live).
    pub(crate) fn add_derivation(
        &self,
        child: (&str, &str),
        parent: (&str, &str),
    ) -> Result<(), DemoError> {
        const WHAT: &str = "recording a derivation";
        self.db
            .execute(
                "INSERT INTO prov_nodes(scope, key, state) VALUES (?1, ?2, 'live') ON CONFLICT DO NOTHING",
                args![child.0, child.1],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO prov_edges VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                args![child.0, child.1, parent.0, parent.1],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO prov_reverse VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                args![parent.0, parent.1, child.0, child.1],
            )
            .what(WHAT)?;
        self.bump_graph_version()
    }

    /// Tombstones the source `(scope, key)` for request `request_id`: its
    /// tombstone, and its node's state.
    pub(crate) fn tombstone_source(
        &self,
        scope: &str,
        key: &str,
        at: &str,
        request_id: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO tombstones VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                args![scope, key, at, request_id],
            )
            .what("writing a tombstone")?;
        self.mark_tombstoned(scope, key)
    }

    /// Marks the node `(scope, key)` tombstoned.
    pub(crate) fn mark_tombstoned(&self, scope: &str, key: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "UPDATE prov_nodes SET state = 'tombstoned' WHERE scope = ?1 AND key = ?2",
                args![scope, key],
            )
            .what("marking a node tombstoned")?;
        Ok(())
    }

    /// Marks the node `(scope, key)` as left to expire at `expires_at`.
    pub(crate) fn mark_expiring(
        &self,
        scope: &str,
        key: &str,
        expires_at: &str,
    ) -> Result<(), DemoError> {
        self.db.execute(
            "UPDATE prov_nodes SET state = 'expiring', expires_at = ?3 WHERE scope = ?1 AND key = ?2",
            args![scope, key, expires_at],
        ).what("marking a node expiring")?;
        Ok(())
    }

    /// Bumps the provenance graph's version (every change to the graph).
    pub(crate) fn bump_graph_version(&self) -> Result<(), DemoError> {
        let n = self.meta_number("graph_version", 0)?;
        self.set_meta("graph_version", &(n + 1).to_string())
    }

    /// The provenance graph's version, as `provenance.jsonl` names it.
    pub(crate) fn graph_version(&self) -> Result<String, DemoError> {
        Ok(format!(
            "g-{}",
            self.meta("graph_version")?
                .unwrap_or_else(|| "0".to_owned())
        ))
    }

    /// The tombstones request `request_id` wrote, by scope and key.
    pub(crate) fn tombstones(&self, request_id: &str) -> Result<Vec<Tombstone>, DemoError> {
        self.db
            .map(
                "SELECT scope, key, at FROM tombstones WHERE request_id = ?1 ORDER BY scope, key",
                args![request_id],
                |r| {
                    Ok(Tombstone {
                        scope: r.get(0)?,
                        key: r.get(1)?,
                        at: r.get(2)?,
                    })
                },
            )
            .what("reading tombstones")
    }

    /// The nodes derived from `(scope, key)`, by the reverse index, ordered.
    pub(crate) fn derived_from(&self, scope: &str, key: &str) -> Result<Vec<Node>, DemoError> {
        self.db
            .map(
                "SELECT child_scope, child_key FROM prov_reverse WHERE parent_scope = ?1 AND parent_key = ?2
         ORDER BY child_scope, child_key",
                args![scope, key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .what("walking the reverse index")
    }

    /// The parents of `(scope, key)`, by its edges, ordered.
    pub(crate) fn parents_of(&self, scope: &str, key: &str) -> Result<Vec<Node>, DemoError> {
        self.db
            .map(
                "SELECT parent_scope, parent_key FROM prov_edges WHERE child_scope = ?1 AND child_key = ?2
         ORDER BY parent_scope, parent_key",
                args![scope, key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .what("reading provenance edges")
    }

    /// The state of the node `(scope, key)`.
    pub(crate) fn node_state(&self, scope: &str, key: &str) -> Result<NodeState, DemoError> {
        self.db
            .first(
                "SELECT state, expires_at FROM prov_nodes WHERE scope = ?1 AND key = ?2",
                args![scope, key],
                |r| {
                    Ok(NodeState {
                        state: r.get(0)?,
                        expires_at: r.get(1)?,
                    })
                },
            )
            .and_then(|row| row.ok_or(super::SqlError::NoRow))
            .what("reading a provenance node")
    }
}
