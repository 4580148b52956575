//! The fine-tune probe: each serving model is checked to be a model
//! trained without the subject's examples, by its own evidence rather than
//! a lineage record: its weights hash to its `model_id`, the dataset
//! version it names holds every example's content and none of the
//! subject's, and re-training on that version gives the same `model_id`.
//! Then, as a behavioural test, it is asked the subject's prompts, and its
//! answers must not reproduce a marker phrase.

use super::resolve::Subject;
use super::retrieval::Test;
use super::Found;
use crate::ml::ngram::{id_of_weights, Example, Model};
use crate::ml::normalized;
use crate::store::Reader;
use crate::DemoError;
use proofpack_producer::DataClass;
use serde::Serialize;

/// What the probe checked of one serving model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModelCheck {
    /// The release's name.
    pub release: String,
    /// The model's id (the digest of its weights, as recorded).
    pub model_id: String,
    /// The dataset version it names.
    pub(crate) manifest_id: String,
    /// Its weights are there and hash to `model_id`.
    pub weights_match_id: bool,
    /// The dataset version's examples, and how many have lost their content.
    pub(crate) examples: usize,
    /// How many of them have no content left.
    pub(crate) examples_missing: usize,
    /// How many are the subject's (by account or by content).
    pub(crate) subject_examples: usize,
    /// Re-training on the dataset version gives `model_id`.
    pub reproduced: bool,
    /// The prompts asked, and how many answers reproduced a marker.
    pub(crate) prompts_asked: usize,
    /// How many answers reproduced a marker phrase.
    pub markers_reproduced: usize,
    /// The verdict: trained without the subject's examples, and reproducing
    /// none of the subject's phrases.
    pub clear: bool,
}

/// Checks every serving model, adding each that is not clear to `found`;
/// returns the checks and the behavioural test's summary.
pub(crate) fn run(
    reader: &Reader,
    subject: &Subject,
    found: &mut Found,
) -> Result<(Vec<ModelCheck>, Test), DemoError> {
    let markers: Vec<String> = subject
        .markers
        .iter()
        .map(|m| normalized(m))
        .filter(|m| !m.is_empty())
        .collect();
    let prompts = prompts(subject);
    let mut checks = Vec::new();
    for served in reader.serving_models()? {
        let check = check(reader, subject, &served, &markers, &prompts)?;
        if !check.clear {
            found.add(
                DataClass::FineTune,
                format!("model_releases:{}", check.model_id),
            );
        }
        checks.push(check);
    }
    let test = Test {
        kind: "by_answer",
        what: "every serving model asked the subject's prompts".to_owned(),
        queries: checks.iter().map(|c| c.prompts_asked).sum(),
        hits: checks.iter().map(|c| c.markers_reproduced).sum(),
    };
    Ok((checks, test))
}

/// The subject's own prompts, and a request naming each short marker
/// (the subject's name, address, ...).
fn prompts(subject: &Subject) -> Vec<String> {
    let mut prompts = subject.prompts.clone();
    for m in subject.markers.iter().filter(|m| m.len() <= 40) {
        prompts.push(format!("Draft a reply to {m}."));
    }
    prompts.sort();
    prompts.dedup();
    prompts
}

fn check(
    reader: &Reader,
    subject: &Subject,
    served: &crate::store::ServingModel,
    markers: &[String],
    prompts: &[String],
) -> Result<ModelCheck, DemoError> {
    let weights = served.weights.as_deref();
    let weights_match_id = weights.is_some_and(|w| id_of_weights(w) == served.model_id);
    let entries = reader.manifest_examples(&served.manifest_id)?;
    let lowered: Vec<String> = subject.markers.iter().map(|m| m.to_lowercase()).collect();
    let mut examples = Vec::new();
    let (mut missing, mut of_subject) = (0, 0);
    for e in &entries {
        let Some(content) = &e.content else {
            missing += 1;
            continue;
        };
        let text = format!("{}\n{}", content.prompt, content.completion).to_lowercase();
        if subject.user_id.as_deref() == Some(content.user_id.as_str())
            || lowered.iter().any(|m| text.contains(m))
        {
            of_subject += 1;
        }
        examples.push(Example {
            example_id: e.example_id.clone(),
            prompt: content.prompt.clone(),
            completion: content.completion.clone(),
        });
    }
    let reproduced =
        missing == 0 && Model::train(&examples).is_ok_and(|m| m.model_id() == served.model_id);
    let model = weights.and_then(|w| Model::from_weights(w).ok());
    let markers_reproduced = model.map_or(0, |model| {
        prompts
            .iter()
            .filter(|p| {
                let answer = model.answer(p);
                markers.iter().any(|m| answer.contains(m.as_str()))
            })
            .count()
    });
    Ok(ModelCheck {
        release: served.release.clone(),
        model_id: served.model_id.clone(),
        manifest_id: served.manifest_id.clone(),
        weights_match_id,
        examples: entries.len(),
        examples_missing: missing,
        subject_examples: of_subject,
        reproduced,
        prompts_asked: prompts.len(),
        markers_reproduced,
        clear: weights_match_id && reproduced && of_subject == 0 && markers_reproduced == 0,
    })
}
