//! The persistent audit log (spec §10) on SQLite.
//!
//! The log itself is the producer's [`proofpack_producer::AuditLog`]: one
//! tree, one leaf format, one set of proofs. This module keeps it in a
//! database: every append and every redaction is written through
//! ([`ProducerLog::append_with`], [`ProducerLog::redact_with`]) in one
//! transaction before the in-memory log takes it, and [`AuditLog::open`]
//! rebuilds the log from the database ([`ProducerLog::restore`], which
//! checks every kept leaf and disclosure).
//!
//! Durability: a rollback journal (`journal_mode=DELETE`) with
//! `synchronous=FULL`, so a committed append has reached the disk and an
//! append interrupted by a crash is rolled back from the hot journal the
//! next time the file is opened: the log reopens at its last complete
//! entry. Erasure: `secure_delete=ON` overwrites a deleted disclosure with
//! zeros, and `VACUUM` after each redaction rebuilds the file, so no free
//! page keeps it; the journal holds the old page only while the redaction's
//! transaction runs, and is deleted when it commits.
//!
//! Schema (one file per log):
//!
//! * `log_meta(key, value)`: the log's `origin`;
//! * `log_entries(idx, leaf)`: the leaf bytes, never changed;
//! * `log_disclosures(idx, position, disclosure)`: the disclosures an entry
//!   still has;
//! * `log_redactions(seq, idx, field)`: the redaction records, in order;
//! * `log_checkpoints(size, note)`: the checkpoints the log signed.

use crate::PlatformError;
use ed25519_dalek::SigningKey;
use proofpack_producer::{
    AppendedEntry, AuditLog as ProducerLog, KeptEntry, KeptRedaction, LogEntry, OsSalts,
    PackSigned, SaltSource, StepRecord,
};
use proofpack_spec::merkle::Hash;
use rusqlite::{params, Connection, OptionalExtension as _, Transaction};
use std::path::{Path, PathBuf};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS log_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log_entries(idx INTEGER PRIMARY KEY, leaf BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS log_disclosures(idx INTEGER NOT NULL, position INTEGER NOT NULL,
    disclosure TEXT NOT NULL, PRIMARY KEY (idx, position));
CREATE TABLE IF NOT EXISTS log_redactions(seq INTEGER PRIMARY KEY, idx INTEGER NOT NULL,
    field TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log_checkpoints(size INTEGER PRIMARY KEY, note TEXT NOT NULL);
";

/// Names the step a database error happened at.
trait What<T> {
    fn what(self, what: &'static str) -> Result<T, PlatformError>;
}

impl<T> What<T> for Result<T, rusqlite::Error> {
    fn what(self, what: &'static str) -> Result<T, PlatformError> {
        self.map_err(|source| PlatformError::Database { what, source })
    }
}

fn sql_int(n: u64) -> Result<i64, PlatformError> {
    i64::try_from(n).map_err(|_| PlatformError::OutOfRange(n))
}

fn sql_index(n: i64) -> Result<u64, PlatformError> {
    // A negative index was written by someone else; it names no entry.
    u64::try_from(n).map_err(|_| PlatformError::MissingEntry(n))
}

/// An audit log kept in a SQLite database.
///
/// ```
/// use proofpack_platform::AuditLog;
/// use proofpack_producer::LogEntry;
/// use proofpack_spec::merkle::{leaf_hash, verify_consistency, verify_inclusion};
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("log.sqlite");
/// let mut log = AuditLog::open(&path, "audit.example.com/t1")?;
/// for day in 10..15 {
///     log.append(LogEntry::new(format!("2026-04-{day}T09:00:00Z"), "session_login"))?;
/// }
/// // Entry 1 is in the tree of 3 entries, and that tree is a prefix of the tree of 5.
/// let inclusion = log.inclusion_proof(1, 3)?;
/// let leaf = leaf_hash(log.log().leaf(1).unwrap_or_default());
/// verify_inclusion(1, 3, &leaf, &inclusion, &log.log().root_at(3)?)?;
/// let consistency = log.consistency_proof(3, 5)?;
/// verify_consistency(3, 5, &consistency, &log.log().root_at(3)?, &log.log().root_at(5)?)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AuditLog {
    conn: Connection,
    path: PathBuf,
    log: ProducerLog,
}

impl std::fmt::Debug for AuditLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuditLog")
            .field("path", &self.path)
            .field("log", &self.log)
            .finish_non_exhaustive()
    }
}

impl AuditLog {
    /// Opens the log of `origin` in the database at `path`, creating it if
    /// it does not exist, with disclosure salts from the operating system.
    ///
    /// A log interrupted by a crash reopens at its last complete entry.
    /// Refuses a database that holds another origin's log, an entry missing
    /// before later ones, and a kept entry the producer does not recognise
    /// as its own ([`ProducerLog::restore`]).
    pub fn open(path: &Path, origin: &str) -> Result<Self, PlatformError> {
        Self::open_with_salts(path, origin, Box::new(OsSalts))
    }

    /// [`Self::open`] drawing salts from `salts`. A
    /// [`proofpack_producer::SeededSalts`] restarts its sequence at every
    /// open, so reopened logs would reuse salts: tests only.
    pub fn open_with_salts(
        path: &Path,
        origin: &str,
        salts: Box<dyn SaltSource>,
    ) -> Result<Self, PlatformError> {
        const WHAT: &str = "opening";
        let mut conn = Connection::open(path).what(WHAT)?;
        // Each append reaches the disk before it is acknowledged; a crash
        // mid-append leaves a hot journal that the next open rolls back.
        conn.pragma_update(None, "journal_mode", "DELETE")
            .what(WHAT)?;
        conn.pragma_update(None, "synchronous", "FULL").what(WHAT)?;
        // Deleted disclosures are overwritten with zeros.
        conn.pragma_update(None, "secure_delete", "ON").what(WHAT)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .what(WHAT)?;
        let tx = conn.transaction().what(WHAT)?;
        tx.execute_batch(SCHEMA).what(WHAT)?;
        check_origin(&tx, origin)?;
        tx.commit().what(WHAT)?;
        let log =
            ProducerLog::restore(origin, salts, kept_entries(&conn)?, kept_redactions(&conn)?)?;
        Ok(AuditLog {
            conn,
            path: path.to_path_buf(),
            log,
        })
    }

    /// The log, for everything that only reads it: size, leaves,
    /// disclosures, roots, [`ProducerLog::witness`],
    /// [`ProducerLog::unredacted_pii_count`], [`ProducerLog::cosigned`].
    #[must_use]
    pub fn log(&self) -> &ProducerLog {
        &self.log
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `entry` ([`ProducerLog::append`]) in one durable
    /// transaction and returns its index; the log is unchanged if the
    /// producer refuses the entry or the transaction fails.
    pub fn append(&mut self, entry: LogEntry) -> Result<u64, PlatformError> {
        let conn = &mut self.conn;
        self.log.append_with(entry, |e| write_entry(conn, e))
    }

    /// Appends [`LogEntry::request_accepted`]; refuses an empty `request_id`.
    pub fn log_request_accepted(
        &mut self,
        ts: &str,
        request_id: &str,
    ) -> Result<u64, PlatformError> {
        if request_id.is_empty() {
            return Err(proofpack_producer::ProducerError::Empty("request_id".to_owned()).into());
        }
        self.append(LogEntry::request_accepted(ts, request_id))
    }

    /// Appends the entry of a step record (see
    /// [`ProducerLog::log_step_record`]); refuses an empty `request_id`.
    pub fn log_step_record(
        &mut self,
        request_id: &str,
        record: &StepRecord,
    ) -> Result<u64, PlatformError> {
        if request_id.is_empty() {
            return Err(proofpack_producer::ProducerError::Empty("request_id".to_owned()).into());
        }
        self.append(LogEntry::step(
            record.ended_at(),
            request_id,
            record.step(),
            record.status().kind(),
        ))
    }

    /// Appends the `pack_signed` entry of a signed pack at `ts` (§22,
    /// [`ProducerLog::log_pack_signed`]) in one durable transaction and
    /// returns its index: the first step of sealing the pack. The seal is
    /// then the in-memory log's ([`ProducerLog::seal`] through
    /// [`AuditLog::log`], as [`ProducerLog::cosigned`] and
    /// [`ProducerLog::witness`]): it reads the log and writes nothing.
    pub fn log_pack_signed(&mut self, ts: &str, signed: &PackSigned) -> Result<u64, PlatformError> {
        self.append(signed.log_entry(ts))
    }

    /// Redacts `fields` of entry `index` ([`ProducerLog::redact`], all or
    /// nothing), deleting their disclosures from the database in one
    /// transaction, then compacts the file (`VACUUM`) so that no free page
    /// keeps them.
    pub fn redact(&mut self, index: u64, fields: &[&str]) -> Result<(), PlatformError> {
        let conn = &mut self.conn;
        self.log.redact_with(index, fields, |index, fields| {
            let tx = conn.transaction().what("redacting")?;
            delete_disclosures(&tx, index, fields)?;
            tx.commit().what("redacting")
        })?;
        self.conn.execute_batch("VACUUM").what("compacting")
    }

    /// Signs a checkpoint of the log at its current size with `key` (named
    /// after the origin, see [`ProducerLog::checkpoint`]) and keeps it.
    pub fn checkpoint(&self, key: &SigningKey) -> Result<String, PlatformError> {
        let size = self.log.size();
        let note = self.log.checkpoint(size, self.log.origin(), key)?;
        self.conn
            .execute(
                "INSERT OR REPLACE INTO log_checkpoints(size, note) VALUES (?1, ?2)",
                params![sql_int(size)?, note],
            )
            .what("keeping a checkpoint")?;
        Ok(note)
    }

    /// The checkpoints this log signed, by size.
    pub fn checkpoints(&self) -> Result<Vec<(u64, String)>, PlatformError> {
        const WHAT: &str = "reading the checkpoints";
        let mut stmt = self
            .conn
            .prepare("SELECT size, note FROM log_checkpoints ORDER BY size")
            .what(WHAT)?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .what(WHAT)?;
        rows.map(|row| {
            let (size, note) = row.what(WHAT)?;
            Ok((sql_index(size)?, note))
        })
        .collect()
    }

    /// The RFC 9162 inclusion proof of entry `index` in the tree at `size`.
    pub fn inclusion_proof(&self, index: u64, size: u64) -> Result<Vec<Hash>, PlatformError> {
        Ok(self.log.inclusion_proof(index, size)?)
    }

    /// The RFC 9162 consistency proof from the tree at `old_size` to the
    /// tree at `new_size`.
    pub fn consistency_proof(
        &self,
        old_size: u64,
        new_size: u64,
    ) -> Result<Vec<Hash>, PlatformError> {
        Ok(self.log.consistency_proof(old_size, new_size)?)
    }
}

/// Records `origin` in a new database, or refuses another origin's.
fn check_origin(tx: &Transaction<'_>, origin: &str) -> Result<(), PlatformError> {
    const WHAT: &str = "reading the origin";
    let kept: Option<String> = tx
        .query_row("SELECT value FROM log_meta WHERE key = 'origin'", [], |r| {
            r.get(0)
        })
        .optional()
        .what(WHAT)?;
    match kept {
        Some(kept) if kept != origin => Err(PlatformError::OriginMismatch {
            kept,
            asked: origin.to_owned(),
        }),
        Some(_) => Ok(()),
        None => {
            tx.execute(
                "INSERT INTO log_meta(key, value) VALUES ('origin', ?1)",
                [origin],
            )
            .what(WHAT)?;
            Ok(())
        }
    }
}

/// Every kept entry, in index order, with its remaining disclosures.
fn kept_entries(conn: &Connection) -> Result<Vec<KeptEntry>, PlatformError> {
    const WHAT: &str = "reading the entries";
    let mut entries: Vec<KeptEntry> = Vec::new();
    let mut stmt = conn
        .prepare("SELECT idx, leaf FROM log_entries ORDER BY idx")
        .what(WHAT)?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Vec<u8>>(1)?)))
        .what(WHAT)?;
    for row in rows {
        let (idx, leaf) = row.what(WHAT)?;
        let expected = entries.len() as u64;
        if sql_index(idx)? != expected {
            return Err(PlatformError::MissingEntry(sql_int(expected)?));
        }
        entries.push(KeptEntry {
            leaf,
            disclosures: Vec::new(),
        });
    }
    let mut stmt = conn
        .prepare("SELECT idx, disclosure FROM log_disclosures ORDER BY idx, position")
        .what(WHAT)?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .what(WHAT)?;
    for row in rows {
        let (idx, disclosure) = row.what(WHAT)?;
        let entry = usize::try_from(sql_index(idx)?)
            .ok()
            .and_then(|i| entries.get_mut(i))
            .ok_or(PlatformError::MissingEntry(idx))?;
        entry.disclosures.push(disclosure);
    }
    Ok(entries)
}

/// The redaction records: one per entry, its fields in the order redacted.
fn kept_redactions(conn: &Connection) -> Result<Vec<KeptRedaction>, PlatformError> {
    const WHAT: &str = "reading the redactions";
    let mut stmt = conn
        .prepare("SELECT idx, field FROM log_redactions ORDER BY seq")
        .what(WHAT)?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .what(WHAT)?;
    let mut records: Vec<KeptRedaction> = Vec::new();
    for row in rows {
        let (idx, field) = row.what(WHAT)?;
        let index = sql_index(idx)?;
        match records.iter_mut().find(|(i, _)| *i == index) {
            Some((_, fields)) => fields.push(field),
            None => records.push((index, vec![field])),
        }
    }
    Ok(records)
}

/// Writes a new entry in one durable transaction.
fn write_entry(conn: &mut Connection, entry: &AppendedEntry<'_>) -> Result<(), PlatformError> {
    const WHAT: &str = "appending";
    let idx = sql_int(entry.index)?;
    let tx = conn.transaction().what(WHAT)?;
    tx.execute(
        "INSERT INTO log_entries(idx, leaf) VALUES (?1, ?2)",
        params![idx, entry.leaf],
    )
    .what(WHAT)?;
    for (position, disclosure) in (0i64..).zip(&entry.disclosures) {
        tx.execute(
            "INSERT INTO log_disclosures(idx, position, disclosure) VALUES (?1, ?2, ?3)",
            params![idx, position, disclosure],
        )
        .what(WHAT)?;
    }
    tx.commit().what(WHAT)
}

/// Deletes the disclosures of `fields` in entry `index` and records the
/// redaction.
fn delete_disclosures(
    tx: &Transaction<'_>,
    index: u64,
    fields: &[&str],
) -> Result<(), PlatformError> {
    const WHAT: &str = "redacting";
    let idx = sql_int(index)?;
    let mut doomed = Vec::new();
    {
        let mut stmt = tx
            .prepare("SELECT position, disclosure FROM log_disclosures WHERE idx = ?1")
            .what(WHAT)?;
        let rows = stmt
            .query_map([idx], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .what(WHAT)?;
        for row in rows {
            let (position, disclosure) = row.what(WHAT)?;
            let field = proofpack_producer::disclosed_field(&disclosure);
            if field.is_some_and(|f| fields.contains(&f.as_str())) {
                doomed.push(position);
            }
        }
    }
    for position in doomed {
        tx.execute(
            "DELETE FROM log_disclosures WHERE idx = ?1 AND position = ?2",
            params![idx, position],
        )
        .what(WHAT)?;
    }
    for field in fields {
        tx.execute(
            "INSERT INTO log_redactions(idx, field) VALUES (?1, ?2)",
            params![idx, field],
        )
        .what(WHAT)?;
    }
    Ok(())
}
