//! Writes of the platform's own life before the request: the seeded
//! history of every subject, and the writes tests add to it.

use super::backend::args;
use super::{
    derived_scope, note_key, sha256_hex, user_scope, Store, Subject, What, CACHE_SCOPE,
    EARLY_MANIFEST, EARLY_MODEL, LATE_MANIFEST, LATE_MODEL, SHARDS, SUBJECTS,
};
use crate::fault::Fault;
use crate::DemoError;

/// The seeded history's clock: `at(days, hours)` is `days` before the
/// platform started, plus `hours`.
type At<'a> = &'a dyn Fn(i64, i64) -> String;

/// How long a backup snapshot is kept.
const BACKUP_RETENTION_DAYS: i64 = 35;

/// A subject's seeded values: one of [`SUBJECTS`], or a synthetic one.
struct Person<'a> {
    user_id: &'a str,
    email: &'a str,
    name: &'a str,
    ip: &'a str,
    employer: &'a str,
    city: &'a str,
}

impl<'a> From<&'a Subject> for Person<'a> {
    fn from(s: &'a Subject) -> Self {
        Person {
            user_id: s.user_id,
            email: s.email,
            name: s.name,
            ip: s.ip,
            employer: s.employer,
            city: s.city,
        }
    }
}

/// The values of the `k`-th synthetic subject (fictitious, like
/// [`SUBJECTS`]'): a user id, e-mail address and name of its own, an
/// address of RFC 5737's documentation ranges, an employer and a city
/// shared with others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Synthetic {
    user_id: String,
    email: String,
    name: String,
    ip: String,
    employer: &'static str,
    city: &'static str,
}

impl Synthetic {
    /// The `k`-th synthetic subject.
    #[must_use]
    pub fn nth(k: usize) -> Synthetic {
        const EMPLOYERS: [&str; 4] = [
            "Adventure Works",
            "Wide World Importers",
            "Litware Inc",
            "Proseware Ltd",
        ];
        const CITIES: [&str; 4] = ["Porto", "Accra", "Valparaiso", "Tartu"];
        Synthetic {
            user_id: format!("u-syn-{k:06}"),
            email: format!("synthetic.{k}@example.net"),
            name: format!("Synthetic Subject {k}"),
            ip: format!("203.0.113.{}", k % 254 + 1),
            employer: EMPLOYERS[k % EMPLOYERS.len()],
            city: CITIES[k % CITIES.len()],
        }
    }

    /// Its account id.
    #[must_use]
    pub fn user_id(&self) -> &str {
        &self.user_id
    }

    fn person(&self) -> Person<'_> {
        Person {
            user_id: &self.user_id,
            email: &self.email,
            name: &self.name,
            ip: &self.ip,
            employer: self.employer,
            city: self.city,
        }
    }
}

impl Store {
    /// Writes an episodic row on the primary, logs it for the replica, and
    /// indexes its vector in the serving generation of its shard. Returns
    /// the row id.
    pub(crate) fn add_episodic(
        &self,
        user_id: &str,
        at: &str,
        kind: &str,
        content: &str,
    ) -> Result<i64, DemoError> {
        const WHAT: &str = "writing an episodic row";
        let row_id: i64 = self
            .db
            .one(
                "INSERT INTO episodic(user_id, at, kind, content) VALUES (?1, ?2, ?3, ?4)
                 RETURNING row_id",
                args![user_id, at, kind, content],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO replication_log(row_id, op) VALUES (?1, 'upsert')",
                args![row_id],
            )
            .what(WHAT)?;
        let shard = row_id % SHARDS;
        let generation: Option<i64> = self
            .db
            .opt(
                "SELECT generation FROM vector_generations WHERE shard = ?1 AND role = 'serving'",
                args![shard],
            )
            .what(WHAT)?;
        if let Some(generation) = generation {
            self.index_vector(shard, generation, row_id, user_id, content)?;
        }
        self.db
            .execute(
                "INSERT INTO prov_nodes(scope, key, state) VALUES (?1, ?2, 'source')
                 ON CONFLICT DO NOTHING",
                args![user_scope(user_id), note_key(row_id)],
            )
            .what(WHAT)?;
        Ok(row_id)
    }

    /// Writes a summary derived from `notes` of `user_id`.
    pub(crate) fn add_summary(
        &self,
        summary_id: &str,
        user_id: &str,
        text: &str,
        at: &str,
        notes: &[i64],
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO summaries(summary_id, user_id, text, created_at) VALUES (?1, ?2, ?3, ?4)",
                args![summary_id, user_id, text, at],
            )
            .what("writing a summary")?;
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
    pub(crate) fn add_upload(
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
        self.db
            .execute(
                "INSERT INTO uploads(upload_id, user_id, file_name, sha256) VALUES (?1, ?2, ?3, ?4)",
                args![
                    upload_id,
                    user_id,
                    file_name,
                    sha256_hex(content.as_bytes())
                ],
            )
            .what("writing an upload row")?;
        Ok(())
    }

    /// Seeds every tier with [`SUBJECTS`] and `synthetic` more subjects
    /// ([`Synthetic::nth`], in the store's tiers only: the audit log, seeded
    /// by `AuditStore::seed` in the audit module, and the subprocessors know
    /// [`SUBJECTS`]). `base` is the time the platform started; the seeded
    /// history lies in the weeks before it.
    pub(crate) fn seed(
        &self,
        base: time::OffsetDateTime,
        synthetic: usize,
    ) -> Result<(), DemoError> {
        let at = |days: i64, hours: i64| {
            proofpack_spec::timestamp::format_instant(
                base - time::Duration::days(days) + time::Duration::hours(hours),
            )
        };
        let tx = self.begin()?;
        self.seed_generation_one(&at)?;
        for (i, s) in SUBJECTS.iter().enumerate() {
            self.seed_subject(i, &s.into(), &at)?;
            if i == 1 {
                self.seed_generation_two(&at)?;
            }
        }
        for k in 0..synthetic {
            // Their history spread over the same weeks as the others'.
            let i = SUBJECTS.len() + k % 16;
            self.seed_subject(i, &Synthetic::nth(k).person(), &at)?;
        }
        let late_notes = self.seed_late_notes(&at)?;
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
        self.seed_backup(&at)?;
        self.seed_derived_answer(&at, &late_notes)?;
        self.seed_datasets_and_models(&at)?;
        // Each generation's index, built once it is complete.
        self.build_all_indexes()?;
        tx.commit()
    }

    /// Generation 1 of every shard.
    fn seed_generation_one(&self, at: At<'_>) -> Result<(), DemoError> {
        for shard in 0..SHARDS {
            self.db
                .execute(
                    "INSERT INTO vector_generations VALUES (?1, 1, 'serving', ?2)",
                    args![shard, at(60, 0)],
                )
                .what("seeding the vector index")?;
        }
        Ok(())
    }

    /// The fine-tune datasets (version 1 of each: the early one without
    /// the first subject, the late one with every subject) and the model
    /// releases trained on them, really: each model's id is the digest of
    /// the weights training gave. With `--fault step-fails`, a later import
    /// adds a malformed example to the late dataset (its version 2, which
    /// no model was trained on yet).
    fn seed_datasets_and_models(&self, at: At<'_>) -> Result<(), DemoError> {
        // The early dataset has two examples of each subject, the late one
        // three: no two datasets (nor their versions) hold the same examples.
        let ids = |subjects: &[Subject], n: usize| -> Vec<String> {
            subjects
                .iter()
                .flat_map(|s| (0..n).map(move |k| format!("ex-{}-{k}", s.user_id)))
                .collect()
        };
        let early = self.add_manifest(EARLY_MANIFEST, 1, &ids(&SUBJECTS[1..], 2), &at(90, 0))?;
        let late = self.add_manifest(LATE_MANIFEST, 1, &ids(&SUBJECTS, 3), &at(35, 0))?;
        self.train_release(EARLY_MODEL, &early, &at(88, 0))?;
        self.train_release(LATE_MODEL, &late, &at(33, 0))?;
        if self.fault == Some(Fault::StepFails) {
            let second = &SUBJECTS[1];
            let id = format!("ex-{}-import", second.user_id);
            self.add_example(
                &id,
                second.user_id,
                &format!("Draft a reply to {} about the renewal.", second.name),
                "",
            )?;
            let mut examples = ids(&SUBJECTS, 3);
            examples.push(id);
            examples.sort();
            self.add_manifest(LATE_MANIFEST, 2, &examples, &at(20, 0))?;
        }
        Ok(())
    }

    /// Generation 2 of every shard, built from generation 1, which each
    /// shard keeps as its previous generation.
    fn seed_generation_two(&self, at: At<'_>) -> Result<(), DemoError> {
        const WHAT: &str = "seeding generation 2 of the vector index";
        self.db
            .execute(
                "UPDATE vector_generations SET role = 'previous' WHERE generation = 1",
                &[],
            )
            .what(WHAT)?;
        for shard in 0..SHARDS {
            self.db
                .execute(
                    "INSERT INTO vector_generations VALUES (?1, 2, 'serving', ?2)",
                    args![shard, at(40, 0)],
                )
                .what(WHAT)?;
            self.db
                .execute(
                    "INSERT INTO vectors(shard, generation, vector_id, user_id, source_key, embedding)
                     SELECT shard, 2, vector_id, user_id, source_key, embedding
                     FROM vectors WHERE shard = ?1 AND generation = 1",
                    args![shard],
                )
                .what(WHAT)?;
        }
        Ok(())
    }

    /// Later writes of the first subject, indexed in generation 2 only.
    /// Returns their row ids.
    fn seed_late_notes(&self, at: At<'_>) -> Result<Vec<i64>, DemoError> {
        let first = &SUBJECTS[0];
        let mut late_notes = Vec::new();
        for (k, day) in ["Tuesday", "Thursday", "Friday"].iter().enumerate() {
            late_notes.push(self.add_episodic(
                first.user_id,
                &at(12 - k as i64, 9),
                "note",
                &format!(
                    "{} asked to move the quarterly review with {} to {day}.",
                    first.name, first.employer
                ),
            )?);
        }
        Ok(late_notes)
    }

    /// The backup of the episodic store, taken before the request.
    fn seed_backup(&self, at: At<'_>) -> Result<(), DemoError> {
        const WHAT: &str = "seeding the episodic backup";
        let snapshot = format!("bk-{}", at(1, 0));
        // Snapshots are kept 35 days. The defect of `--fault backup-live`:
        // this one was restored into use (a reporting copy that serves
        // reads), so it is no longer a backup beyond use.
        let retention_until = at(1 - BACKUP_RETENTION_DAYS, 0);
        let in_use = self.fault == Some(Fault::BackupLive);
        self.db
            .execute(
                "INSERT INTO backup_snapshots VALUES (?1, ?2, ?3, ?4)",
                args![&snapshot, at(1, 0), retention_until, in_use],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO backup_episodic(snapshot_id, row_id, user_id, at, kind, content)
                 SELECT CAST(?1 AS TEXT), row_id, user_id, at, kind, content FROM episodic",
                args![&snapshot],
            )
            .what(WHAT)?;
        Ok(())
    }

    /// A summary of the first subject's late notes, and a cached answer
    /// derived from it.
    fn seed_derived_answer(&self, at: At<'_>, late_notes: &[i64]) -> Result<(), DemoError> {
        let first = &SUBJECTS[0];
        let summary = format!("summary-{}-review", first.user_id);
        self.add_summary(
            &summary,
            first.user_id,
            &format!(
                "{} keeps rescheduling the {} review.",
                first.name, first.employer
            ),
            &at(2, 0),
            late_notes,
        )?;
        self.add_cached_answer(
            "q-991",
            "When is the quarterly review?",
            "It moved to Friday.",
            &at(2, 1),
            &at(-5, 1),
            (&derived_scope(first.user_id), &summary),
        )
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
        self.db
            .execute(
                "INSERT INTO answer_cache VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![key, question, answer, created_at, expires_at, purgeable],
            )
            .what("seeding the answer cache")?;
        self.add_derivation((CACHE_SCOPE, key), derived_from)
    }

    /// Every tier of subject `s`, the `i`-th seeded.
    fn seed_subject(&self, i: usize, s: &Person<'_>, at: At<'_>) -> Result<(), DemoError> {
        self.seed_sessions(s, at)?;
        let notes = self.seed_notes(i, s, at)?;
        self.seed_entities(s)?;
        self.seed_examples(s)?;
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
        )
    }

    /// Two working sessions of `s`.
    fn seed_sessions(&self, s: &Person<'_>, at: At<'_>) -> Result<(), DemoError> {
        for k in 0..2 {
            self.db
                .execute(
                    "INSERT INTO working_sessions VALUES (?1, ?2, ?3, ?4)",
                    args![
                        format!("sess-{}-{k}", s.user_id),
                        s.user_id,
                        at(0, -2 + k),
                        format!(
                            "draft: reply to {} <{}> about the {} invoice",
                            s.name, s.email, s.employer
                        )
                    ],
                )
                .what("seeding a working session")?;
        }
        Ok(())
    }

    /// Four episodic rows of `s`, notes and chats in turn. Returns the
    /// notes' row ids.
    fn seed_notes(&self, i: usize, s: &Person<'_>, at: At<'_>) -> Result<Vec<i64>, DemoError> {
        let n = i as i64;
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
        Ok(notes)
    }

    /// The entities of `s` (person, employment, preferences), the city it
    /// shares with others, and their edges.
    fn seed_entities(&self, s: &Person<'_>) -> Result<(), DemoError> {
        const WHAT: &str = "seeding the entity graph";
        let person = format!("ent-{}-person", s.user_id);
        let employer = format!("ent-{}-employer", s.user_id);
        let city = format!("ent-city-{}", s.city.to_lowercase());
        let attrs = super::to_json(
            "a person's attributes",
            &serde_json::json!({"email": s.email, "ip": s.ip}),
        )?;
        self.db
            .execute(
                "INSERT INTO entities VALUES (?1, ?2, 'person', ?3, ?4)",
                args![&person, s.user_id, s.name, attrs],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO entities VALUES (?1, ?2, 'employment', ?3, '{}')",
                args![&employer, s.user_id, s.employer],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO entities VALUES (?1, NULL, 'city', ?2, '{}') ON CONFLICT DO NOTHING",
                args![&city, s.city],
            )
            .what(WHAT)?;
        self.db
            .execute(
                "INSERT INTO entity_edges VALUES (?1, ?2, 'works_at'), (?1, ?3, 'lives_in')",
                args![&person, &employer, &city],
            )
            .what(WHAT)?;
        for (k, pref) in ["prefers e-mail", "vegetarian", "morning meetings"]
            .iter()
            .enumerate()
        {
            let id = format!("ent-{}-pref-{k}", s.user_id);
            self.db
                .execute(
                    "INSERT INTO entities VALUES (?1, ?2, 'preference', ?3, '{}')",
                    args![&id, s.user_id, *pref],
                )
                .what(WHAT)?;
            self.db
                .execute(
                    "INSERT INTO entity_edges VALUES (?1, ?2, 'prefers')",
                    args![&person, &id],
                )
                .what(WHAT)?;
        }
        Ok(())
    }

    /// Three fine-tune examples of `s` (the datasets listing them are
    /// written once every subject's are).
    fn seed_examples(&self, s: &Person<'_>) -> Result<(), DemoError> {
        for k in 0..3 {
            self.add_example(
                &format!("ex-{}-{k}", s.user_id),
                s.user_id,
                &format!("Draft a reply to {} about {}.", s.name, s.employer),
                &format!("Dear {}, thank you for your message ({k}).", s.name),
            )?;
        }
        Ok(())
    }

    /// Adds `count` more notes for `user_id` (and a working session): the
    /// cascade's before-counts follow what the store holds.
    pub fn seed_more(&self, user_id: &str, count: usize, at: &str) -> Result<(), DemoError> {
        for k in 0..count {
            self.add_episodic(user_id, at, "note", &format!("extra note {k}"))?;
        }
        self.db
            .execute(
                "INSERT INTO working_sessions VALUES (?1, ?2, ?3, 'extra session')",
                args![format!("sess-{user_id}-extra-{count}"), user_id, at],
            )
            .what("seeding a working session")?;
        // The new notes' vectors are in the serving generations: their
        // indexes are built again.
        self.build_all_indexes()
    }

    /// Restores the latest episodic backup onto the primary and the
    /// replica, for rows they no longer hold. With `apply_ledger`, the rows
    /// of every user in the suppression ledger are skipped, as a restore
    /// must do; without it they come back. Returns the rows restored.
    pub(crate) fn restore_backup(&self, apply_ledger: bool) -> Result<u64, DemoError> {
        const WHAT: &str = "restoring the episodic backup";
        let snapshot: String = self
            .db
            .one(
                "SELECT snapshot_id FROM backup_snapshots ORDER BY taken_at DESC LIMIT 1",
                &[],
            )
            .what(WHAT)?;
        let filter = if apply_ledger {
            " AND user_id NOT IN (SELECT user_id FROM suppression_ledger)"
        } else {
            ""
        };
        let mut restored = 0;
        for table in ["episodic", "episodic_replica"] {
            restored += self
                .db
                .execute(
                    &format!(
                        "INSERT INTO {table}(row_id, user_id, at, kind, content)
                         SELECT row_id, user_id, at, kind, content FROM backup_episodic
                         WHERE snapshot_id = ?1{filter}
                         ON CONFLICT DO NOTHING"
                    ),
                    args![&snapshot],
                )
                .what(WHAT)?;
        }
        Ok(restored)
    }
}
