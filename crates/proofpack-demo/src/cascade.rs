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
use crate::ml::ngram::Model;
use crate::receipts::{self, CollectedReceipt};
use crate::services::Subprocessors;
use crate::store::{note_key, user_scope, CachedAnswer, Node, ServingRelease, Store, CACHE_SCOPE};
use crate::DemoError;
use proofpack_producer::{
    Backup, BackupState, ModelAction, ModelLineage, Purge, Step, StepOutput, StepRecord, StepStatus,
};
use proofpack_spec::vocab::StepStatus as StatusName;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::path::Path;

/// The cascade's `code_ref`.
pub(crate) const CASCADE_CODE: &str = concat!("proofpack-demo/cascade@", env!("CARGO_PKG_VERSION"));

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
    /// Replication lag drained, and the backups holding the subject's rows.
    Episodic {
        /// `replication_lag_drained`
        replication_lag_drained: bool,
        /// The backups (§17 `backups`).
        backups: Vec<EpisodicBackup>,
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

/// A backup snapshot holding the subject's episodic rows, as the episodic
/// step found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EpisodicBackup {
    /// The snapshot (the backup's `location`).
    pub location: String,
    /// When it expires.
    pub(crate) retention_until: String,
    /// Restored into use (it serves reads): `live`, not beyond use.
    pub in_use: bool,
    /// A restore re-applies the erasure (the subject is in the suppression
    /// ledger).
    pub restore_suppression: bool,
}

impl EpisodicBackup {
    /// The §17 backup.
    #[must_use]
    pub(crate) fn to_backup(&self) -> Backup {
        Backup {
            location: self.location.clone(),
            state: if self.in_use {
                BackupState::Live
            } else {
                BackupState::BeyondUse {
                    retention_until: self.retention_until.clone(),
                    restore_suppression: self.restore_suppression,
                }
            },
        }
    }
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
    /// Failed, and an exception was opened for it.
    Fail {
        /// What went wrong.
        error: String,
        /// The exception opened.
        exception_id: String,
    },
}

/// One step as the ledger keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepEntry {
    /// The step's name (§7).
    pub step: String,
    /// `started_at`
    pub(crate) started_at: String,
    /// `ended_at`
    pub(crate) ended_at: String,
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
        self.step.parse().map_err(DemoError::UnknownStep)
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
                        backups,
                    } => StepOutput::episodic(*replication_lag_drained)
                        .with_backups(backups.iter().map(EpisodicBackup::to_backup).collect()),
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
            StepOutcome::Fail {
                error,
                exception_id,
            } => StepStatus::Fail {
                error: error.clone(),
                exception_id: exception_id.clone(),
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
            StepOutcome::Fail { .. } => StatusName::Fail,
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

/// Files under `root/<user_id>/`.
fn files_of(root: &Path, user_id: &str) -> Result<u64, DemoError> {
    let dir = root.join(user_id);
    match std::fs::read_dir(&dir) {
        Ok(entries) => Ok(entries.filter_map(Result::ok).count() as u64),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(DemoError::io(&dir, e)),
    }
}

/// The subject's upload files, their replicas and their rows.
fn uploads_held(store: &Store, user: &str) -> Result<u64, DemoError> {
    let paths = &store.paths;
    Ok(files_of(&paths.uploads, user)?
        + files_of(&paths.uploads_replica, user)?
        + store.upload_rows_count(user)?)
}

/// Everything one cascade run needs.
pub(crate) struct Cascade<'a> {
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
    pub(crate) fn run(
        &mut self,
        each: &mut dyn FnMut(&StepEntry, bool),
    ) -> Result<Vec<StepEntry>, DemoError> {
        let request = self.intake.request()?;
        let mut entries = Vec::new();
        for step in request.required_steps() {
            if let Some(entry) = self
                .store
                .recorded_step(&self.intake.request_id, step.seq())?
            {
                each(&entry, true);
                entries.push(entry);
                continue;
            }
            let tx = self.store.begin()?;
            let started_at = self.clock.stamp();
            let entry = match self.run_step(step) {
                Ok(done) => {
                    let entry = StepEntry {
                        step: step.as_str().to_owned(),
                        started_at,
                        ended_at: self.clock.stamp(),
                        before_count: done.before,
                        after_count: done.after,
                        outcome: done.outcome,
                        details: done.details,
                    };
                    self.store
                        .record_step(&self.intake.request_id, step.seq(), &entry)?;
                    tx.commit()?;
                    entry
                }
                Err(error) => {
                    // The step's changes are rolled back; its failure is
                    // recorded, with an exception, in a transaction of its own.
                    drop(tx);
                    self.record_failure(step, started_at, error)?
                }
            };
            let record = entry.to_record()?;
            self.audit.log_step(&self.intake.request_id, &record)?;
            each(&entry, false);
            entries.push(entry);
        }
        self.store.checkpoint_wal()?;
        Ok(entries)
    }

    /// Records that `step` failed with `error`: an exception is opened for
    /// it, and its ledger entry is `fail` with the exception's id and the
    /// records it left (counted again after its changes were rolled back).
    /// When even that cannot be done, the run stops with `error`.
    fn record_failure(
        &mut self,
        step: Step,
        started_at: String,
        error: DemoError,
    ) -> Result<StepEntry, DemoError> {
        let Ok(held) = self.held(step) else {
            return Err(error);
        };
        let request_id = self.intake.request_id.clone();
        let exception_id = format!("exc-{request_id}-{}", step.seq());
        let tx = self.store.begin()?;
        let ended_at = self.clock.stamp();
        let message = error.to_string();
        self.store.open_exception(
            &exception_id,
            &request_id,
            step.as_str(),
            &message,
            &ended_at,
        )?;
        let entry = StepEntry {
            step: step.as_str().to_owned(),
            started_at,
            ended_at,
            before_count: held,
            after_count: held,
            outcome: StepOutcome::Fail {
                error: message,
                exception_id,
            },
            details: Map::new(),
        };
        self.store.record_step(&request_id, step.seq(), &entry)?;
        tx.commit()?;
        Ok(entry)
    }

    /// The records `step` is about that the store (or the services, or the
    /// audit log) holds now.
    fn held(&self, step: Step) -> Result<u64, DemoError> {
        let (store, user) = (self.store, self.user());
        match step {
            Step::Working => store.working_sessions_count(user),
            Step::Episodic => store.episodic_rows_count(user),
            Step::Semantic => store.semantic_records_count(user),
            Step::Vectors => store.vectors_count(user),
            Step::FineTune => store.dataset_examples_count(user),
            Step::Uploads => uploads_held(store, user),
            Step::Derivatives => self.artefacts_held(&reachable(store, &self.intake.request_id)?),
            Step::Subprocessor => {
                let mut held = 0;
                for service in &self.services.endpoints {
                    held += receipts::held_records(service, &self.intake.subject_id)?;
                }
                Ok(held)
            }
            Step::AuditLog => Ok(self.audit.subject_pii_count(&self.intake.subject_id)),
        }
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
        let before = self.store.working_sessions_count(self.user())?;
        self.store.delete_working_sessions(self.user())?;
        let after = self.store.working_sessions_count(self.user())?;
        Ok(ok(before, after, TierProof::None, json!({})))
    }

    /// Step 2: Delete subject-tagged rows on the primary, tombstone them as
    /// provenance sources, record the subject in the suppression ledger
    /// (for any restore of a backup), and drain replication to the replica.
    fn episodic(&mut self) -> Result<Done, DemoError> {
        let store = self.store;
        let request_id = &self.intake.request_id;
        let user = self.user().to_owned();
        let before = store.episodic_rows_count(&user)?;
        let rows = store.episodic_row_ids(&user)?;
        let now = self.clock.stamp();
        for row in &rows {
            store.delete_episodic_row(*row)?;
            store.tombstone_source(&user_scope(&user), &note_key(*row), &now, request_id)?;
        }
        store.record_suppression(&user, request_id, &now)?;
        let applied = store.drain_replication()?;
        let lagging = store.unapplied_replication_count()?;
        // Backups keep the subject's rows until they expire; the suppression
        // ledger just written (in this step's transaction) makes every
        // restore skip them, unless the snapshot is already in use.
        let backups = store
            .backup_snapshots_of(&user)?
            .into_iter()
            .map(|s| EpisodicBackup {
                location: s.snapshot_id,
                retention_until: s.retention_until,
                in_use: s.in_use,
                restore_suppression: true,
            })
            .collect();
        let after = store.episodic_rows_count(&user)?;
        Ok(ok(
            before,
            after,
            TierProof::Episodic {
                replication_lag_drained: lagging == 0,
                backups,
            },
            json!({"replica_entries_applied": applied}),
        ))
    }

    /// Step 3: Delete subject-attributed nodes and their edges, then rebuild the
    /// graph (drop edges left dangling).
    fn semantic(&mut self) -> Result<Done, DemoError> {
        let before = self.store.semantic_records_count(self.user())?;
        self.store.delete_entities(self.user())?;
        let dangling = self.store.drop_dangling_edges()?;
        let version = self.store.bump_entity_graph_version()?;
        let after = self.store.semantic_records_count(self.user())?;
        Ok(ok(
            before,
            after,
            TierProof::None,
            json!({"graph_rebuilt": {"version": version, "dangling_edges_dropped": dangling}}),
        ))
    }

    /// Step 4: Delete the subject's vectors and rebuild every affected shard
    /// into a new generation, dropping the older ones.
    fn vectors(&mut self) -> Result<Done, DemoError> {
        if self.fault == Some(Fault::VectorIndexNotRebuilt) {
            return self.vectors_from_serving_only();
        }
        let store = self.store;
        let before = store.vectors_count(self.user())?;
        let shards = store.shards_holding(self.user())?;
        let now = self.clock.stamp();
        let mut rebuilt = Vec::new();
        for shard in &shards {
            let generation = store.rebuild_shard_without(*shard, self.user(), &now)?;
            rebuilt.push(json!({"shard": shard, "generation": generation}));
        }
        let after = store.vectors_count(self.user())?;
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
        let before = self.store.serving_vectors_count(self.user())?;
        self.store.delete_serving_vectors(self.user())?;
        let after = self.store.serving_vectors_count(self.user())?;
        Ok(ok(
            before,
            after,
            TierProof::Vectors { rebuilt: false },
            json!({}),
        ))
    }

    /// Step 5: Version every dataset holding the subject's examples anew
    /// without them (a manifest is never edited), retrain each serving model
    /// whose dataset version held them on the new version (a new model, named
    /// by the digest of its weights; the old one is retired and its weights
    /// deleted), then delete the examples themselves.
    fn fine_tune(&mut self) -> Result<Done, DemoError> {
        let store = self.store;
        let user = self.user().to_owned();
        let before = store.dataset_examples_count(&user)?;
        let releases = store.serving_releases(&user)?;
        let now = self.clock.stamp();
        let mut versioned = Vec::new();
        for manifest in store.latest_manifests_holding(&user)? {
            let next = store.new_manifest_version_without(&manifest, &user, &now)?;
            versioned.push(json!({"from": manifest, "to": next}));
        }
        let mut models = Vec::new();
        let mut retrained = Vec::new();
        for release in releases {
            let outcome = if !release.trained_on_subject {
                ModelOutcome::NotTrainedOn
            } else if self.fault == Some(Fault::ModelSuppressedOnly) {
                // The defect: an output filter instead of a retraining.
                store.add_output_filter(&release.model_id, &user, &now)?;
                ModelOutcome::Suppressed
            } else {
                retrained.push(self.retrain(&release, &now)?);
                ModelOutcome::Retrained
            };
            models.push((release.model_id, outcome));
        }
        store.delete_dataset_examples(&user)?;
        let after = store.dataset_examples_count(&user)?;
        Ok(ok(
            before,
            after,
            TierProof::FineTune { models },
            json!({"manifests_versioned": versioned, "retrained": retrained}),
        ))
    }

    /// Trains `release` anew on the latest version of its dataset (already
    /// without the subject's examples), serves the new model and retires
    /// the old one.
    fn retrain(&self, release: &ServingRelease, now: &str) -> Result<Value, DemoError> {
        let store = self.store;
        let manifest = store.latest_version_of(&release.manifest_id)?;
        let examples = store.training_examples(&manifest)?;
        let model = Model::train(&examples)?;
        store.add_model(&release.release, &manifest, &model, now)?;
        store.retire_model(&release.model_id)?;
        Ok(json!({
            "release": release.release,
            "from": release.model_id,
            "to": model.model_id(),
            "manifest": manifest,
        }))
    }

    /// Step 6: Delete the subject's upload blobs, their replicas and their rows.
    fn uploads(&mut self) -> Result<Done, DemoError> {
        let store = self.store;
        let paths = &store.paths;
        let user = self.user().to_owned();
        let before = uploads_held(store, &user)?;
        for root in [&paths.uploads, &paths.uploads_replica] {
            let dir = root.join(&user);
            match std::fs::remove_dir_all(&dir) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(DemoError::io(&dir, e)),
            }
        }
        store.delete_upload_rows(&user)?;
        let after = uploads_held(store, &user)?;
        Ok(ok(before, after, TierProof::None, json!({})))
    }

    /// Step 7: Every artefact reachable, through the reverse index, from a
    /// source this request tombstoned: summaries are deleted, cached
    /// answers purged (or, in a TTL-only cache, left to expire).
    fn derivatives(&mut self) -> Result<Done, DemoError> {
        let reached = reachable(self.store, &self.intake.request_id)?;
        let before = self.artefacts_held(&reached)?;
        let mut expiring: Vec<String> = Vec::new();
        for (scope, key) in &reached {
            if let Some(expires_at) = self.erase_artefact(scope, key)? {
                expiring.push(expires_at);
            }
        }
        self.store.bump_graph_version()?;
        let after = self.artefacts_held(&reached)?;
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

    /// How many of the artefacts `nodes` the store still holds.
    fn artefacts_held(&self, nodes: &[Node]) -> Result<u64, DemoError> {
        let mut held = 0;
        for (scope, key) in nodes {
            let exists = if scope == CACHE_SCOPE {
                self.store.cached_answer_exists(key)?
            } else {
                self.store.summary_exists(key)?
            };
            held += u64::from(exists);
        }
        Ok(held)
    }

    /// Deletes the artefact `(scope, key)` and tombstones its node; a cached
    /// answer the cache cannot purge is marked expiring instead, and its
    /// expiry returned.
    fn erase_artefact(&self, scope: &str, key: &str) -> Result<Option<String>, DemoError> {
        if scope == CACHE_SCOPE {
            match self.store.cached_answer(key)? {
                Some(CachedAnswer {
                    purgeable: false,
                    expires_at,
                }) => {
                    self.store.mark_expiring(scope, key, &expires_at)?;
                    return Ok(Some(expires_at));
                }
                _ => self.store.delete_cached_answer(key)?,
            }
        } else {
            self.store.delete_summary(key)?;
        }
        self.store.mark_tombstoned(scope, key)?;
        Ok(None)
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
        if self.fault == Some(Fault::ReceiptForged) {
            if let Some(first) = collected.first_mut() {
                receipts::forge_attestation(first, subject)?;
            }
        }
        self.store
            .record_receipts(&self.intake.request_id, &collected)?;
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
        self.audit.redact_subject(&subject)?;
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
fn reachable(store: &Store, request_id: &str) -> Result<Vec<Node>, DemoError> {
    let sources: Vec<Node> = store
        .tombstones(request_id)?
        .into_iter()
        .map(|t| (t.scope, t.key))
        .collect();
    crate::provenance::descendants(store, &sources)
}
