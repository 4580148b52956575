//! The retrieval tests: the subject asked for again, by id (its account by
//! identifier, its vector ids in every stored index), by similarity (its
//! own contents as nearest-neighbour queries in every stored index), and
//! by answer (the answer cache asked its questions; the serving models
//! asked its prompts, in [`super::finetune`]).

use super::resolve::{account_now, Subject};
use super::{Found, Target};
use crate::ml::ann::Index;
use crate::ml::embed::embed;
use crate::store::Reader;
use crate::DemoError;
use proofpack_producer::DataClass;
use serde::Serialize;

/// A neighbour at least this similar (cosine) to one of the subject's
/// contents is a match: the same text, or one differing in a word or two.
pub const SIMILARITY_THRESHOLD: f32 = 0.9;
/// How many neighbours each query asks for.
const NEIGHBOURS: usize = 5;

/// One retrieval test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Test {
    /// `by_id`, `by_similarity` or `by_answer`.
    pub kind: &'static str,
    /// What was asked, of what.
    pub(crate) what: String,
    /// How many queries it made.
    pub queries: usize,
    /// How many found something of the subject.
    pub hits: usize,
}

/// Runs the retrieval tests, adding what they find to `found`.
pub(crate) fn run(
    reader: &Reader,
    target: &Target,
    subject: &Subject,
    found: &mut Found,
) -> Result<Vec<Test>, DemoError> {
    let mut tests = Vec::new();
    let account = account_now(reader, &target.raw_identifier)?;
    if account {
        found.add(
            DataClass::Semantic,
            "entities:account-of-identifier".to_owned(),
        );
    }
    tests.push(Test {
        kind: "by_id",
        what: "the account whose e-mail is the request's identifier".to_owned(),
        queries: 1,
        hits: usize::from(account),
    });
    tests.extend(indexes(reader, subject, found)?);
    let mut hits = 0;
    for question in &subject.questions {
        let keys = reader.cached_answers_to(question)?;
        hits += usize::from(!keys.is_empty());
        for key in keys {
            found.add(DataClass::Derivatives, format!("answer_cache:{key}"));
        }
    }
    tests.push(Test {
        kind: "by_answer",
        what: "the answer cache asked the questions derived from the subject".to_owned(),
        queries: subject.questions.len(),
        hits,
    });
    Ok(tests)
}

/// Every stored index of every shard generation, asked for the subject's
/// vector ids and for the nearest neighbours of its contents.
fn indexes(reader: &Reader, subject: &Subject, found: &mut Found) -> Result<[Test; 2], DemoError> {
    let queries: Vec<Vec<f32>> = subject.contents.iter().map(|c| embed(c)).collect();
    let stored = reader.vector_indexes()?;
    let (mut by_id, mut by_similarity) = (0, 0);
    for (shard, generation, bytes) in &stored {
        let index = Index::from_bytes(bytes).map_err(|source| DemoError::Json {
            what: "a stored vector index",
            source,
        })?;
        let key = |id: &str| format!("vectors:{shard}|{generation}|{id}");
        for id in index.vector_ids() {
            if subject.vector_ids.contains(id) {
                by_id += 1;
                found.add(DataClass::Vectors, key(id));
            }
        }
        for query in &queries {
            let near = index.nearest(query, NEIGHBOURS);
            let matches: Vec<_> = near
                .iter()
                .filter(|n| n.similarity >= SIMILARITY_THRESHOLD)
                .collect();
            by_similarity += usize::from(!matches.is_empty());
            for n in matches {
                found.add(DataClass::Vectors, key(&n.vector_id));
            }
        }
    }
    Ok([
        Test {
            kind: "by_id",
            what: format!(
                "the subject's vector ids in {} stored index generation(s)",
                stored.len()
            ),
            queries: stored.len() * subject.vector_ids.len(),
            hits: by_id,
        },
        Test {
            kind: "by_similarity",
            what: format!(
                "the subject's contents as nearest-neighbour queries (cosine >= {SIMILARITY_THRESHOLD}) in {} stored index generation(s)",
                stored.len()
            ),
            queries: stored.len() * queries.len(),
            hits: by_similarity,
        },
    ])
}
