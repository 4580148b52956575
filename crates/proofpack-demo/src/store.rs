//! The embedded agent-memory store: one SQLite database (rusqlite, bundled)
//! and two upload folders, seeded deterministically with synthetic subjects.
//!
//! The tiers are those of a real agent platform:
//!
//! * working memory: live sessions (`working_sessions`);
//! * episodic memory: rows on a primary (`episodic`) and a replica
//!   (`episodic_replica`) kept in step by a replication log whose last
//!   entries are not yet applied (replication lag);
//! * a semantic entity graph (`entities`, `entity_edges`);
//! * a vector index in shards and generations (`vector_generations`,
//!   `vectors`): each shard serves one generation and keeps its previous
//!   one, with its copies of the vectors, until it is rebuilt;
//! * fine-tune dataset manifests (`dataset_manifests`, `dataset_examples`)
//!   and model releases with their lineage (`model_releases`,
//!   `training_lineage`, `output_filters`);
//! * uploads: files in `uploads/<user>/` with a replica in
//!   `uploads-replica/<user>/`, and their rows (`uploads`);
//! * derived artefacts: summaries and an answer cache with a TTL
//!   (`summaries`, `answer_cache`), with provenance nodes, edges and a
//!   reverse index (`prov_nodes`, `prov_edges`, `prov_reverse`) and the
//!   tombstones of erased sources (`tombstones`);
//! * a mirror of the action audit log (`audit_leaves`, `audit_disclosures`,
//!   `audit_checkpoints`; the log itself is the producer's
//!   [`proofpack_producer::AuditLog`]);
//! * a backup snapshot of the episodic store (`backup_episodic`) and the
//!   suppression ledger a restore must apply (`suppression_ledger`);
//! * the request handling itself: `erasure_requests`, the step ledger
//!   (`step_ledger`) and the collected receipts (`receipts`).

use crate::fault::Fault;
use crate::DemoError;
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The store's schema.
const SCHEMA: &str = "
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE working_sessions(session_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    opened_at TEXT NOT NULL, scratchpad TEXT NOT NULL);
CREATE TABLE episodic(row_id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, at TEXT NOT NULL,
    kind TEXT NOT NULL, content TEXT NOT NULL);
CREATE TABLE episodic_replica(row_id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, at TEXT NOT NULL,
    kind TEXT NOT NULL, content TEXT NOT NULL);
CREATE TABLE replication_log(lsn INTEGER PRIMARY KEY AUTOINCREMENT, row_id INTEGER NOT NULL,
    op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')), applied INTEGER NOT NULL DEFAULT 0);
CREATE TABLE entities(entity_id TEXT PRIMARY KEY, user_id TEXT, kind TEXT NOT NULL,
    label TEXT NOT NULL, attrs TEXT NOT NULL DEFAULT '{}');
CREATE TABLE entity_edges(src TEXT NOT NULL, dst TEXT NOT NULL, relation TEXT NOT NULL,
    PRIMARY KEY (src, dst, relation));
CREATE TABLE vector_generations(shard INTEGER NOT NULL, generation INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('serving', 'previous')), built_at TEXT NOT NULL,
    PRIMARY KEY (shard, generation));
CREATE TABLE vectors(shard INTEGER NOT NULL, generation INTEGER NOT NULL, vector_id TEXT NOT NULL,
    user_id TEXT NOT NULL, source_key TEXT NOT NULL, embedding BLOB NOT NULL,
    neighbours TEXT NOT NULL, PRIMARY KEY (shard, generation, vector_id));
CREATE TABLE dataset_manifests(manifest_id TEXT PRIMARY KEY, created_at TEXT NOT NULL);
CREATE TABLE dataset_examples(manifest_id TEXT NOT NULL, example_id TEXT NOT NULL,
    user_id TEXT NOT NULL, prompt TEXT NOT NULL, completion TEXT NOT NULL,
    PRIMARY KEY (manifest_id, example_id));
CREATE TABLE model_releases(model_id TEXT PRIMARY KEY, manifest_id TEXT NOT NULL,
    trained_at TEXT NOT NULL, state TEXT NOT NULL CHECK (state IN ('serving', 'retired')));
CREATE TABLE training_lineage(model_id TEXT NOT NULL, user_id TEXT NOT NULL,
    examples INTEGER NOT NULL, PRIMARY KEY (model_id, user_id));
CREATE TABLE output_filters(model_id TEXT NOT NULL, user_id TEXT NOT NULL, added_at TEXT NOT NULL,
    PRIMARY KEY (model_id, user_id));
CREATE TABLE uploads(upload_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, file_name TEXT NOT NULL,
    sha256 TEXT NOT NULL);
CREATE TABLE summaries(summary_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, text TEXT NOT NULL,
    created_at TEXT NOT NULL);
CREATE TABLE answer_cache(cache_key TEXT PRIMARY KEY, question TEXT NOT NULL, answer TEXT NOT NULL,
    created_at TEXT NOT NULL, expires_at TEXT NOT NULL, purgeable INTEGER NOT NULL);
CREATE TABLE prov_nodes(scope TEXT NOT NULL, key TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('source', 'live', 'tombstoned', 'expiring')),
    expires_at TEXT, PRIMARY KEY (scope, key));
CREATE TABLE prov_edges(child_scope TEXT NOT NULL, child_key TEXT NOT NULL,
    parent_scope TEXT NOT NULL, parent_key TEXT NOT NULL,
    PRIMARY KEY (child_scope, child_key, parent_scope, parent_key));
CREATE TABLE prov_reverse(parent_scope TEXT NOT NULL, parent_key TEXT NOT NULL,
    child_scope TEXT NOT NULL, child_key TEXT NOT NULL,
    PRIMARY KEY (parent_scope, parent_key, child_scope, child_key));
CREATE TABLE tombstones(scope TEXT NOT NULL, key TEXT NOT NULL, at TEXT NOT NULL,
    request_id TEXT NOT NULL, PRIMARY KEY (scope, key));
CREATE TABLE audit_leaves(idx INTEGER PRIMARY KEY, leaf BLOB NOT NULL);
CREATE TABLE audit_disclosures(idx INTEGER NOT NULL, disclosure TEXT NOT NULL);
CREATE TABLE audit_checkpoints(size INTEGER PRIMARY KEY, note TEXT NOT NULL);
CREATE TABLE backup_snapshots(snapshot_id TEXT PRIMARY KEY, taken_at TEXT NOT NULL);
CREATE TABLE backup_episodic(snapshot_id TEXT NOT NULL, row_id INTEGER NOT NULL,
    user_id TEXT NOT NULL, at TEXT NOT NULL, kind TEXT NOT NULL, content TEXT NOT NULL,
    PRIMARY KEY (snapshot_id, row_id));
CREATE TABLE suppression_ledger(user_id TEXT NOT NULL, request_id TEXT NOT NULL,
    recorded_at TEXT NOT NULL, PRIMARY KEY (user_id, request_id));
CREATE TABLE erasure_requests(request_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    document TEXT NOT NULL);
CREATE TABLE step_ledger(request_id TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (request_id, seq));
CREATE TABLE receipts(request_id TEXT NOT NULL, position INTEGER NOT NULL, receipt TEXT NOT NULL,
    PRIMARY KEY (request_id, position));
";

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
    pub employer: &'static str,
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
pub const SHARDS: i64 = 3;
/// Scope of the shared answer cache.
pub const CACHE_SCOPE: &str = "cache:answers";
/// Fine-tune manifest built before the first subject joined.
pub const EARLY_MANIFEST: &str = "ft-2026-01";
/// Fine-tune manifest that includes every subject.
pub const LATE_MANIFEST: &str = "ft-2026-03";
/// The model trained on [`EARLY_MANIFEST`].
pub const EARLY_MODEL: &str = "assistant-ft-2026-01";
/// The model trained on [`LATE_MANIFEST`].
pub const LATE_MODEL: &str = "assistant-ft-2026-03";

/// The provenance scope of a user's source records (notes, uploads).
#[must_use]
pub fn user_scope(user_id: &str) -> String {
    format!("user:{user_id}")
}

/// The provenance scope of artefacts derived from a user's records.
#[must_use]
pub fn derived_scope(user_id: &str) -> String {
    format!("user:{user_id}:derived")
}

/// The provenance key of an episodic note.
#[must_use]
pub fn note_key(row_id: i64) -> String {
    format!("note-{row_id}")
}

/// Where the store lives.
#[derive(Debug, Clone)]
pub struct StorePaths {
    /// The folder holding everything below.
    pub dir: PathBuf,
    /// The SQLite database.
    pub db: PathBuf,
    /// The upload store.
    pub uploads: PathBuf,
    /// The upload store's replica.
    pub uploads_replica: PathBuf,
}

impl StorePaths {
    /// The layout under `dir`.
    #[must_use]
    pub fn under(dir: &Path) -> Self {
        StorePaths {
            dir: dir.to_path_buf(),
            db: dir.join("agent-memory.sqlite"),
            uploads: dir.join("uploads"),
            uploads_replica: dir.join("uploads-replica"),
        }
    }
}

/// The store, open for writing (the cascade's and the seeder's connection).
#[derive(Debug)]
pub struct Store {
    /// The read-write connection.
    pub conn: Connection,
    /// Where it lives.
    pub paths: StorePaths,
    /// The run's fault, for the defects that live in the store.
    pub fault: Option<Fault>,
}

/// A deterministic 4-dimensional embedding of `text` (a stand-in for a
/// model's: what matters is that the index holds bytes derived from it).
fn embedding(text: &str) -> Vec<u8> {
    let digest = Sha256::digest(text.as_bytes());
    digest
        .chunks(4)
        .take(4)
        .flat_map(|c| {
            let n = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            (f64::from(n) / f64::from(u32::MAX)).to_le_bytes()
        })
        .collect()
}

/// Hex SHA-256.
#[must_use]
pub fn sha256_hex(bytes: &[u8]) -> String {
    proofpack_spec::encoding::hex(&Sha256::digest(bytes))
}

impl Store {
    /// Creates an empty store under `paths.dir` (which must not hold one).
    pub fn create(paths: StorePaths, fault: Option<Fault>) -> Result<Store, DemoError> {
        for dir in [&paths.dir, &paths.uploads, &paths.uploads_replica] {
            std::fs::create_dir_all(dir).map_err(|e| DemoError::io(dir, e))?;
        }
        let conn = Connection::open(&paths.db)?;
        // Write-ahead logging: the verification job reads on its own
        // connection while this one stays open, and commits need no fsync
        // of the main file each time.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Deleted content is overwritten with zeros, not left in free pages.
        conn.pragma_update(None, "secure_delete", "ON")?;
        conn.execute_batch(SCHEMA)?;
        Ok(Store { conn, paths, fault })
    }

    /// A `meta` value.
    pub fn meta(&self, key: &str) -> Result<Option<String>, DemoError> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    /// Sets a `meta` value.
    pub fn set_meta(&self, key: &str, value: &str) -> Result<(), DemoError> {
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?1, ?2)
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }

    /// Bumps the provenance graph's version (every change to the graph).
    pub fn bump_graph_version(&self) -> Result<(), DemoError> {
        let n: i64 = self
            .meta("graph_version")?
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        self.set_meta("graph_version", &(n + 1).to_string())
    }

    /// The provenance graph's version, as `provenance.jsonl` names it.
    pub fn graph_version(&self) -> Result<String, DemoError> {
        Ok(format!(
            "g-{}",
            self.meta("graph_version")?
                .unwrap_or_else(|| "0".to_owned())
        ))
    }

    /// Writes an episodic row on the primary, logs it for the replica, and
    /// indexes its vector in the serving generation of its shard. Returns
    /// the row id.
    pub fn add_episodic(
        &self,
        user_id: &str,
        at: &str,
        kind: &str,
        content: &str,
    ) -> Result<i64, DemoError> {
        self.conn.execute(
            "INSERT INTO episodic(user_id, at, kind, content) VALUES (?1, ?2, ?3, ?4)",
            params![user_id, at, kind, content],
        )?;
        let row_id = self.conn.last_insert_rowid();
        self.conn.execute(
            "INSERT INTO replication_log(row_id, op) VALUES (?1, 'upsert')",
            [row_id],
        )?;
        let shard = row_id % SHARDS;
        let generation: Option<i64> = self
            .conn
            .query_row(
                "SELECT generation FROM vector_generations WHERE shard = ?1 AND role = 'serving'",
                [shard],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(generation) = generation {
            self.index_vector(shard, generation, row_id, user_id, content)?;
        }
        self.conn.execute(
            "INSERT OR IGNORE INTO prov_nodes(scope, key, state) VALUES (?1, ?2, 'source')",
            params![user_scope(user_id), note_key(row_id)],
        )?;
        Ok(row_id)
    }

    fn index_vector(
        &self,
        shard: i64,
        generation: i64,
        row_id: i64,
        user_id: &str,
        content: &str,
    ) -> Result<(), DemoError> {
        self.conn.execute(
            "INSERT INTO vectors(shard, generation, vector_id, user_id, source_key, embedding, neighbours)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, '[]')",
            params![shard, generation, format!("vec-{row_id}"), user_id, note_key(row_id), embedding(content)],
        )?;
        Ok(())
    }

    /// Recomputes the ANN neighbour lists of one shard generation: each
    /// vector links to the two vectors nearest to it in that generation.
    pub fn link_neighbours(&self, shard: i64, generation: i64) -> Result<(), DemoError> {
        let mut stmt = self.conn.prepare(
            "SELECT vector_id, embedding FROM vectors WHERE shard = ?1 AND generation = ?2 ORDER BY vector_id",
        )?;
        let rows: Vec<(String, Vec<u8>)> = stmt
            .query_map(params![shard, generation], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let point = |b: &[u8]| -> Vec<f64> {
            b.chunks(8)
                .map(|c| {
                    let mut a = [0u8; 8];
                    a.copy_from_slice(c);
                    f64::from_le_bytes(a)
                })
                .collect()
        };
        for (id, bytes) in &rows {
            let here = point(bytes);
            let mut others: Vec<(f64, &String)> = rows
                .iter()
                .filter(|(other, _)| other != id)
                .map(|(other, b)| {
                    let d: f64 = point(b)
                        .iter()
                        .zip(&here)
                        .map(|(x, y)| (x - y) * (x - y))
                        .sum();
                    (d, other)
                })
                .collect();
            others.sort_by(|a, b| a.0.total_cmp(&b.0));
            let near: Vec<&String> = others.iter().take(2).map(|(_, id)| *id).collect();
            let near = serde_json::to_string(&near).map_err(|e| DemoError::Store(e.to_string()))?;
            self.conn.execute(
                "UPDATE vectors SET neighbours = ?1 WHERE shard = ?2 AND generation = ?3 AND vector_id = ?4",
                params![near, shard, generation, id],
            )?;
        }
        Ok(())
    }

    /// Applies every pending replication log entry to the replica, in log
    /// order. Returns how many were applied.
    pub fn drain_replication(&self) -> Result<usize, DemoError> {
        let pending: Vec<(i64, i64, String)> = self
            .conn
            .prepare("SELECT lsn, row_id, op FROM replication_log WHERE applied = 0 ORDER BY lsn")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        for (lsn, row_id, op) in &pending {
            if op == "upsert" {
                self.conn.execute(
                    "INSERT OR REPLACE INTO episodic_replica SELECT * FROM episodic WHERE row_id = ?1",
                    [row_id],
                )?;
            } else {
                self.conn
                    .execute("DELETE FROM episodic_replica WHERE row_id = ?1", [row_id])?;
            }
            self.conn.execute(
                "UPDATE replication_log SET applied = 1 WHERE lsn = ?1",
                [lsn],
            )?;
        }
        Ok(pending.len())
    }

    /// Records that `child` was derived from `parent`: the edge, the reverse
    /// index entry, and the child's node (live).
    pub fn add_derivation(
        &self,
        child: (&str, &str),
        parent: (&str, &str),
    ) -> Result<(), DemoError> {
        self.conn.execute(
            "INSERT OR IGNORE INTO prov_nodes(scope, key, state) VALUES (?1, ?2, 'live')",
            params![child.0, child.1],
        )?;
        self.conn.execute(
            "INSERT OR IGNORE INTO prov_edges VALUES (?1, ?2, ?3, ?4)",
            params![child.0, child.1, parent.0, parent.1],
        )?;
        self.conn.execute(
            "INSERT OR IGNORE INTO prov_reverse VALUES (?1, ?2, ?3, ?4)",
            params![parent.0, parent.1, child.0, child.1],
        )?;
        self.bump_graph_version()
    }

    /// Writes a summary derived from `notes` of `user_id`.
    pub fn add_summary(
        &self,
        summary_id: &str,
        user_id: &str,
        text: &str,
        at: &str,
        notes: &[i64],
    ) -> Result<(), DemoError> {
        self.conn.execute(
            "INSERT INTO summaries(summary_id, user_id, text, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![summary_id, user_id, text, at],
        )?;
        let scope = derived_scope(user_id);
        for note in notes {
            self.add_derivation(
                (&scope, summary_id),
                (&user_scope(user_id), &note_key(*note)),
            )?;
        }
        Ok(())
    }

    /// Writes an upload file, its replica copy and its row.
    pub fn add_upload(
        &self,
        upload_id: &str,
        user_id: &str,
        file_name: &str,
        content: &str,
    ) -> Result<(), DemoError> {
        for root in [&self.paths.uploads, &self.paths.uploads_replica] {
            let dir = root.join(user_id);
            std::fs::create_dir_all(&dir).map_err(|e| DemoError::io(&dir, e))?;
            let path = dir.join(file_name);
            std::fs::write(&path, content).map_err(|e| DemoError::io(&path, e))?;
        }
        self.conn.execute(
            "INSERT INTO uploads(upload_id, user_id, file_name, sha256) VALUES (?1, ?2, ?3, ?4)",
            params![
                upload_id,
                user_id,
                file_name,
                sha256_hex(content.as_bytes())
            ],
        )?;
        Ok(())
    }

    /// Seeds every tier with [`SUBJECTS`] (the audit log is seeded by
    /// [`crate::audit::AuditStore::seed`]). `base` is the time the platform
    /// started; the seeded history lies in the weeks before it.
    pub fn seed(&self, base: time::OffsetDateTime) -> Result<(), DemoError> {
        let at = |days: i64, hours: i64| {
            proofpack_spec::timestamp::format_instant(
                base - time::Duration::days(days) + time::Duration::hours(hours),
            )
        };
        let tx = self.conn.unchecked_transaction()?;
        for shard in 0..SHARDS {
            self.conn.execute(
                "INSERT INTO vector_generations VALUES (?1, 1, 'serving', ?2)",
                params![shard, at(60, 0)],
            )?;
        }
        self.conn.execute(
            "INSERT INTO dataset_manifests VALUES (?1, ?2), (?3, ?4)",
            params![EARLY_MANIFEST, at(90, 0), LATE_MANIFEST, at(35, 0)],
        )?;
        self.conn.execute(
            "INSERT INTO model_releases VALUES (?1, ?2, ?3, 'serving'), (?4, ?5, ?6, 'serving')",
            params![
                EARLY_MODEL,
                EARLY_MANIFEST,
                at(88, 0),
                LATE_MODEL,
                LATE_MANIFEST,
                at(33, 0)
            ],
        )?;
        for (i, s) in SUBJECTS.iter().enumerate() {
            self.seed_subject(i, s, &at)?;
            if i == 1 {
                // Generation 2 of every shard is built here from generation
                // 1, which each shard keeps as its previous generation.
                self.conn.execute(
                    "UPDATE vector_generations SET role = 'previous' WHERE generation = 1",
                    [],
                )?;
                for shard in 0..SHARDS {
                    self.conn.execute(
                        "INSERT INTO vector_generations VALUES (?1, 2, 'serving', ?2)",
                        params![shard, at(40, 0)],
                    )?;
                    self.conn.execute(
                        "INSERT INTO vectors SELECT shard, 2, vector_id, user_id, source_key, embedding, neighbours
                         FROM vectors WHERE shard = ?1 AND generation = 1",
                        [shard],
                    )?;
                }
            }
        }
        // Later writes of the first subject, indexed in generation 2 only.
        let first = &SUBJECTS[0];
        let mut late_notes = Vec::new();
        for k in 0..3 {
            late_notes.push(self.add_episodic(
                first.user_id,
                &at(12 - k, 9),
                "note",
                &format!(
                    "{} asked to move the quarterly review with {} to {}.",
                    first.name,
                    first.employer,
                    ["Tuesday", "Thursday", "Friday"][k as usize]
                ),
            )?);
        }
        for shard in 0..SHARDS {
            self.link_neighbours(shard, 1)?;
            self.link_neighbours(shard, 2)?;
        }
        // Everything so far has reached the replica; the writes below are
        // still in flight (replication lag).
        self.drain_replication()?;
        for s in &SUBJECTS {
            self.add_episodic(
                s.user_id,
                &at(0, -1),
                "chat",
                &format!("{} said: remind me to call {} tomorrow.", s.name, s.city),
            )?;
        }
        // The backup of the episodic store, taken before the request.
        let snapshot = format!("bk-{}", at(1, 0));
        self.conn.execute(
            "INSERT INTO backup_snapshots VALUES (?1, ?2)",
            params![snapshot, at(1, 0)],
        )?;
        self.conn.execute(
            "INSERT INTO backup_episodic SELECT ?1, row_id, user_id, at, kind, content FROM episodic",
            [&snapshot],
        )?;
        // A summary of the first subject's late notes, and a cached answer
        // derived from it.
        let summary = format!("summary-{}-review", first.user_id);
        self.add_summary(
            &summary,
            first.user_id,
            &format!(
                "{} keeps rescheduling the {} review.",
                first.name, first.employer
            ),
            &at(2, 0),
            &late_notes,
        )?;
        self.add_cached_answer(
            "q-991",
            "When is the quarterly review?",
            "It moved to Friday.",
            &at(2, 1),
            &at(-5, 1),
            (&derived_scope(first.user_id), &summary),
        )?;
        tx.commit()?;
        Ok(())
    }

    fn add_cached_answer(
        &self,
        key: &str,
        question: &str,
        answer: &str,
        created_at: &str,
        expires_at: &str,
        derived_from: (&str, &str),
    ) -> Result<(), DemoError> {
        // The defect of `--fault cache-ttl`: the cache namespace is TTL-only
        // (no purge API), so an entry can only expire.
        let purgeable = self.fault != Some(Fault::CacheTtl);
        self.conn.execute(
            "INSERT INTO answer_cache VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![key, question, answer, created_at, expires_at, purgeable],
        )?;
        self.add_derivation((CACHE_SCOPE, key), derived_from)
    }

    fn seed_subject(
        &self,
        i: usize,
        s: &Subject,
        at: &dyn Fn(i64, i64) -> String,
    ) -> Result<(), DemoError> {
        let n = i as i64;
        for k in 0..2 {
            self.conn.execute(
                "INSERT INTO working_sessions VALUES (?1, ?2, ?3, ?4)",
                params![
                    format!("sess-{}-{k}", s.user_id),
                    s.user_id,
                    at(0, -2 + k),
                    format!(
                        "draft: reply to {} <{}> about the {} invoice",
                        s.name, s.email, s.employer
                    )
                ],
            )?;
        }
        let mut notes = Vec::new();
        for k in 0..4 {
            let kind = if k % 2 == 0 { "note" } else { "chat" };
            let row = self.add_episodic(
                s.user_id,
                &at(50 - n - k, 10),
                kind,
                &format!(
                    "{} ({}) mentioned {} in {} (entry {k}).",
                    s.name, s.email, s.employer, s.city
                ),
            )?;
            if kind == "note" {
                notes.push(row);
            }
        }
        let person = format!("ent-{}-person", s.user_id);
        let employer = format!("ent-{}-employer", s.user_id);
        let city = format!("ent-city-{}", s.city.to_lowercase());
        self.conn.execute(
            "INSERT INTO entities VALUES (?1, ?2, 'person', ?3, json_object('email', ?4, 'ip', ?5))",
            params![person, s.user_id, s.name, s.email, s.ip],
        )?;
        self.conn.execute(
            "INSERT INTO entities VALUES (?1, ?2, 'employment', ?3, '{}')",
            params![employer, s.user_id, s.employer],
        )?;
        self.conn.execute(
            "INSERT OR IGNORE INTO entities VALUES (?1, NULL, 'city', ?2, '{}')",
            params![city, s.city],
        )?;
        self.conn.execute(
            "INSERT INTO entity_edges VALUES (?1, ?2, 'works_at'), (?1, ?3, 'lives_in')",
            params![person, employer, city],
        )?;
        for (k, pref) in ["prefers e-mail", "vegetarian", "morning meetings"]
            .iter()
            .enumerate()
        {
            let id = format!("ent-{}-pref-{k}", s.user_id);
            self.conn.execute(
                "INSERT INTO entities VALUES (?1, ?2, 'preference', ?3, '{}')",
                params![id, s.user_id, pref],
            )?;
            self.conn.execute(
                "INSERT INTO entity_edges VALUES (?1, ?2, 'prefers')",
                params![person, id],
            )?;
        }
        // Fine-tune examples: every subject is in the late manifest; all
        // but the first were already in the early one.
        let manifests: &[&str] = if i == 0 {
            &[LATE_MANIFEST]
        } else {
            &[EARLY_MANIFEST, LATE_MANIFEST]
        };
        for manifest in manifests {
            for k in 0..3 {
                self.conn.execute(
                    "INSERT INTO dataset_examples VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        manifest,
                        format!("ex-{}-{k}", s.user_id),
                        s.user_id,
                        format!("Draft a reply to {} about {}.", s.name, s.employer),
                        format!("Dear {}, thank you for your message ({k}).", s.name)
                    ],
                )?;
            }
            let model = if *manifest == EARLY_MANIFEST {
                EARLY_MODEL
            } else {
                LATE_MODEL
            };
            self.conn.execute(
                "INSERT INTO training_lineage VALUES (?1, ?2, 3)",
                params![model, s.user_id],
            )?;
        }
        self.add_upload(
            &format!("up-{}-cv", s.user_id),
            s.user_id,
            "cv.txt",
            &format!(
                "Curriculum vitae of {}\n{}\n{}\n",
                s.name, s.email, s.employer
            ),
        )?;
        self.add_upload(
            &format!("up-{}-id", s.user_id),
            s.user_id,
            "id-scan.txt",
            &format!("Identity document scan: {} ({})\n", s.name, s.city),
        )?;
        let summary = format!("summary-{}-profile", s.user_id);
        self.add_summary(
            &summary,
            s.user_id,
            &format!("{} works at {} in {}.", s.name, s.employer, s.city),
            &at(20, 0),
            &notes,
        )?;
        Ok(())
    }

    /// Adds `count` more notes for `user_id` (and a working session): the
    /// cascade's before-counts follow what the store holds.
    pub fn seed_more(&self, user_id: &str, count: usize, at: &str) -> Result<(), DemoError> {
        for k in 0..count {
            self.add_episodic(user_id, at, "note", &format!("extra note {k}"))?;
        }
        self.conn.execute(
            "INSERT INTO working_sessions VALUES (?1, ?2, ?3, 'extra session')",
            params![format!("sess-{user_id}-extra-{count}"), user_id, at],
        )?;
        Ok(())
    }

    /// Copies the write-ahead log into the database and truncates it, so
    /// that no older page image (with erased content) stays in the log.
    pub fn checkpoint_wal(&self) -> Result<(), DemoError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// Restores the latest episodic backup onto the primary and the
    /// replica, for rows they no longer hold. With `apply_ledger`, the rows
    /// of every user in the suppression ledger are skipped, as a restore
    /// must do; without it they come back. Returns the rows restored.
    pub fn restore_backup(&self, apply_ledger: bool) -> Result<usize, DemoError> {
        let snapshot: String = self.conn.query_row(
            "SELECT snapshot_id FROM backup_snapshots ORDER BY taken_at DESC LIMIT 1",
            [],
            |r| r.get(0),
        )?;
        let filter = if apply_ledger {
            " AND user_id NOT IN (SELECT user_id FROM suppression_ledger)"
        } else {
            ""
        };
        let mut restored = 0;
        for table in ["episodic", "episodic_replica"] {
            restored += self.conn.execute(
                &format!(
                    "INSERT OR IGNORE INTO {table}(row_id, user_id, at, kind, content)
                     SELECT row_id, user_id, at, kind, content FROM backup_episodic
                     WHERE snapshot_id = ?1{filter}"
                ),
                [&snapshot],
            )?;
        }
        Ok(restored)
    }
}
