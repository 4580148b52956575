//! The vector tier's approximate-nearest-neighbour index: an HNSW graph
//! (`instant-distance`) over the embeddings of one shard generation, each
//! point carrying its `vector_id`. It is built once per generation, kept in
//! the store as bytes, and read back to be queried: a generation's index
//! holds exactly the vectors it was built from, whatever later happens to
//! the rows.

use instant_distance::{Builder, HnswMap, Search};
use serde::{Deserialize, Serialize};

/// The seed of the graph's layer assignment, fixed so that a generation
/// built twice from the same vectors is the same graph.
const SEED: u64 = 0x5eed_a11e;

/// How much effort each insertion spends finding its neighbours
/// (`instant-distance` defaults to 100): 40 keeps the recall of these
/// small, well-separated shards while building a 13,000-point generation
/// in seconds rather than minutes (docs/BENCHMARKS.md).
const EF_CONSTRUCTION: usize = 40;

/// A point of the index: an embedding scaled to unit length (a zero vector
/// stays zero), so that the cosine distance the graph computes millions of
/// times is one dot product.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Point(Vec<f32>);

impl Point {
    /// The point of `v`, scaled to unit length.
    #[must_use]
    pub(crate) fn new(mut v: Vec<f32>) -> Point {
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        if norm > 0.0 {
            v.iter_mut().for_each(|x| *x /= norm);
        }
        Point(v)
    }
}

/// The dot product, in eight independent sums that the compiler can keep
/// in vector registers (one running sum would be a chain of dependent
/// additions).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for ((lane, x), y) in lanes.iter_mut().zip(x).zip(y) {
            *lane += x * y;
        }
    }
    lanes.iter().sum::<f32>() + tail
}

impl instant_distance::Point for Point {
    fn distance(&self, other: &Self) -> f32 {
        // Cosine distance of unit vectors, in [0, 2]; never NaN (a zero
        // vector is at 1). Points of different lengths are at 1, as
        // `embed::cosine` has them.
        if self.0.len() != other.0.len() {
            return 1.0;
        }
        1.0 - dot(&self.0, &other.0)
    }
}

/// A neighbour found by a query.
#[derive(Debug, Clone, PartialEq)]
pub struct Neighbour {
    /// Its `vector_id`.
    pub(crate) vector_id: String,
    /// Its cosine similarity to the query.
    pub similarity: f32,
}

/// An HNSW index of one shard generation.
#[derive(Serialize, Deserialize)]
pub struct Index {
    map: HnswMap<Point, String>,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index")
            .field("points", &self.map.values.len())
            .finish_non_exhaustive()
    }
}

impl Index {
    /// Builds the index of `vectors` (`vector_id`, embedding).
    #[must_use]
    pub fn build(vectors: Vec<(String, Vec<f32>)>) -> Index {
        let (ids, points): (Vec<String>, Vec<Point>) = vectors
            .into_iter()
            .map(|(id, v)| (id, Point::new(v)))
            .unzip();
        Index {
            map: Builder::default()
                .seed(SEED)
                .ef_construction(EF_CONSTRUCTION)
                .build(points, ids),
        }
    }

    /// The index as the store keeps it.
    pub(crate) fn to_bytes(&self) -> Result<Vec<u8>, serde_json::Error> {
        serde_json::to_vec(self)
    }

    /// An index read back from the store.
    pub fn from_bytes(bytes: &[u8]) -> Result<Index, serde_json::Error> {
        serde_json::from_slice(bytes)
    }

    /// The `vector_id` of every point.
    #[must_use]
    pub(crate) fn vector_ids(&self) -> &[String] {
        &self.map.values
    }

    /// The `k` points nearest to `query`, nearest first.
    #[must_use]
    pub fn nearest(&self, query: &[f32], k: usize) -> Vec<Neighbour> {
        let mut search = Search::default();
        self.map
            .search(&Point::new(query.to_vec()), &mut search)
            .take(k)
            .map(|item| Neighbour {
                vector_id: item.value.clone(),
                similarity: 1.0 - item.distance,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_is_the_cosine_distance() {
        use instant_distance::Point as _;
        let a: Vec<f32> = (0..19).map(|i| (i as f32).sin()).collect();
        let b: Vec<f32> = (0..19).map(|i| (i as f32 * 0.7).cos() * 3.0).collect();
        let d = Point::new(a.clone()).distance(&Point::new(b.clone()));
        assert!((d - (1.0 - crate::ml::embed::cosine(&a, &b))).abs() < 1e-5);
        assert_eq!(
            Point::new(vec![0.0; 4]).distance(&Point::new(vec![1.0; 4])),
            1.0
        );
    }
    use crate::ml::embed::embed;

    #[test]
    fn the_index_finds_a_text_and_survives_the_store() {
        let texts = [
            "Alice Example asked to move the quarterly review to Tuesday.",
            "Bruno Costa said: remind me to call Lisbon tomorrow.",
            "Carol Nguyen mentioned Fabrikam Ltd in Nairobi (entry 2).",
            "Dmitri Ivanov works at Tailspin Toys in Kampala.",
        ];
        let index = Index::build(
            texts
                .iter()
                .enumerate()
                .map(|(i, t)| (format!("vec-{i}"), embed(t)))
                .collect(),
        );
        let back = Index::from_bytes(&index.to_bytes().unwrap()).unwrap();
        for (i, t) in texts.iter().enumerate() {
            let near = back.nearest(&embed(t), 2);
            assert_eq!(near[0].vector_id, format!("vec-{i}"));
            assert!(near[0].similarity > 0.999);
            assert!(near[1].similarity < 0.9);
        }
        assert_eq!(back.vector_ids().len(), 4);
        assert!(Index::build(Vec::new()).nearest(&embed("x"), 3).is_empty());
    }
}
