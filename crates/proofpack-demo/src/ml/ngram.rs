//! The fine-tuned model: a 4-gram language model over "prompt, separator,
//! completion" sequences, trained by counting, answering by greedy
//! generation with back-off. Its weights are a canonical JSON text (sorted
//! maps), so a model is named by their digest: training the same examples
//! always gives the same `model_id`, and any other examples another one.

use super::tokens;
use std::collections::BTreeMap;

/// The longest context the model conditions on, in words.
const CONTEXT: usize = 3;
/// The word between a prompt and its completion.
const SEP: &str = "<sep>";
/// The word after a completion.
const END: &str = "</s>";
/// The format named in the weights.
const FORMAT: &str = "ngram-4/v1";
/// The longest answer generated, in words.
pub(crate) const MAX_ANSWER: usize = 24;

/// Why a model could not be trained or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// A training example has an empty prompt or completion: the training
    /// pipeline refuses the dataset rather than learn from it.
    #[error("example {0} has an empty prompt or completion")]
    EmptyExample(String),
    /// A manifest lists an example whose content is gone.
    #[error("example {0} has no content")]
    MissingExample(String),
    /// The dataset has no example.
    #[error("the dataset has no example")]
    NoExample,
    /// The weights are not this model's format.
    #[error("the weights are not an {FORMAT} model: {0}")]
    Weights(String),
}

/// One training example: its id, prompt and completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Example {
    /// Its id (named in an error).
    pub(crate) example_id: String,
    /// The prompt.
    pub(crate) prompt: String,
    /// The completion.
    pub(crate) completion: String,
}

/// A trained model: for each context (up to `CONTEXT` words, joined by
/// spaces; the empty context is the unigram table), how often each word
/// followed it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Model {
    format: String,
    counts: BTreeMap<String, BTreeMap<String, u64>>,
}

impl Model {
    /// Trains on `examples` (in any order: counting does not depend on it).
    pub(crate) fn train(examples: &[Example]) -> Result<Model, ModelError> {
        if examples.is_empty() {
            return Err(ModelError::NoExample);
        }
        let mut counts: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
        for e in examples {
            let (prompt, completion) = (tokens(&e.prompt), tokens(&e.completion));
            if prompt.is_empty() || completion.is_empty() {
                return Err(ModelError::EmptyExample(e.example_id.clone()));
            }
            let mut words = prompt;
            words.push(SEP.to_owned());
            words.extend(completion);
            words.push(END.to_owned());
            for (i, next) in words.iter().enumerate() {
                for n in 0..=CONTEXT.min(i) {
                    let context = words[i - n..i].join(" ");
                    *counts
                        .entry(context)
                        .or_default()
                        .entry(next.clone())
                        .or_default() += 1;
                }
            }
        }
        Ok(Model {
            format: FORMAT.to_owned(),
            counts,
        })
    }

    /// The weights: canonical JSON (maps sorted by key).
    #[must_use]
    pub(crate) fn weights(&self) -> String {
        // A struct of strings and sorted maps of integers always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The model whose weights are `weights`.
    pub fn from_weights(weights: &str) -> Result<Model, ModelError> {
        let model: Model =
            serde_json::from_str(weights).map_err(|e| ModelError::Weights(e.to_string()))?;
        if model.format != FORMAT {
            return Err(ModelError::Weights(format!("format {:?}", model.format)));
        }
        Ok(model)
    }

    /// The model's id: `sha256:` and the hex SHA-256 of its weights.
    #[must_use]
    pub fn model_id(&self) -> String {
        id_of_weights(&self.weights())
    }

    /// The model's answer to `prompt`: the most likely next word, again and
    /// again (ties to the word first in order), from the longest context it
    /// has seen, until the end word or `MAX_ANSWER` words.
    #[must_use]
    pub fn answer(&self, prompt: &str) -> String {
        let mut words = tokens(prompt);
        words.push(SEP.to_owned());
        let start = words.len();
        while words.len() - start < MAX_ANSWER {
            let Some(next) = self.next_word(&words) else {
                break;
            };
            if next == END {
                break;
            }
            words.push(next);
        }
        words[start..].join(" ")
    }

    fn next_word(&self, words: &[String]) -> Option<String> {
        for n in (0..=CONTEXT.min(words.len())).rev() {
            let context = words[words.len() - n..].join(" ");
            if let Some(next) = self.counts.get(&context) {
                // The highest count; among equal counts, the first word.
                let best = next
                    .iter()
                    .fold(None::<(&String, u64)>, |best, (w, c)| match best {
                        Some((_, b)) if b >= *c => best,
                        _ => Some((w, *c)),
                    });
                return best.map(|(w, _)| w.clone());
            }
        }
        None
    }
}

/// The id of the model whose weights are `weights`.
#[must_use]
pub fn id_of_weights(weights: &str) -> String {
    use sha2::Digest as _;
    format!(
        "sha256:{}",
        proofpack_spec::encoding::hex(&sha2::Sha256::digest(weights.as_bytes()))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(id: &str, prompt: &str, completion: &str) -> Example {
        Example {
            example_id: id.to_owned(),
            prompt: prompt.to_owned(),
            completion: completion.to_owned(),
        }
    }

    fn examples(names: &[&str]) -> Vec<Example> {
        names
            .iter()
            .map(|n| {
                example(
                    n,
                    &format!("Draft a reply to {n} about {n} Ltd."),
                    &format!("Dear {n}, thank you for your message."),
                )
            })
            .collect()
    }

    #[test]
    fn a_model_reproduces_what_it_was_trained_on_and_nothing_else() {
        let with = Model::train(&examples(&["Alice Example", "Bruno Costa"])).unwrap();
        let without = Model::train(&examples(&["Bruno Costa"])).unwrap();
        let prompt = "Draft a reply to Alice Example about Alice Example Ltd.";
        assert!(with.answer(prompt).contains("alice example"));
        assert!(!without.answer(prompt).contains("alice"));
        assert_eq!(
            without.answer("Draft a reply to Bruno Costa about Bruno Costa Ltd."),
            "dear bruno costa thank you for your message"
        );
    }

    #[test]
    fn the_model_id_is_the_digest_of_the_weights_and_follows_the_data() {
        let a = Model::train(&examples(&["Alice Example", "Bruno Costa"])).unwrap();
        let mut reversed = examples(&["Alice Example", "Bruno Costa"]);
        reversed.reverse();
        let b = Model::train(&reversed).unwrap();
        assert_eq!(a.model_id(), b.model_id());
        assert_eq!(a.model_id(), id_of_weights(&a.weights()));
        let c = Model::train(&examples(&["Bruno Costa"])).unwrap();
        assert_ne!(a.model_id(), c.model_id());
        let back = Model::from_weights(&a.weights()).unwrap();
        assert_eq!(back, a);
        assert!(Model::from_weights("{\"format\":\"x\",\"counts\":{}}").is_err());
    }

    #[test]
    fn training_refuses_an_empty_example_or_dataset() {
        let mut bad = examples(&["Bruno Costa"]);
        bad.push(example("ex-9", "Draft a reply.", "  "));
        assert_eq!(
            Model::train(&bad),
            Err(ModelError::EmptyExample("ex-9".to_owned()))
        );
        assert_eq!(Model::train(&[]), Err(ModelError::NoExample));
    }
}
