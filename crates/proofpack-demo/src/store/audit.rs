//! The mirror of the action audit log (the log itself is the producer's
//! [`proofpack_producer::AuditLog`]): leaves, remaining disclosures and
//! signed checkpoints, for the verification job to read.

use super::{to_sql_int, Store, What};
use crate::DemoError;
use rusqlite::params;

impl Store {
    /// Mirrors audit-log entry `index`: its leaf (written once) and the
    /// disclosures it still has (replacing those mirrored before).
    pub fn mirror_audit_entry(
        &self,
        index: u64,
        leaf: Option<&[u8]>,
        disclosures: &[&str],
    ) -> Result<(), DemoError> {
        const WHAT: &str = "mirroring an audit-log entry";
        let idx = to_sql_int("an audit-log index", index)?;
        if let Some(leaf) = leaf {
            self.conn
                .execute(
                    "INSERT OR IGNORE INTO audit_leaves(idx, leaf) VALUES (?1, ?2)",
                    params![idx, leaf],
                )
                .what(WHAT)?;
        }
        self.conn
            .execute("DELETE FROM audit_disclosures WHERE idx = ?1", [idx])
            .what(WHAT)?;
        for d in disclosures {
            self.conn
                .execute(
                    "INSERT INTO audit_disclosures(idx, disclosure) VALUES (?1, ?2)",
                    params![idx, d],
                )
                .what(WHAT)?;
        }
        Ok(())
    }

    /// Keeps the signed checkpoint `note` of the log at `size` entries.
    pub fn record_audit_checkpoint(&self, size: u64, note: &str) -> Result<(), DemoError> {
        let size = to_sql_int("an audit-log size", size)?;
        self.conn
            .execute(
                "INSERT OR REPLACE INTO audit_checkpoints(size, note) VALUES (?1, ?2)",
                params![size, note],
            )
            .what("recording an audit-log checkpoint")?;
        Ok(())
    }
}
