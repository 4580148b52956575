//! The cascade's reads and writes of each memory tier, one method per
//! operation, in the order the steps use them; and the reads of the
//! platform's other parts (the subprocessors' copies, the summariser).

use super::backend::args;
use super::{note_key, user_scope, Store, What};
use crate::DemoError;

/// A backup snapshot of the episodic store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Snapshot {
    /// Its name (the backup's `location`).
    pub(crate) snapshot_id: String,
    /// When it expires.
    pub(crate) retention_until: String,
    /// Restored into use: it serves reads.
    pub in_use: bool,
}

/// An answer cache entry as the derivatives step sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CachedAnswer {
    /// Whether the cache can purge it (a TTL-only namespace cannot).
    pub(crate) purgeable: bool,
    /// When it expires.
    pub(crate) expires_at: String,
}

/// The subject's entities and every edge touching them.
const SEMANTIC_RECORDS: &str = "SELECT (SELECT COUNT(*) FROM entities WHERE user_id = ?1)
    + (SELECT COUNT(*) FROM entity_edges WHERE src IN (SELECT entity_id FROM entities WHERE user_id = ?1)
                                            OR dst IN (SELECT entity_id FROM entities WHERE user_id = ?1))";

/// The subject's vectors in the serving generation of each shard.
const SERVING_VECTORS: &str = "SELECT COUNT(*) FROM vectors WHERE user_id = ?1 AND (shard, generation) IN
                           (SELECT shard, generation FROM vector_generations WHERE role = 'serving')";

impl Store {
    // Working memory.

    /// The subject's live sessions.
    pub(crate) fn working_sessions_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count(
            "counting working sessions",
            "SELECT COUNT(*) FROM working_sessions WHERE user_id = ?1",
            user_id,
        )
    }

    /// Deletes the subject's live sessions.
    pub(crate) fn delete_working_sessions(&self, user_id: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "DELETE FROM working_sessions WHERE user_id = ?1",
                args![user_id],
            )
            .what("deleting working sessions")?;
        Ok(())
    }

    // Episodic memory.

    /// The subject's episodic rows on the primary or the replica (each
    /// row once).
    pub(crate) fn episodic_rows_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count(
            "counting episodic rows",
            "SELECT COUNT(*) FROM (SELECT row_id FROM episodic WHERE user_id = ?1
                           UNION SELECT row_id FROM episodic_replica WHERE user_id = ?1) AS rows_",
            user_id,
        )
    }

    /// The subject's episodic rows on the primary, ascending.
    pub(crate) fn episodic_row_ids(&self, user_id: &str) -> Result<Vec<i64>, DemoError> {
        self.db
            .column(
                "SELECT row_id FROM episodic WHERE user_id = ?1 ORDER BY row_id",
                args![user_id],
            )
            .what("listing episodic rows")
    }

    /// Deletes an episodic row on the primary and logs the deletion for
    /// the replica.
    pub(crate) fn delete_episodic_row(&self, row_id: i64) -> Result<(), DemoError> {
        const WHAT: &str = "deleting an episodic row";
        self.db
            .execute("DELETE FROM episodic WHERE row_id = ?1", args![row_id])
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO replication_log(row_id, op) VALUES (?1, 'delete')",
                args![row_id],
            )
            .what(WHAT)?;
        Ok(())
    }

    /// Records the subject in the suppression ledger every restore of a
    /// backup applies.
    pub(crate) fn record_suppression(
        &self,
        user_id: &str,
        request_id: &str,
        at: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO suppression_ledger VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                args![user_id, request_id, at],
            )
            .what("recording the suppression ledger")?;
        Ok(())
    }

    /// Applies every pending replication log entry to the replica, in log
    /// order. Returns how many were applied.
    pub(crate) fn drain_replication(&self) -> Result<usize, DemoError> {
        const WHAT: &str = "draining replication";
        let pending: Vec<(i64, i64, String)> = self
            .db
            .map(
                "SELECT lsn, row_id, op FROM replication_log WHERE applied = FALSE ORDER BY lsn",
                &[],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .what(WHAT)?;
        for (lsn, row_id, op) in &pending {
            if op == "upsert" {
                self.db
                    .execute(
                        "INSERT INTO episodic_replica(row_id, user_id, at, kind, content)
                         SELECT row_id, user_id, at, kind, content FROM episodic WHERE row_id = ?1
                         ON CONFLICT (row_id) DO UPDATE SET user_id = excluded.user_id,
                           at = excluded.at, kind = excluded.kind, content = excluded.content",
                        args![*row_id],
                    )
                    .what(WHAT)?;
            } else {
                self.db
                    .execute(
                        "DELETE FROM episodic_replica WHERE row_id = ?1",
                        args![*row_id],
                    )
                    .what(WHAT)?;
            }
            self.db
                .execute(
                    "UPDATE replication_log SET applied = TRUE WHERE lsn = ?1",
                    args![*lsn],
                )
                .what(WHAT)?;
        }
        Ok(pending.len())
    }

    /// Replication log entries not yet applied to the replica.
    pub(crate) fn unapplied_replication_count(&self) -> Result<u64, DemoError> {
        const WHAT: &str = "counting unapplied replication entries";
        let n: i64 = self
            .db
            .one(
                "SELECT COUNT(*) FROM replication_log WHERE applied = FALSE",
                &[],
            )
            .what(WHAT)?;
        super::count_from(WHAT, n)
    }

    /// Backup snapshots holding rows of the subject, oldest first.
    pub(crate) fn backup_snapshots_of(&self, user_id: &str) -> Result<Vec<Snapshot>, DemoError> {
        const WHAT: &str = "reading the subject's backup snapshots";
        self.db
            .map(
                "SELECT snapshot_id, retention_until, in_use FROM backup_snapshots
                 WHERE snapshot_id IN (SELECT snapshot_id FROM backup_episodic WHERE user_id = ?1)
                 ORDER BY taken_at, snapshot_id",
                args![user_id],
                |r| {
                    Ok(Snapshot {
                        snapshot_id: r.get(0)?,
                        retention_until: r.get(1)?,
                        in_use: r.get(2)?,
                    })
                },
            )
            .what(WHAT)
    }

    // The semantic entity graph.

    /// The subject's entities and the edges touching them.
    pub(crate) fn semantic_records_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count("counting entities", SEMANTIC_RECORDS, user_id)
    }

    /// Deletes the edges touching the subject's entities, then the entities.
    pub(crate) fn delete_entities(&self, user_id: &str) -> Result<(), DemoError> {
        const WHAT: &str = "deleting entities";
        self.db.execute(
            "DELETE FROM entity_edges WHERE src IN (SELECT entity_id FROM entities WHERE user_id = ?1)
                                         OR dst IN (SELECT entity_id FROM entities WHERE user_id = ?1)",
            args![user_id],
        ).what(WHAT)?;
        self.db
            .execute("DELETE FROM entities WHERE user_id = ?1", args![user_id])
            .what(WHAT)?;
        Ok(())
    }

    /// Drops every edge whose end is no entity. Returns how many.
    pub(crate) fn drop_dangling_edges(&self) -> Result<u64, DemoError> {
        self.db
            .execute(
                "DELETE FROM entity_edges WHERE src NOT IN (SELECT entity_id FROM entities)
                                         OR dst NOT IN (SELECT entity_id FROM entities)",
                &[],
            )
            .what("dropping dangling edges")
    }

    /// Bumps the entity graph's version (1 before its first rebuild) and
    /// returns the new one.
    pub(crate) fn bump_entity_graph_version(&self) -> Result<i64, DemoError> {
        let version = self.meta_number("entity_graph_version", 1)? + 1;
        self.set_meta("entity_graph_version", &version.to_string())?;
        Ok(version)
    }

    // The vector index.

    /// The subject's vectors, in every generation of every shard.
    pub(crate) fn vectors_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count(
            "counting vectors",
            "SELECT COUNT(*) FROM vectors WHERE user_id = ?1",
            user_id,
        )
    }

    /// The shards holding a vector of the subject, ascending.
    pub(crate) fn shards_holding(&self, user_id: &str) -> Result<Vec<i64>, DemoError> {
        self.db
            .column(
                "SELECT DISTINCT shard FROM vectors WHERE user_id = ?1 ORDER BY shard",
                args![user_id],
            )
            .what("listing shards")
    }

    /// Rebuilds `shard` into a new generation from its serving one without
    /// the subject's vectors, builds its HNSW index, and drops every older
    /// generation with its index. Returns the new generation.
    pub(crate) fn rebuild_shard_without(
        &self,
        shard: i64,
        user_id: &str,
        at: &str,
    ) -> Result<i64, DemoError> {
        const WHAT: &str = "rebuilding a shard";
        let (serving, newest): (i64, i64) = self
            .db
            .first(
                "SELECT (SELECT generation FROM vector_generations WHERE shard = ?1 AND role = 'serving'),
                        (SELECT MAX(generation) FROM vector_generations WHERE shard = ?1)",
                args![shard],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .and_then(|row| row.ok_or(super::SqlError::NoRow))
            .what(WHAT)?;
        let generation = newest + 1;
        self.db
            .execute(
                "INSERT INTO vectors(shard, generation, vector_id, user_id, source_key, embedding)
                 SELECT shard, CAST(?2 AS BIGINT), vector_id, user_id, source_key, embedding
                 FROM vectors WHERE shard = ?1 AND generation = ?3 AND user_id != ?4",
                args![shard, generation, serving, user_id],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "DELETE FROM vectors WHERE shard = ?1 AND generation != ?2",
                args![shard, generation],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "DELETE FROM vector_generations WHERE shard = ?1",
                args![shard],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO vector_generations VALUES (?1, ?2, 'serving', ?3)",
                args![shard, generation, at],
            )
            .what(WHAT)?;
        self.build_index(shard, generation)?;
        self.drop_indexes_except(shard, generation)?;
        Ok(generation)
    }

    /// The subject's vectors in the serving generations only.
    pub(crate) fn serving_vectors_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count("counting serving vectors", SERVING_VECTORS, user_id)
    }

    /// Deletes the subject's vectors from the serving generations only.
    pub(crate) fn delete_serving_vectors(&self, user_id: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "DELETE FROM vectors WHERE user_id = ?1 AND (shard, generation) IN
             (SELECT shard, generation FROM vector_generations WHERE role = 'serving')",
                args![user_id],
            )
            .what("deleting serving vectors")?;
        Ok(())
    }

    // Fine-tune datasets and model releases.

    /// The subject's examples in every dataset manifest.
    pub(crate) fn dataset_examples_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count(
            "counting dataset examples",
            "SELECT COUNT(*) FROM dataset_examples WHERE user_id = ?1",
            user_id,
        )
    }

    /// Deletes the subject's examples (their content: the manifests that
    /// list them are never edited).
    pub(crate) fn delete_dataset_examples(&self, user_id: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "DELETE FROM dataset_examples WHERE user_id = ?1",
                args![user_id],
            )
            .what("deleting dataset examples")?;
        Ok(())
    }

    /// Suppresses the subject in the outputs of `model_id` (no retraining).
    pub(crate) fn add_output_filter(
        &self,
        model_id: &str,
        user_id: &str,
        at: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO output_filters VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                args![model_id, user_id, at],
            )
            .what("adding an output filter")?;
        Ok(())
    }

    // Uploads.

    /// The subject's upload rows.
    pub(crate) fn upload_rows_count(&self, user_id: &str) -> Result<u64, DemoError> {
        self.count(
            "counting upload rows",
            "SELECT COUNT(*) FROM uploads WHERE user_id = ?1",
            user_id,
        )
    }

    /// Deletes the subject's upload rows.
    pub(crate) fn delete_upload_rows(&self, user_id: &str) -> Result<(), DemoError> {
        self.db
            .execute("DELETE FROM uploads WHERE user_id = ?1", args![user_id])
            .what("deleting upload rows")?;
        Ok(())
    }

    // Derived artefacts.

    /// Whether the cached answer `key` is in the cache.
    pub(crate) fn cached_answer_exists(&self, key: &str) -> Result<bool, DemoError> {
        self.db
            .one(
                "SELECT EXISTS (SELECT 1 FROM answer_cache WHERE cache_key = ?1)",
                args![key],
            )
            .what("looking up a cached answer")
    }

    /// Whether the summary `summary_id` exists.
    pub(crate) fn summary_exists(&self, summary_id: &str) -> Result<bool, DemoError> {
        self.db
            .one(
                "SELECT EXISTS (SELECT 1 FROM summaries WHERE summary_id = ?1)",
                args![summary_id],
            )
            .what("looking up a summary")
    }

    /// The cached answer `key`, if the cache holds it.
    pub(crate) fn cached_answer(&self, key: &str) -> Result<Option<CachedAnswer>, DemoError> {
        self.db
            .first(
                "SELECT purgeable, expires_at FROM answer_cache WHERE cache_key = ?1",
                args![key],
                |r| {
                    Ok(CachedAnswer {
                        purgeable: r.get(0)?,
                        expires_at: r.get(1)?,
                    })
                },
            )
            .what("reading a cached answer")
    }

    /// Purges the cached answer `key`.
    pub(crate) fn delete_cached_answer(&self, key: &str) -> Result<(), DemoError> {
        self.db
            .execute("DELETE FROM answer_cache WHERE cache_key = ?1", args![key])
            .what("purging a cached answer")?;
        Ok(())
    }

    /// Deletes the summary `summary_id`.
    pub(crate) fn delete_summary(&self, summary_id: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "DELETE FROM summaries WHERE summary_id = ?1",
                args![summary_id],
            )
            .what("deleting a summary")?;
        Ok(())
    }

    // Reads of the subprocessors' copies and the summariser.

    /// The ids of the subject's vectors in the serving generations,
    /// ascending (what the vector database holds).
    pub(crate) fn serving_vector_ids(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        self.db
            .column(
                "SELECT v.vector_id FROM vectors v JOIN vector_generations g USING (shard, generation)
                 WHERE g.role = 'serving' AND v.user_id = ?1 ORDER BY v.vector_id",
                args![user_id],
            )
            .what("listing serving vectors")
    }

    /// The contents of the subject's episodic notes, in row order (what
    /// the knowledge base holds).
    pub(crate) fn note_contents(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        self.db
            .column(
                "SELECT content FROM episodic WHERE user_id = ?1 AND kind = 'note' ORDER BY row_id",
                args![user_id],
            )
            .what("listing notes")
    }

    /// The subject's latest episodic note on the primary: its row id and
    /// content.
    pub(crate) fn latest_note(&self, user_id: &str) -> Result<Option<(i64, String)>, DemoError> {
        self.db
            .first(
                "SELECT row_id, content FROM episodic WHERE user_id = ?1 AND kind = 'note'
             ORDER BY row_id DESC LIMIT 1",
                args![user_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .what("reading the latest note")
    }

    /// Whether the subject's episodic note `row_id` has been tombstoned.
    pub(crate) fn note_tombstoned(&self, user_id: &str, row_id: i64) -> Result<bool, DemoError> {
        self.db
            .one(
                "SELECT EXISTS (SELECT 1 FROM tombstones WHERE scope = ?1 AND key = ?2)",
                args![user_scope(user_id), note_key(row_id)],
            )
            .what("looking up a tombstone")
    }
}
