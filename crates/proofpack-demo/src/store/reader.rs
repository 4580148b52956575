//! The verification job's view of the store: its own read-only
//! connection and its own queries, written apart from the cascade's (it
//! looks at every generation of the vector index, follows provenance edges
//! forward rather than the reverse index, and reads the audit log's
//! database raw), so that a probe never repeats a mistake of the step it checks.

use super::backend::{args, Backend, Location, Sqlite};
use super::{count_from, What};
use crate::DemoError;
use std::path::Path;

/// Read-only connections to the store and to the audit log's database,
/// for the verification job.
#[derive(Debug)]
pub struct Reader {
    db: Box<dyn Backend>,
    /// The audit log's own database (always SQLite: `proofpack-platform`'s).
    audit: Sqlite,
}

impl Reader {
    /// Opens the store's database at `db` and the audit log's at
    /// `audit_log`, read-only.
    pub fn open(db: &Location, audit_log: &Path) -> Result<Reader, DemoError> {
        let db = super::backend::open_read_only(db).what("opening the store read-only")?;
        let audit = Sqlite::open_read_only(audit_log).what("opening the audit log read-only")?;
        Ok(Reader { db, audit })
    }

    fn scalar(&self, what: &'static str, sql: &str, user_id: &str) -> Result<u64, DemoError> {
        let n: i64 = self.db.one(sql, args![user_id]).what(what)?;
        count_from(what, n)
    }

    /// The subject's live sessions.
    pub fn working_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing working memory",
            "SELECT COUNT(*) FROM working_sessions WHERE user_id = ?1",
            user_id,
        )
    }

    /// The subject's rows on the episodic primary, on the replica, and in
    /// replication log entries not yet applied.
    pub fn episodic_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing episodic memory",
            "SELECT (SELECT COUNT(*) FROM episodic WHERE user_id = ?1)
              + (SELECT COUNT(*) FROM episodic_replica WHERE user_id = ?1)
              + (SELECT COUNT(*) FROM replication_log r JOIN episodic e ON e.row_id = r.row_id
                 WHERE r.applied = FALSE AND e.user_id = ?1)",
            user_id,
        )
    }

    /// The subject's entities, and every dangling edge of the graph.
    pub fn semantic_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing the entity graph",
            "SELECT (SELECT COUNT(*) FROM entities WHERE user_id = ?1)
              + (SELECT COUNT(*) FROM entity_edges ed WHERE NOT EXISTS (SELECT 1 FROM entities WHERE entity_id = ed.src)
                                                       OR NOT EXISTS (SELECT 1 FROM entities WHERE entity_id = ed.dst))",
            user_id,
        )
    }

    /// The subject's vectors in every generation of every shard, serving
    /// or not.
    pub fn vectors_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing the vector index",
            "SELECT COUNT(*) FROM vectors WHERE user_id = ?1",
            user_id,
        )
    }

    /// Examples left in a manifest, and releases still serving whose
    /// training lineage includes the subject.
    pub fn fine_tune_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing the fine-tune datasets",
            "SELECT (SELECT COUNT(*) FROM dataset_examples WHERE user_id = ?1)
              + (SELECT COUNT(*) FROM training_lineage l JOIN model_releases m ON m.model_id = l.model_id
                 WHERE l.user_id = ?1 AND m.state = 'serving')",
            user_id,
        )
    }

    /// The subject's upload rows (the files are walked by the job).
    pub fn upload_rows_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing upload rows",
            "SELECT COUNT(*) FROM uploads WHERE user_id = ?1",
            user_id,
        )
    }

    /// Summaries and cached answers whose provenance edges lead back to one
    /// of the subject's sources, followed forward from the edges table,
    /// plus any summary filed under the subject.
    pub fn derivatives_residue(&self, user_id: &str) -> Result<u64, DemoError> {
        self.scalar(
            "probing derived artefacts",
            "WITH RECURSIVE derived(scope, key) AS (
             SELECT child_scope, child_key FROM prov_edges WHERE parent_scope = 'user:' || ?1
             UNION SELECT e.child_scope, e.child_key FROM prov_edges e
                   JOIN derived d ON e.parent_scope = d.scope AND e.parent_key = d.key)
         SELECT (SELECT COUNT(*) FROM summaries s WHERE s.user_id = ?1
                    OR s.summary_id IN (SELECT key FROM derived))
              + (SELECT COUNT(*) FROM answer_cache c WHERE c.cache_key IN
                    (SELECT key FROM derived WHERE scope = 'cache:answers'))",
            user_id,
        )
    }

    /// Every leaf of the audit log: its index and bytes, by index.
    pub fn audit_leaves(&self) -> Result<Vec<(i64, Vec<u8>)>, DemoError> {
        let audit: &dyn Backend = &self.audit;
        audit
            .map("SELECT idx, leaf FROM log_entries ORDER BY idx", &[], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .what("reading the audit log's leaves")
    }

    /// The disclosures the audit log still holds for leaf `idx`.
    pub fn audit_disclosures(&self, idx: i64) -> Result<Vec<String>, DemoError> {
        let audit: &dyn Backend = &self.audit;
        audit
            .column(
                "SELECT disclosure FROM log_disclosures WHERE idx = ?1",
                args![idx],
            )
            .what("reading the audit log's disclosures")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Database, Store, StorePaths};

    #[test]
    fn the_reader_cannot_write() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::create(
            StorePaths::under(&dir.path().join("store")),
            &Database::Sqlite,
            None,
        )
        .unwrap();
        drop(proofpack_platform::AuditLog::open(&store.paths.audit_log, "audit.test/t").unwrap());
        let reader = Reader::open(store.location(), &store.paths.audit_log).unwrap();
        assert_eq!(reader.working_residue("u-1").unwrap(), 0);
        let written = reader.db.execute("DELETE FROM working_sessions", &[]);
        assert!(written.is_err());
    }
}
