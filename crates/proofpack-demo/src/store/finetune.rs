//! The fine-tune tier: examples kept once (`dataset_examples`), dataset
//! manifests that are never edited (`dataset_manifests`, each a version of
//! a dataset listing its examples in `manifest_entries`, named
//! `<dataset>@v<version>` and sealed by a digest), and model releases named
//! by the digest of their weights (`model_releases`), each recording the
//! manifest it was trained on when it was trained.

use super::backend::args;
use super::{Store, What};
use crate::ml::ngram::{Example, Model};
use crate::DemoError;
use sha2::{Digest, Sha256};

/// A serving model release, and whether its manifest holds an example of
/// a subject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ServingRelease {
    /// The model (the digest of its weights).
    pub model_id: String,
    /// The release's name.
    pub release: String,
    /// The manifest it was trained on.
    pub(crate) manifest_id: String,
    /// Whether that manifest lists an example of the subject.
    pub(crate) trained_on_subject: bool,
}

/// The id of version `version` of `dataset`.
#[must_use]
pub(crate) fn manifest_id(dataset: &str, version: i64) -> String {
    format!("{dataset}@v{version}")
}

impl Store {
    /// Writes a training example.
    pub(crate) fn add_example(
        &self,
        example_id: &str,
        user_id: &str,
        prompt: &str,
        completion: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO dataset_examples(example_id, user_id, prompt, completion) VALUES (?1, ?2, ?3, ?4)",
                args![example_id, user_id, prompt, completion],
            )
            .what("writing a training example")?;
        Ok(())
    }

    /// Writes version `version` of `dataset`, listing `examples`, sealed by
    /// the digest of their ids and contents. Returns its id.
    pub(crate) fn add_manifest(
        &self,
        dataset: &str,
        version: i64,
        examples: &[String],
        at: &str,
    ) -> Result<String, DemoError> {
        const WHAT: &str = "writing a dataset manifest";
        let id = manifest_id(dataset, version);
        let mut digest = Sha256::new();
        for example_id in examples {
            let (prompt, completion): (String, String) = self
                .db
                .first(
                    "SELECT prompt, completion FROM dataset_examples WHERE example_id = ?1",
                    args![example_id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .and_then(|row| row.ok_or(super::SqlError::NoRow))
                .what(WHAT)?;
            let content = super::sha256_hex(format!("{prompt}\n{completion}").as_bytes());
            digest.update(format!("{example_id}\n{content}\n"));
            self.db
                .execute(
                    "INSERT INTO manifest_entries(manifest_id, example_id) VALUES (?1, ?2)",
                    args![&id, example_id],
                )
                .what(WHAT)?;
        }
        self.db
            .execute(
                "INSERT INTO dataset_manifests(manifest_id, dataset, version, digest, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                args![
                    &id,
                    dataset,
                    version,
                    proofpack_spec::encoding::hex(&digest.finalize()),
                    at
                ],
            )
            .what(WHAT)?;
        Ok(id)
    }

    /// The examples `manifest_id` lists, with their contents; an example
    /// whose content is gone cannot be trained on.
    pub(crate) fn training_examples(&self, manifest_id: &str) -> Result<Vec<Example>, DemoError> {
        let rows: Vec<(String, Option<String>, Option<String>)> = self
            .db
            .map(
                "SELECT m.example_id, e.prompt, e.completion FROM manifest_entries m
                 LEFT JOIN dataset_examples e ON e.example_id = m.example_id
                 WHERE m.manifest_id = ?1 ORDER BY m.example_id",
                args![manifest_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .what("reading a manifest's examples")?;
        rows.into_iter()
            .map(
                |(example_id, prompt, completion)| match (prompt, completion) {
                    (Some(prompt), Some(completion)) => Ok(Example {
                        example_id,
                        prompt,
                        completion,
                    }),
                    _ => Err(DemoError::Training(
                        crate::ml::ngram::ModelError::MissingExample(example_id),
                    )),
                },
            )
            .collect()
    }

    /// Trains a model on `manifest_id` and serves it as `release`.
    pub(crate) fn train_release(
        &self,
        release: &str,
        manifest_id: &str,
        at: &str,
    ) -> Result<String, DemoError> {
        let model = Model::train(&self.training_examples(manifest_id)?)?;
        self.add_model(release, manifest_id, &model, at)?;
        Ok(model.model_id())
    }

    /// Serves `model`, trained on `manifest_id`, as `release`.
    pub(crate) fn add_model(
        &self,
        release: &str,
        manifest_id: &str,
        model: &Model,
        at: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO model_releases(model_id, release_name, manifest_id, trained_at, state, weights)
                 VALUES (?1, ?2, ?3, ?4, 'serving', ?5)
                 ON CONFLICT (model_id) DO UPDATE SET state = 'serving'",
                args![model.model_id(), release, manifest_id, at, model.weights()],
            )
            .what("writing a model release")?;
        Ok(())
    }

    /// Retires `model_id` and deletes its weights (a model trained on erased
    /// examples holds them).
    pub(crate) fn retire_model(&self, model_id: &str) -> Result<(), DemoError> {
        self.db
            .execute(
                "UPDATE model_releases SET state = 'retired', weights = NULL WHERE model_id = ?1",
                args![model_id],
            )
            .what("retiring a model")?;
        Ok(())
    }

    /// Every serving release, by name, and whether its manifest lists an
    /// example of `user_id`.
    pub(crate) fn serving_releases(&self, user_id: &str) -> Result<Vec<ServingRelease>, DemoError> {
        self.db
            .map(
                "SELECT m.model_id, m.release_name, m.manifest_id,
                        EXISTS (SELECT 1 FROM manifest_entries me JOIN dataset_examples e
                                ON e.example_id = me.example_id
                                WHERE me.manifest_id = m.manifest_id AND e.user_id = ?1)
                 FROM model_releases m WHERE m.state = 'serving' ORDER BY m.release_name, m.model_id",
                args![user_id],
                |r| {
                    Ok(ServingRelease {
                        model_id: r.get(0)?,
                        release: r.get(1)?,
                        manifest_id: r.get(2)?,
                        trained_on_subject: r.get(3)?,
                    })
                },
            )
            .what("listing serving releases")
    }

    /// The latest manifest of each dataset whose latest manifest lists an
    /// example of `user_id`, ascending.
    pub(crate) fn latest_manifests_holding(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        self.db
            .column(
                "SELECT d.manifest_id FROM dataset_manifests d
                 WHERE d.version = (SELECT MAX(version) FROM dataset_manifests x WHERE x.dataset = d.dataset)
                   AND EXISTS (SELECT 1 FROM manifest_entries me JOIN dataset_examples e
                               ON e.example_id = me.example_id
                               WHERE me.manifest_id = d.manifest_id AND e.user_id = ?1)
                 ORDER BY d.manifest_id",
                args![user_id],
            )
            .what("listing manifests")
    }

    /// The latest manifest of the dataset `manifest_id` is a version of.
    pub(crate) fn latest_version_of(&self, manifest_id: &str) -> Result<String, DemoError> {
        self.db
            .one(
                "SELECT d.manifest_id FROM dataset_manifests d JOIN dataset_manifests o ON o.dataset = d.dataset
                 WHERE o.manifest_id = ?1 ORDER BY d.version DESC LIMIT 1",
                args![manifest_id],
            )
            .what("finding a dataset's latest manifest")
    }

    /// Writes the next version of the dataset `manifest_id` is a version
    /// of: its examples but those of `user_id`. Returns its id.
    pub(crate) fn new_manifest_version_without(
        &self,
        manifest_id: &str,
        user_id: &str,
        at: &str,
    ) -> Result<String, DemoError> {
        const WHAT: &str = "versioning a dataset";
        let (dataset, version): (String, i64) = self
            .db
            .first(
                "SELECT dataset, version FROM dataset_manifests WHERE manifest_id = ?1",
                args![manifest_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .and_then(|row| row.ok_or(super::SqlError::NoRow))
            .what(WHAT)?;
        let kept: Vec<String> = self
            .db
            .column(
                "SELECT me.example_id FROM manifest_entries me JOIN dataset_examples e
                 ON e.example_id = me.example_id
                 WHERE me.manifest_id = ?1 AND e.user_id != ?2 ORDER BY me.example_id",
                args![manifest_id, user_id],
            )
            .what(WHAT)?;
        self.add_manifest(&dataset, version + 1, &kept, at)
    }
}
