//! The cascade: the nine steps of §7 over the store, the subprocessors and
//! the audit log, each with before and after counts read from the store.
//!
//! It is idempotent per request: each step's record is kept in the step
//! ledger (`step_ledger`, keyed by request id and `seq`) in the same
//! transaction as the step's changes, and a step already in the ledger is
//! not run again: a second run of the same request deletes nothing more and
//! returns the same records.

use crate::audit::AuditStore;
use crate::clock::Clock;
use crate::fault::Fault;
use crate::intake::Intake;
use crate::receipts::{self, CollectedReceipt};
use crate::services::Subprocessors;
use crate::store::{note_key, user_scope, Store, CACHE_SCOPE};
use crate::DemoError;
use proofpack_producer::{
    ModelAction, ModelLineage, Purge, Step, StepOutput, StepRecord, StepStatus,
};
use proofpack_spec::vocab::StepStatus as StatusName;
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::path::Path;

/// The cascade's `code_ref`.
pub const CASCADE_CODE: &str = concat!("proofpack-demo/cascade@", env!("CARGO_PKG_VERSION"));

/// What an affected model release got (§7 `fine_tune`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelOutcome {
    /// Never trained on the subject's examples.
    NotTrainedOn,
    /// Retrained on the manifest without them.
    Retrained,
    /// Only output-suppressed.
    Suppressed,
}

/// The tier-specific evidence of an `ok` step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "tier", rename_all = "snake_case")]
pub enum TierProof {
    /// None.
    None,
    /// Replication lag drained.
    Episodic {
        /// `replication_lag_drained`
        replication_lag_drained: bool,
    },
    /// Rebuilt (`true`) or removed from the serving index only (`false`).
    Vectors {
        /// Whether the affected shards were rebuilt.
        rebuilt: bool,
    },
    /// Each model release and what it got.
    FineTune {
        /// `(model_id, outcome)`
        models: Vec<(String, ModelOutcome)>,
    },
}

/// How a step ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum StepOutcome {
    /// Done.
    Ok {
        /// Its evidence.
        proof: TierProof,
    },
    /// Not done yet.
    Pending {
        /// When due.
        due_at: String,
    },
    /// Left to expire by TTL.
    Deferred {
        /// When it expires.
        expires_at: String,
    },
}

/// One step as the ledger keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepEntry {
    /// The step's name (§7).
    pub step: String,
    /// `started_at`
    pub started_at: String,
    /// `ended_at`
    pub ended_at: String,
    /// Records before the step, counted in the store.
    pub before_count: u64,
    /// Records after it.
    pub after_count: u64,
    /// How it ended.
    pub outcome: StepOutcome,
    /// Free members of `output` (or of the record when not `ok`).
    pub details: Map<String, Value>,
}

impl StepEntry {
    /// The §7 step.
    pub fn step(&self) -> Result<Step, DemoError> {
        self.step
            .parse()
            .map_err(|e| DemoError::Store(format!("step ledger: {e}")))
    }

    /// The §7 record, built by the producer.
    pub fn to_record(&self) -> Result<StepRecord, DemoError> {
        let step = self.step()?;
        let details = || self.details.iter().map(|(k, v)| (k.clone(), v.clone()));
        let status = match &self.outcome {
            StepOutcome::Ok { proof } => {
                let mut output = match proof {
                    TierProof::None => StepOutput::none(),
                    TierProof::Episodic {
                        replication_lag_drained,
                    } => StepOutput::episodic(*replication_lag_drained),
                    TierProof::Vectors { rebuilt: true } => StepOutput::vectors(Purge::Rebuilt),
                    TierProof::Vectors { rebuilt: false } => {
                        StepOutput::vectors_serving_index_only()
                    }
                    TierProof::FineTune { models } => StepOutput::fine_tune(
                        models
                            .iter()
                            .map(|(model_id, outcome)| ModelLineage {
                                model_id: model_id.clone(),
                                action: match outcome {
                                    ModelOutcome::NotTrainedOn => ModelAction::NotTrainedOn,
                                    ModelOutcome::Retrained => ModelAction::Retrained,
                                    ModelOutcome::Suppressed => ModelAction::Suppressed,
                                },
                            })
                            .collect(),
                    ),
                };
                output.extra.extend(details());
                StepStatus::Ok { output }
            }
            StepOutcome::Pending { due_at } => StepStatus::Pending {
                due_at: due_at.clone(),
            },
            StepOutcome::Deferred { expires_at } => StepStatus::Deferred {
                expires_at: expires_at.clone(),
            },
        };
        let mut builder = StepRecord::builder(step)
            .status(status)
            .started_at(&self.started_at)
            .ended_at(&self.ended_at)
            .before_count(self.before_count)
            .after_count(self.after_count)
            .code_ref(CASCADE_CODE);
        if !matches!(self.outcome, StepOutcome::Ok { .. }) && !self.details.is_empty() {
            builder = builder.extra("details", Value::Object(self.details.clone()));
        }
        Ok(builder.build()?)
    }

    /// The status name, for the story.
    #[must_use]
    pub fn status_name(&self) -> &'static str {
        match self.outcome {
            StepOutcome::Ok { .. } => StatusName::Ok,
            StepOutcome::Pending { .. } => StatusName::Pending,
            StepOutcome::Deferred { .. } => StatusName::Deferred,
        }
        .as_str()
    }
}

/// What a step function reports.
struct Done {
    before: u64,
    after: u64,
    outcome: StepOutcome,
    details: Map<String, Value>,
}

fn ok(before: u64, after: u64, proof: TierProof, details: Value) -> Done {
    Done {
        before,
        after,
        outcome: StepOutcome::Ok { proof },
        details: match details {
            Value::Object(map) => map,
            _ => Map::new(),
        },
    }
}

fn count(store: &Store, sql: &str, user_id: &str) -> Result<u64, DemoError> {
    let n: i64 = store.conn.query_row(sql, [user_id], |r| r.get(0))?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Files under `root/<user_id>/`.
fn files_of(root: &Path, user_id: &str) -> Result<u64, DemoError> {
    let dir = root.join(user_id);
    match std::fs::read_dir(&dir) {
        Ok(entries) => Ok(entries.filter_map(Result::ok).count() as u64),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(DemoError::io(&dir, e)),
    }
}

/// Everything one cascade run needs.
pub struct Cascade<'a> {
    /// The store (read-write).
    pub store: &'a Store,
    /// The audit log.
    pub audit: &'a mut AuditStore,
    /// The subprocessors.
    pub services: &'a Subprocessors,
    /// The clock.
    pub clock: &'a Clock,
    /// The run's fault.
    pub fault: Option<Fault>,
    /// The request.
    pub intake: &'a Intake,
}

impl Cascade<'_> {
    /// Runs every required step not yet in the ledger, calling `each` with
    /// every record (and whether it came from the ledger), and returns the
    /// records in cascade order.
    pub fn run(
        &mut self,
        each: &mut dyn FnMut(&StepEntry, bool),
    ) -> Result<Vec<StepEntry>, DemoError> {
        let request = self.intake.request()?;
        let mut entries = Vec::new();
        for step in request.required_steps() {
            if let Some(entry) = self.ledger(step)? {
                each(&entry, true);
                entries.push(entry);
                continue;
            }
            let tx = self.store.conn.unchecked_transaction()?;
            let started_at = self.clock.stamp();
            let done = self.run_step(step)?;
            let entry = StepEntry {
                step: step.as_str().to_owned(),
                started_at,
                ended_at: self.clock.stamp(),
                before_count: done.before,
                after_count: done.after,
                outcome: done.outcome,
                details: done.details,
            };
            let record = entry.to_record()?;
            self.store.conn.execute(
                "INSERT INTO step_ledger(request_id, seq, entry) VALUES (?1, ?2, ?3)",
                params![
                    self.intake.request_id,
                    step.seq(),
                    serde_json::to_string(&entry).map_err(|e| DemoError::Store(e.to_string()))?
                ],
            )?;
            tx.commit()?;
            self.audit
                .log_step(&self.store.conn, &self.intake.request_id, &record)?;
            each(&entry, false);
            entries.push(entry);
        }
        self.store.checkpoint_wal()?;
        Ok(entries)
    }

    fn ledger(&self, step: Step) -> Result<Option<StepEntry>, DemoError> {
        let entry: Option<String> = self
            .store
            .conn
            .query_row(
                "SELECT entry FROM step_ledger WHERE request_id = ?1 AND seq = ?2",
                params![self.intake.request_id, step.seq()],
                |r| r.get(0),
            )
            .optional()?;
        entry
            .map(|e| serde_json::from_str(&e).map_err(|e| DemoError::Store(e.to_string())))
            .transpose()
    }

    fn run_step(&mut self, step: Step) -> Result<Done, DemoError> {
        match step {
            Step::Working => self.working(),
            Step::Episodic => self.episodic(),
            Step::Semantic => self.semantic(),
            Step::Vectors => self.vectors(),
            Step::FineTune => self.fine_tune(),
            Step::Uploads => self.uploads(),
            Step::Derivatives => self.derivatives(),
            Step::Subprocessor => self.subprocessor(),
            Step::AuditLog => self.audit_log(),
        }
    }

    fn user(&self) -> &str {
        &self.intake.user_id
    }

    /// Step 1: Wipe in-flight session state.
    fn working(&mut self) -> Result<Done, DemoError> {
        const SQL: &str = "SELECT COUNT(*) FROM working_sessions WHERE user_id = ?1";
        let before = count(self.store, SQL, self.user())?;
        self.store.conn.execute(
            "DELETE FROM working_sessions WHERE user_id = ?1",
            [self.user()],
        )?;
        let after = count(self.store, SQL, self.user())?;
        Ok(ok(before, after, TierProof::None, json!({})))
    }

    /// Step 2: Delete subject-tagged rows on the primary, tombstone them as
    /// provenance sources, record the subject in the suppression ledger
    /// (for any restore of a backup), and drain replication to the replica.
    fn episodic(&mut self) -> Result<Done, DemoError> {
        const SQL: &str = "SELECT COUNT(*) FROM (SELECT row_id FROM episodic WHERE user_id = ?1
                           UNION SELECT row_id FROM episodic_replica WHERE user_id = ?1)";
        let conn = &self.store.conn;
        let user = self.user().to_owned();
        let before = count(self.store, SQL, &user)?;
        let rows: Vec<i64> = conn
            .prepare("SELECT row_id FROM episodic WHERE user_id = ?1 ORDER BY row_id")?
            .query_map([&user], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let now = self.clock.stamp();
        for row in &rows {
            conn.execute("DELETE FROM episodic WHERE row_id = ?1", [row])?;
            conn.execute(
                "INSERT INTO replication_log(row_id, op) VALUES (?1, 'delete')",
                [row],
            )?;
            conn.execute(
                "INSERT OR IGNORE INTO tombstones VALUES (?1, ?2, ?3, ?4)",
                params![
                    user_scope(&user),
                    note_key(*row),
                    now,
                    self.intake.request_id
                ],
            )?;
            conn.execute(
                "UPDATE prov_nodes SET state = 'tombstoned' WHERE scope = ?1 AND key = ?2",
                params![user_scope(&user), note_key(*row)],
            )?;
        }
        conn.execute(
            "INSERT OR IGNORE INTO suppression_ledger VALUES (?1, ?2, ?3)",
            params![user, self.intake.request_id, now],
        )?;
        let applied = self.store.drain_replication()?;
        let lagging: i64 = conn.query_row(
            "SELECT COUNT(*) FROM replication_log WHERE applied = 0",
            [],
            |r| r.get(0),
        )?;
        let backups: i64 = conn.query_row(
            "SELECT COUNT(DISTINCT snapshot_id) FROM backup_episodic WHERE user_id = ?1",
            [&user],
            |r| r.get(0),
        )?;
        let after = count(self.store, SQL, &user)?;
        Ok(ok(
            before,
            after,
            TierProof::Episodic {
                replication_lag_drained: lagging == 0,
            },
            json!({
                "replica_entries_applied": applied,
                "backups_beyond_use": {
                    "snapshots": backups,
                    "suppression_ledger": "subject recorded; every restore applies it before restored rows serve",
                },
            }),
        ))
    }

    /// Step 3: Delete subject-attributed nodes and their edges, then rebuild the
    /// graph (drop edges left dangling).
    fn semantic(&mut self) -> Result<Done, DemoError> {
        const SQL: &str = "SELECT (SELECT COUNT(*) FROM entities WHERE user_id = ?1)
            + (SELECT COUNT(*) FROM entity_edges WHERE src IN (SELECT entity_id FROM entities WHERE user_id = ?1)
                                                    OR dst IN (SELECT entity_id FROM entities WHERE user_id = ?1))";
        let conn = &self.store.conn;
        let before = count(self.store, SQL, self.user())?;
        conn.execute(
            "DELETE FROM entity_edges WHERE src IN (SELECT entity_id FROM entities WHERE user_id = ?1)
                                         OR dst IN (SELECT entity_id FROM entities WHERE user_id = ?1)",
            [self.user()],
        )?;
        conn.execute("DELETE FROM entities WHERE user_id = ?1", [self.user()])?;
        let dangling = conn.execute(
            "DELETE FROM entity_edges WHERE src NOT IN (SELECT entity_id FROM entities)
                                         OR dst NOT IN (SELECT entity_id FROM entities)",
            [],
        )?;
        let version: i64 = self
            .store
            .meta("entity_graph_version")?
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        self.store
            .set_meta("entity_graph_version", &(version + 1).to_string())?;
        let after = count(self.store, SQL, self.user())?;
        Ok(ok(
            before,
            after,
            TierProof::None,
            json!({"graph_rebuilt": {"version": version + 1, "dangling_edges_dropped": dangling}}),
        ))
    }

    /// Step 4: Delete the subject's vectors and rebuild every affected shard
    /// into a new generation, dropping the older ones.
    fn vectors(&mut self) -> Result<Done, DemoError> {
        if self.fault == Some(Fault::VectorIndexNotRebuilt) {
            return self.vectors_from_serving_only();
        }
        const SQL: &str = "SELECT COUNT(*) FROM vectors WHERE user_id = ?1";
        let conn = &self.store.conn;
        let before = count(self.store, SQL, self.user())?;
        let shards: Vec<i64> = conn
            .prepare("SELECT DISTINCT shard FROM vectors WHERE user_id = ?1 ORDER BY shard")?
            .query_map([self.user()], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let now = self.clock.stamp();
        let mut rebuilt = Vec::new();
        for shard in &shards {
            let (serving, newest): (i64, i64) = conn.query_row(
                "SELECT (SELECT generation FROM vector_generations WHERE shard = ?1 AND role = 'serving'),
                        (SELECT MAX(generation) FROM vector_generations WHERE shard = ?1)",
                [shard],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let generation = newest + 1;
            conn.execute(
                "INSERT INTO vectors SELECT shard, ?2, vector_id, user_id, source_key, embedding, '[]'
                 FROM vectors WHERE shard = ?1 AND generation = ?3 AND user_id != ?4",
                params![shard, generation, serving, self.user()],
            )?;
            conn.execute(
                "DELETE FROM vectors WHERE shard = ?1 AND generation != ?2",
                params![shard, generation],
            )?;
            conn.execute("DELETE FROM vector_generations WHERE shard = ?1", [shard])?;
            conn.execute(
                "INSERT INTO vector_generations VALUES (?1, ?2, 'serving', ?3)",
                params![shard, generation, now],
            )?;
            self.store.link_neighbours(*shard, generation)?;
            rebuilt.push(json!({"shard": shard, "generation": generation}));
        }
        let after = count(self.store, SQL, self.user())?;
        Ok(ok(
            before,
            after,
            TierProof::Vectors { rebuilt: true },
            json!({"shards_rebuilt": rebuilt}),
        ))
    }

    /// The defect of `--fault vector-index-not-rebuilt`: the step only
    /// looks at, and deletes from, the serving generations.
    fn vectors_from_serving_only(&mut self) -> Result<Done, DemoError> {
        const SQL: &str = "SELECT COUNT(*) FROM vectors WHERE user_id = ?1 AND (shard, generation) IN
                           (SELECT shard, generation FROM vector_generations WHERE role = 'serving')";
        let before = count(self.store, SQL, self.user())?;
        self.store.conn.execute(
            "DELETE FROM vectors WHERE user_id = ?1 AND (shard, generation) IN
             (SELECT shard, generation FROM vector_generations WHERE role = 'serving')",
            [self.user()],
        )?;
        let after = count(self.store, SQL, self.user())?;
        Ok(ok(
            before,
            after,
            TierProof::Vectors { rebuilt: false },
            json!({}),
        ))
    }

    /// Step 5: Remove the subject's examples from every dataset manifest, and
    /// retrain each model release whose lineage includes them.
    fn fine_tune(&mut self) -> Result<Done, DemoError> {
        const SQL: &str = "SELECT COUNT(*) FROM dataset_examples WHERE user_id = ?1";
        let conn = &self.store.conn;
        let user = self.user().to_owned();
        let before = count(self.store, SQL, &user)?;
        let manifests: Vec<String> = conn
            .prepare("SELECT DISTINCT manifest_id FROM dataset_examples WHERE user_id = ?1 ORDER BY manifest_id")?
            .query_map([&user], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let releases: Vec<(String, bool)> = conn
            .prepare(
                "SELECT model_id, EXISTS (SELECT 1 FROM training_lineage l WHERE l.model_id = m.model_id AND l.user_id = ?1)
                 FROM model_releases m ORDER BY model_id",
            )?
            .query_map([&user], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        conn.execute("DELETE FROM dataset_examples WHERE user_id = ?1", [&user])?;
        let now = self.clock.stamp();
        let mut models = Vec::new();
        for (model_id, trained_on_subject) in releases {
            let outcome = if !trained_on_subject {
                ModelOutcome::NotTrainedOn
            } else if self.fault == Some(Fault::ModelSuppressedOnly) {
                // The defect: an output filter instead of a retraining.
                conn.execute(
                    "INSERT OR IGNORE INTO output_filters VALUES (?1, ?2, ?3)",
                    params![model_id, user, now],
                )?;
                ModelOutcome::Suppressed
            } else {
                // Retrained on its manifest, which no longer holds the
                // subject's examples: the new run's lineage excludes them.
                conn.execute(
                    "UPDATE model_releases SET trained_at = ?2 WHERE model_id = ?1",
                    params![model_id, now],
                )?;
                conn.execute(
                    "DELETE FROM training_lineage WHERE model_id = ?1 AND user_id = ?2",
                    params![model_id, user],
                )?;
                ModelOutcome::Retrained
            };
            models.push((model_id, outcome));
        }
        let after = count(self.store, SQL, &user)?;
        Ok(ok(
            before,
            after,
            TierProof::FineTune { models },
            json!({"manifests_rewritten": manifests}),
        ))
    }

    /// Step 6: Delete the subject's upload blobs, their replicas and their rows.
    fn uploads(&mut self) -> Result<Done, DemoError> {
        let paths = &self.store.paths;
        let user = self.user().to_owned();
        let held = |store: &Store| -> Result<u64, DemoError> {
            Ok(files_of(&paths.uploads, &user)?
                + files_of(&paths.uploads_replica, &user)?
                + count(
                    store,
                    "SELECT COUNT(*) FROM uploads WHERE user_id = ?1",
                    &user,
                )?)
        };
        let before = held(self.store)?;
        for root in [&paths.uploads, &paths.uploads_replica] {
            let dir = root.join(&user);
            match std::fs::remove_dir_all(&dir) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(DemoError::io(&dir, e)),
            }
        }
        self.store
            .conn
            .execute("DELETE FROM uploads WHERE user_id = ?1", [&user])?;
        let after = held(self.store)?;
        Ok(ok(before, after, TierProof::None, json!({})))
    }

    /// Step 7: Every artefact reachable, through the reverse index, from a
    /// source this request tombstoned: summaries are deleted, cached
    /// answers purged (or, in a TTL-only cache, left to expire).
    fn derivatives(&mut self) -> Result<Done, DemoError> {
        let conn = &self.store.conn;
        let reached = reachable(self.store, &self.intake.request_id)?;
        let exists = |scope: &str, key: &str| -> Result<bool, DemoError> {
            let sql = if scope == CACHE_SCOPE {
                "SELECT EXISTS (SELECT 1 FROM answer_cache WHERE cache_key = ?1)"
            } else {
                "SELECT EXISTS (SELECT 1 FROM summaries WHERE summary_id = ?1)"
            };
            Ok(conn.query_row(sql, [key], |r| r.get(0))?)
        };
        let mut before = 0;
        for (scope, key) in &reached {
            before += u64::from(exists(scope, key)?);
        }
        let mut expiring: Vec<String> = Vec::new();
        for (scope, key) in &reached {
            if scope == CACHE_SCOPE {
                let entry: Option<(bool, String)> = conn
                    .query_row(
                        "SELECT purgeable, expires_at FROM answer_cache WHERE cache_key = ?1",
                        [key],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                    .optional()?;
                match entry {
                    Some((false, expires_at)) => {
                        conn.execute(
                            "UPDATE prov_nodes SET state = 'expiring', expires_at = ?3 WHERE scope = ?1 AND key = ?2",
                            params![scope, key, expires_at],
                        )?;
                        expiring.push(expires_at);
                        continue;
                    }
                    _ => {
                        conn.execute("DELETE FROM answer_cache WHERE cache_key = ?1", [key])?;
                    }
                }
            } else {
                conn.execute("DELETE FROM summaries WHERE summary_id = ?1", [key])?;
            }
            conn.execute(
                "UPDATE prov_nodes SET state = 'tombstoned' WHERE scope = ?1 AND key = ?2",
                params![scope, key],
            )?;
        }
        self.store.bump_graph_version()?;
        let mut after = 0;
        for (scope, key) in &reached {
            after += u64::from(exists(scope, key)?);
        }
        let details = json!({"artefacts_reached": reached.len()});
        match expiring.iter().max() {
            Some(expires_at) if after > 0 => Ok(Done {
                before,
                after,
                outcome: StepOutcome::Deferred {
                    expires_at: expires_at.clone(),
                },
                details: details.as_object().cloned().unwrap_or_default(),
            }),
            _ => Ok(ok(before, after, TierProof::None, details)),
        }
    }

    /// Step 8: Ask every subprocessor to delete the subject and collect the
    /// receipts (kept in the store).
    fn subprocessor(&mut self) -> Result<Done, DemoError> {
        let subject = &self.intake.subject_id;
        let mut before = 0;
        for service in &self.services.endpoints {
            before += receipts::held_records(service, subject)?;
        }
        let mut collected: Vec<CollectedReceipt> = Vec::new();
        for service in &self.services.endpoints {
            collected.push(receipts::collect(service, subject, self.clock)?);
        }
        for (position, receipt) in collected.iter().enumerate() {
            self.store.conn.execute(
                "INSERT OR REPLACE INTO receipts(request_id, position, receipt) VALUES (?1, ?2, ?3)",
                params![
                    self.intake.request_id,
                    position as i64,
                    serde_json::to_string(receipt).map_err(|e| DemoError::Store(e.to_string()))?
                ],
            )?;
        }
        let mut after = 0;
        for service in &self.services.endpoints {
            after += receipts::held_records(service, subject)?;
        }
        let details = json!({"deletion_requests_sent": collected.len()});
        if after == 0 {
            return Ok(ok(before, after, TierProof::None, details));
        }
        let due_at = collected
            .iter()
            .filter_map(|r| r.due_at.clone())
            .max()
            .unwrap_or_else(|| {
                proofpack_spec::timestamp::format_instant(
                    self.clock.now() + time::Duration::days(14),
                )
            });
        Ok(Done {
            before,
            after,
            outcome: StepOutcome::Pending { due_at },
            details: details.as_object().cloned().unwrap_or_default(),
        })
    }

    /// Step 9: Redact (never delete) the subject's personal fields in the
    /// audit log.
    fn audit_log(&mut self) -> Result<Done, DemoError> {
        let subject = self.intake.subject_id.clone();
        let before = self.audit.subject_pii_count(&subject);
        self.audit.redact_subject(&self.store.conn, &subject)?;
        let after = self.audit.subject_pii_count(&subject);
        Ok(ok(
            before,
            after,
            TierProof::None,
            json!({"entries_redacted": self.audit.subject_entries(&subject).len()}),
        ))
    }
}

/// Every provenance node reachable through the reverse index from a source
/// request `request_id` tombstoned.
fn reachable(store: &Store, request_id: &str) -> Result<Vec<(String, String)>, DemoError> {
    let sources = crate::provenance::tombstones(store, request_id)?;
    let sources: Vec<(String, String)> = sources.into_iter().map(|t| (t.0, t.1)).collect();
    crate::provenance::descendants(store, &sources)
}
