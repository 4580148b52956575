//! The agent-memory store: one database (SQLite under `DIR/store/`, the
//! embedded default, or PostgreSQL with `--store postgres://...`) and two
//! upload folders, seeded deterministically with synthetic subjects.
//!
//! The tiers are those of a real agent platform:
//!
//! * working memory: live sessions (`working_sessions`);
//! * episodic memory: rows on a primary (`episodic`) and a replica
//!   (`episodic_replica`) kept in step by a replication log whose last
//!   entries are not yet applied (replication lag);
//! * a semantic entity graph (`entities`, `entity_edges`);
//! * a vector index in shards and generations (`vector_generations`,
//!   `vectors`, `vector_indexes`): each shard serves one generation and
//!   keeps its previous one, with its copies of the vectors and its stored
//!   HNSW index, until it is rebuilt;
//! * fine-tune examples (`dataset_examples`), immutable versioned dataset
//!   manifests listing them (`dataset_manifests`, `manifest_entries`), model
//!   releases named by the digest of their weights, each recording the
//!   manifest it was trained on (`model_releases`), and output filters
//!   (`output_filters`);
//! * uploads: files in `uploads/<user>/` with a replica in
//!   `uploads-replica/<user>/`, and their rows (`uploads`);
//! * derived artefacts: summaries and an answer cache with a TTL
//!   (`summaries`, `answer_cache`), with provenance nodes, edges and a
//!   reverse index (`prov_nodes`, `prov_edges`, `prov_reverse`) and the
//!   tombstones of erased sources (`tombstones`);
//! * (beside it, in its own file `audit-log.sqlite`: the action audit log,
//!   `proofpack-platform`'s persistent [`proofpack_platform::AuditLog`]);
//! * a backup snapshot of the episodic store (`backup_episodic`) and the
//!   suppression ledger a restore must apply (`suppression_ledger`);
//! * the request handling itself: the identity desk's verification
//!   records (`identity_verifications`), `erasure_requests`, the step
//!   ledger (`step_ledger`), the exceptions opened for failed steps
//!   (`exceptions`) and the collected receipts (`receipts`).
//!
//! All SQL lives in this module, written once for every engine through
//! [`backend::Backend`] (its first comment says how to write a query). The
//! cascade, the seeder and the rest of the platform use [`Store`]'s typed
//! methods; the probe job reads through a [`Reader`], a separate
//! read-only connection with its own queries, so that its probes share no
//! code path with the cascade.

pub mod backend;
mod finetune;
mod provenance;
mod reader;
mod reader_job;
mod records;
mod requests;
mod schema;
mod seed;
mod tiers;
mod vectors;

pub(crate) use finetune::ServingRelease;
pub(crate) use provenance::Node;
pub(crate) use reader::Reader;
pub(crate) use reader_job::ServingModel;
pub use seed::Synthetic;
pub(crate) use tiers::CachedAnswer;

/// The error of the store's engine, named here so that only this module
/// depends on the engine.
pub use backend::{Location, SqlError};

use crate::fault::Fault;
use crate::DemoError;
use backend::{args, Backend};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// A synthetic data subject (every name, address and number is fictitious).
#[derive(Debug, Clone, Copy)]
pub struct Subject {
    /// The platform's account id.
    pub user_id: &'static str,
    /// E-mail address: the raw identifier an erasure request names.
    pub email: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Last IP address (documentation ranges of RFC 5737).
    pub ip: &'static str,
    /// Employer, an entity attributed to the subject.
    pub(crate) employer: &'static str,
    /// City, a shared entity the subject is linked to.
    pub city: &'static str,
}

/// The seeded subjects. The first is the one the demo's request erases.
pub const SUBJECTS: [Subject; 4] = [
    Subject {
        user_id: "u-5e3a",
        email: "alice@example.com",
        name: "Alice Example",
        ip: "192.0.2.10",
        employer: "Northwind Traders",
        city: "Lisbon",
    },
    Subject {
        user_id: "u-7b21",
        email: "bruno.costa@example.net",
        name: "Bruno Costa",
        ip: "198.51.100.23",
        employer: "Contoso Pharma",
        city: "Lisbon",
    },
    Subject {
        user_id: "u-c4f1",
        email: "carol.nguyen@example.org",
        name: "Carol Nguyen",
        ip: "203.0.113.44",
        employer: "Fabrikam Ltd",
        city: "Nairobi",
    },
    Subject {
        user_id: "u-d902",
        email: "dmitri.ivanov@example.com",
        name: "Dmitri Ivanov",
        ip: "192.0.2.87",
        employer: "Tailspin Toys",
        city: "Kampala",
    },
];

/// Number of vector shards.
pub(crate) const SHARDS: i64 = 3;
/// Scope of the shared answer cache.
pub(crate) const CACHE_SCOPE: &str = "cache:answers";
/// Fine-tune dataset built before the first subject joined.
pub(crate) const EARLY_MANIFEST: &str = "ft-2026-01";
/// Fine-tune dataset that includes every subject.
pub(crate) const LATE_MANIFEST: &str = "ft-2026-03";
/// The table of the episodic backups (§17).
pub(crate) const BACKUP_TABLE: &str = "backup_episodic";
/// The store's records of the erasure itself, which keep the subject's
/// account id or pseudonym by design (never content): each table, and why.
pub(crate) const ERASURE_RECORDS: [(&str, &str); 7] = [
    (
        "erasure_requests",
        "the accepted request (the erasure's own record)",
    ),
    (
        "step_ledger",
        "the cascade's step ledger (the erasure's own record)",
    ),
    (
        "receipts",
        "the subprocessors' receipts (the erasure's own record)",
    ),
    (
        "exceptions",
        "the exceptions opened for failed steps (the erasure's own record)",
    ),
    (
        "suppression_ledger",
        "the subjects every restore of a backup must suppress (§17)",
    ),
    (
        "tombstones",
        "the tombstones of erased sources (provenance, §11)",
    ),
    (
        "identity_verifications",
        "the identity desk's records, by pseudonym",
    ),
];
/// The model trained on [`EARLY_MANIFEST`].
pub(crate) const EARLY_MODEL: &str = "assistant-ft-2026-01";
/// The model trained on [`LATE_MANIFEST`].
pub(crate) const LATE_MODEL: &str = "assistant-ft-2026-03";

/// The provenance scope of a user's source records (notes, uploads).
#[must_use]
pub(crate) fn user_scope(user_id: &str) -> String {
    format!("user:{user_id}")
}

/// The provenance scope of artefacts derived from a user's records.
#[must_use]
pub(crate) fn derived_scope(user_id: &str) -> String {
    format!("user:{user_id}:derived")
}

/// The provenance key of an episodic note.
#[must_use]
pub(crate) fn note_key(row_id: i64) -> String {
    format!("note-{row_id}")
}

/// Which database holds the store's tiers (the upload folders and the
/// audit log's own SQLite file stay under `DIR/store/` whichever it is).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Database {
    /// SQLite, embedded, in `DIR/store/agent-memory.sqlite` (the default).
    #[default]
    Sqlite,
    /// PostgreSQL: the database at this connection URL, which must be
    /// empty or hold only a previous run's store.
    Postgres(String),
}

impl Database {
    /// Where this database is for a store laid out as `paths`.
    #[must_use]
    pub fn location(&self, paths: &StorePaths) -> Location {
        match self {
            Database::Sqlite => Location::Sqlite(paths.db.clone()),
            Database::Postgres(url) => Location::Postgres(url.clone()),
        }
    }

    /// The database named by `--store`: a `postgres://` or
    /// `postgresql://` URL.
    pub fn from_url(url: &str) -> Result<Database, String> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Database::Postgres(url.to_owned()))
        } else {
            Err("expected a postgres:// URL (without --store, the store is SQLite under DIR/store/)".to_owned())
        }
    }
}

/// Where the store lives.
#[derive(Debug, Clone)]
pub struct StorePaths {
    /// The folder holding everything below.
    pub dir: PathBuf,
    /// The SQLite database (when the store is on SQLite).
    pub(crate) db: PathBuf,
    /// The action audit log's own SQLite database.
    pub audit_log: PathBuf,
    /// The upload store.
    pub uploads: PathBuf,
    /// The upload store's replica.
    pub uploads_replica: PathBuf,
}

impl StorePaths {
    /// The layout under `dir`.
    #[must_use]
    pub(crate) fn under(dir: &Path) -> Self {
        StorePaths {
            dir: dir.to_path_buf(),
            db: dir.join("agent-memory.sqlite"),
            audit_log: dir.join("audit-log.sqlite"),
            uploads: dir.join("uploads"),
            uploads_replica: dir.join("uploads-replica"),
        }
    }
}

/// The store, open for writing (the cascade's and the seeder's connection).
#[derive(Debug)]
pub struct Store {
    /// The read-write connection; private so that every statement is one
    /// of this module's methods.
    db: Box<dyn Backend>,
    /// Where its database is.
    location: Location,
    /// Where it lives.
    pub paths: StorePaths,
    /// The run's fault, for the defects that live in the store.
    pub fault: Option<Fault>,
}

/// An open transaction of the [`Store`]: [`Self::commit`] keeps its
/// changes; dropping it rolls them back.
#[derive(Debug)]
pub(crate) struct Transaction<'a>(backend::Transaction<'a>);

impl Transaction<'_> {
    /// Commits every change made since [`Store::begin`].
    pub(crate) fn commit(self) -> Result<(), DemoError> {
        self.0.commit().what("committing a transaction")
    }
}

/// Turns a SQLite error into [`DemoError::Sql`], naming what was being done.
trait What<T> {
    fn what(self, what: &'static str) -> Result<T, DemoError>;
}

impl<T> What<T> for Result<T, SqlError> {
    fn what(self, what: &'static str) -> Result<T, DemoError> {
        self.map_err(|source| DemoError::Sql { what, source })
    }
}

/// A count read from the store (an `i64`) as a `u64`: a negative count can
/// only come from a corrupt store, and is an error rather than zero.
pub(crate) fn count_from(what: &'static str, count: i64) -> Result<u64, DemoError> {
    u64::try_from(count).map_err(|_| DemoError::NegativeCount { what, count })
}

/// A row count or index as the store keeps it (an `i64`).
fn to_sql_int<T>(what: &'static str, n: T) -> Result<i64, DemoError>
where
    i64: TryFrom<T, Error = std::num::TryFromIntError>,
{
    i64::try_from(n).map_err(|source| DemoError::IntRange { what, source })
}

/// Serialises a record kept in the store as JSON text.
fn to_json<T: serde::Serialize>(what: &'static str, value: &T) -> Result<String, DemoError> {
    serde_json::to_string(value).map_err(|source| DemoError::Json { what, source })
}

/// Reads back a record kept in the store as JSON text.
fn from_json<T: serde::de::DeserializeOwned>(
    what: &'static str,
    text: &str,
) -> Result<T, DemoError> {
    serde_json::from_str(text).map_err(|source| DemoError::Json { what, source })
}

/// Hex SHA-256.
#[must_use]
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    proofpack_spec::encoding::hex(&Sha256::digest(bytes))
}

impl Store {
    /// Creates an empty store under `paths.dir` (which must not hold one),
    /// its tiers in `database`: an empty database gets the schema; one
    /// holding only a previous run's store has it dropped first; one
    /// holding anything else is refused ([`DemoError::ForeignDatabase`]).
    pub(crate) fn create(
        paths: StorePaths,
        database: &Database,
        fault: Option<Fault>,
    ) -> Result<Store, DemoError> {
        for dir in [&paths.dir, &paths.uploads, &paths.uploads_replica] {
            std::fs::create_dir_all(dir).map_err(|e| DemoError::io(dir, e))?;
        }
        const WHAT: &str = "creating the store";
        let location = database.location(&paths);
        let db = backend::open(&location).what(WHAT)?;
        match schema::survey(db.as_ref()).what(WHAT)? {
            schema::Found::Empty => {}
            schema::Found::OwnSchema(tables) => {
                schema::drop_tables(db.as_ref(), &tables).what(WHAT)?;
            }
            schema::Found::Foreign(tables) => {
                return Err(DemoError::ForeignDatabase {
                    database: format!("{location:?}"),
                    tables,
                })
            }
        }
        schema::migrate(db.as_ref()).what(WHAT)?;
        Ok(Store {
            db,
            location,
            paths,
            fault,
        })
    }

    /// Where the store's database is (for the probe job's own
    /// connection).
    #[must_use]
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// Begins a transaction: what the store's methods change until
    /// [`Transaction::commit`] is kept, or dropped, together.
    pub(crate) fn begin(&self) -> Result<Transaction<'_>, DemoError> {
        backend::Transaction::begin(self.db.as_ref())
            .map(Transaction)
            .what("beginning a transaction")
    }

    /// The count `sql` returns for `user_id`.
    fn count(&self, what: &'static str, sql: &str, user_id: &str) -> Result<u64, DemoError> {
        let n: i64 = self.db.one(sql, args![user_id]).what(what)?;
        count_from(what, n)
    }

    /// A `meta` value.
    fn meta(&self, key: &str) -> Result<Option<String>, DemoError> {
        self.db
            .opt("SELECT value FROM meta WHERE key = ?1", args![key])
            .what("reading a meta value")
    }

    /// Sets a `meta` value.
    fn set_meta(&self, key: &str, value: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO meta(key, value) VALUES (?1, ?2)
                 ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                args![key, value],
            )
            .what("writing a meta value")?;
        Ok(())
    }

    /// A numeric `meta` value, `default` when there is none.
    fn meta_number(&self, key: &'static str, default: i64) -> Result<i64, DemoError> {
        match self.meta(key)? {
            None => Ok(default),
            Some(value) => {
                value
                    .parse()
                    .map_err(|source| DemoError::BadMeta { key, value, source })
            }
        }
    }

    /// Keeps the controller's pseudonym key (HMAC).
    pub(crate) fn set_pseudonym_key(&self, key: &[u8]) -> Result<(), DemoError> {
        use base64::Engine as _;
        self.set_meta(
            "pseudonym_key",
            &base64::engine::general_purpose::STANDARD.encode(key),
        )
    }

    /// The controller's pseudonym key.
    pub(crate) fn pseudonym_key(&self) -> Result<Vec<u8>, DemoError> {
        use base64::Engine as _;
        let encoded = self
            .meta("pseudonym_key")?
            .ok_or(DemoError::MissingPseudonymKey)?;
        base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .map_err(DemoError::BadPseudonymKey)
    }

    /// Makes the space the cascade freed unreadable: no older copy of an
    /// erased row stays in the engine's log or free pages.
    pub(crate) fn checkpoint_wal(&self) -> Result<(), DemoError> {
        self.db
            .reclaim()
            .what("reclaiming the space of erased rows")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_store(dir: &Path) -> Store {
        Store::create(
            StorePaths::under(&dir.join("store")),
            &Database::Sqlite,
            None,
        )
        .unwrap()
    }

    #[test]
    fn a_negative_count_is_a_corrupt_store_not_zero() {
        let dir = tempfile::tempdir().unwrap();
        let store = empty_store(dir.path());
        let counted = store.count("a test count", "SELECT -1 WHERE ?1 IS NOT NULL", "u-1");
        assert!(matches!(
            counted,
            Err(DemoError::NegativeCount { count: -1, .. })
        ));
        assert!(matches!(count_from("a test count", 0), Ok(0)));
    }

    #[test]
    fn a_store_without_a_pseudonym_key_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let store = empty_store(dir.path());
        assert!(matches!(
            store.pseudonym_key(),
            Err(DemoError::MissingPseudonymKey)
        ));
        store.set_meta("pseudonym_key", "not base64!").unwrap();
        assert!(matches!(
            store.pseudonym_key(),
            Err(DemoError::BadPseudonymKey(_))
        ));
        store.set_pseudonym_key(&[7; 32]).unwrap();
        assert_eq!(store.pseudonym_key().unwrap(), vec![7; 32]);
    }

    #[test]
    fn a_failed_statement_keeps_its_sqlite_error() {
        let dir = tempfile::tempdir().unwrap();
        let store = empty_store(dir.path());
        store.set_meta("graph_version", "seven").unwrap();
        assert!(matches!(
            store.bump_graph_version(),
            Err(DemoError::BadMeta {
                key: "graph_version",
                ..
            })
        ));
        store.db.batch("DROP TABLE working_sessions").unwrap();
        let failed = store.working_sessions_count("u-1");
        assert!(matches!(
            failed,
            Err(DemoError::Sql {
                source: SqlError::Sqlite(rusqlite::Error::SqliteFailure(..)),
                ..
            })
        ));
    }
}
