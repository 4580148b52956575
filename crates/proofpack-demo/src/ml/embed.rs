//! The hashing embedding: each word and each pair of adjacent words of a
//! text adds ±1 to one of [`DIM`] dimensions chosen by its SHA-256, and the
//! sum is scaled to unit length. Texts sharing most of their words are
//! close (cosine near 1); a text is its own nearest neighbour (cosine 1).

use super::tokens;
use sha2::{Digest, Sha256};

/// The embedding's dimension.
pub(crate) const DIM: usize = 256;

/// The embedding of `text` (all zeros when it has no word).
#[must_use]
pub fn embed(text: &str) -> Vec<f32> {
    let words = tokens(text);
    let mut v = vec![0f32; DIM];
    let pairs = words.windows(2).map(|w| w.join(" "));
    for feature in words.iter().cloned().chain(pairs) {
        let digest = Sha256::digest(feature.as_bytes());
        let slot = usize::from(u16::from_le_bytes([digest[0], digest[1]])) % DIM;
        let sign = if digest[2] & 1 == 0 { 1.0 } else { -1.0 };
        v[slot] += sign;
    }
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|x| *x /= norm);
    }
    v
}

/// The cosine similarity of two embeddings (0 when either is all zeros or
/// their dimensions differ): the measure the index's neighbours are ranked
/// by, computed here for the tests of the embedding.
#[cfg(test)]
pub(crate) fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return 0.0;
    }
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let norms =
        a.iter().map(|x| x * x).sum::<f32>().sqrt() * b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norms > 0.0 {
        dot / norms
    } else {
        0.0
    }
}

/// An embedding as the store keeps it: little-endian `f32`s.
#[must_use]
pub(crate) fn to_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// An embedding read back from the store (`None` when the bytes are not
/// whole `f32`s).
#[must_use]
pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Vec<f32>> {
    if bytes.len() % 4 != 0 {
        return None;
    }
    Some(
        bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_nearest_to_itself_and_far_from_another_subjects() {
        let a = embed("Alice Example said: remind me to call Lisbon tomorrow.");
        let b = embed("Bruno Costa said: remind me to call Lisbon tomorrow.");
        let c = embed("The quarterly review moved to Friday.");
        assert!((cosine(&a, &a) - 1.0).abs() < 1e-5);
        assert!(cosine(&a, &b) < 0.9, "{}", cosine(&a, &b));
        assert!(cosine(&a, &c) < cosine(&a, &b));
        assert_eq!(from_bytes(&to_bytes(&a)), Some(a));
        assert_eq!(cosine(&embed(""), &c), 0.0);
        assert_eq!(from_bytes(&[0, 1, 2]), None);
    }
}
