//! The probe job's view of the store: its own read-only
//! connections (the store's and the audit log's databases) and its own
//! queries ([`super::reader_job`]), written apart from the cascade's, so
//! that a probe never repeats a mistake of the step it checks.

use super::backend::{args, Backend, Location, Sqlite};
use super::What;
use crate::DemoError;
use std::path::Path;

/// Read-only connections to the store and to the audit log's database,
/// for the probe job.
#[derive(Debug)]
pub(crate) struct Reader {
    pub(super) db: Box<dyn Backend>,
    /// The audit log's own database (always SQLite: `proofpack-platform`'s).
    audit: Sqlite,
}

impl Reader {
    /// Opens the store's database at `db` and the audit log's at
    /// `audit_log`, read-only.
    pub(crate) fn open(db: &Location, audit_log: &Path) -> Result<Reader, DemoError> {
        let db = super::backend::open_read_only(db).what("opening the store read-only")?;
        let audit = Sqlite::open_read_only(audit_log).what("opening the audit log read-only")?;
        Ok(Reader { db, audit })
    }

    /// Every leaf of the audit log: its index and bytes, by index.
    pub(crate) fn audit_leaves(&self) -> Result<Vec<(i64, Vec<u8>)>, DemoError> {
        let audit: &dyn Backend = &self.audit;
        audit
            .map("SELECT idx, leaf FROM log_entries ORDER BY idx", &[], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .what("reading the audit log's leaves")
    }

    /// The disclosures the audit log still holds for leaf `idx`.
    pub(crate) fn audit_disclosures(&self, idx: i64) -> Result<Vec<String>, DemoError> {
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
        assert_eq!(reader.meta_value("pseudonym_key").unwrap(), None);
        let written = reader.db.execute("DELETE FROM working_sessions", &[]);
        assert!(written.is_err());
    }
}
