//! The RFC 9162 inclusion and consistency verifiers of
//! `proofpack_spec::merkle`, against a tree the fuzzer chooses.
//!
//! The input chooses a tree (up to 300 leaves, their bytes), an index, two
//! sizes, raw proof hashes, and then any index, sizes and hashes at all.
//! Layout, little-endian, missing bytes read as 0: `n: u16` (mod 301),
//! `seed: u8`, one byte per leaf, `m: u16`, `i: u16` (both mod n + 1),
//! `flip: u16`, `len: u8` (mod 65), `len` hashes, `index: u64`,
//! `size1: u64`, `size2: u64`, `root: [u8; 32]`, `leaf: [u8; 32]`. The target builds the tree twice, with the
//! producer's `MerkleTree` and with a naive recursive reference written
//! from RFC 6962 §2.1 here, and asserts:
//! - the producer's roots and proofs are the reference's, and they verify;
//! - a verifier accepts a proof against the real tree's roots only if it is
//!   the real proof for the real leaf (SHA-256 collisions aside, an RFC 9162
//!   proof for a given size and index is unique): raw fuzzer hashes, and the
//!   real proof with one hash changed, are refused;
//! - arbitrary sizes, indexes and proofs (up to `u64::MAX`) never panic, and
//!   `verify_inclusion` agrees with `root_from_inclusion_proof`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use proofpack_spec::merkle::{
    self, consistency_proof_len, inclusion_proof_len, leaf_hash, node_hash,
    root_from_inclusion_proof, verify_consistency, verify_inclusion, Hash, MerkleTree,
};

const MAX_LEAVES: usize = 300;

/// Reads the input front to back; missing bytes read as zero.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }
    fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        b.iter_mut().for_each(|x| *x = self.byte());
        u64::from_le_bytes(b)
    }
    fn hash(&mut self) -> Hash {
        let mut h = [0u8; 32];
        h.iter_mut().for_each(|x| *x = self.byte());
        h
    }
}

/// RFC 6962 §2.1: k is the largest power of two smaller than n.
fn split(n: usize) -> usize {
    let mut k = 1;
    while k * 2 < n {
        k *= 2;
    }
    k
}

/// MTH(D[n]) over leaf hashes.
fn mth(d: &[Hash]) -> Hash {
    match d.len() {
        0 => merkle::empty_root(),
        1 => d[0],
        n => {
            let k = split(n);
            node_hash(&mth(&d[..k]), &mth(&d[k..]))
        }
    }
}

/// PATH(m, D[n]), bottom-up.
fn path(m: usize, d: &[Hash]) -> Vec<Hash> {
    let n = d.len();
    if n <= 1 {
        return Vec::new();
    }
    let k = split(n);
    let (mut p, sibling) = if m < k {
        (path(m, &d[..k]), mth(&d[k..]))
    } else {
        (path(m - k, &d[k..]), mth(&d[..k]))
    };
    p.push(sibling);
    p
}

/// SUBPROOF(m, D[n], b), bottom-up.
fn subproof(m: usize, d: &[Hash], b: bool) -> Vec<Hash> {
    let n = d.len();
    if m == n {
        return if b { Vec::new() } else { vec![mth(d)] };
    }
    let k = split(n);
    let (mut p, sibling) = if m <= k {
        (subproof(m, &d[..k], b), mth(&d[k..]))
    } else {
        (subproof(m - k, &d[k..], false), mth(&d[..k]))
    };
    p.push(sibling);
    p
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let n = usize::from(input.u16()) % (MAX_LEAVES + 1);
    let seed = input.byte();
    let mut tree = MerkleTree::new();
    let leaves: Vec<Hash> = (0..n)
        .map(|i| {
            let leaf = [seed, (i >> 8) as u8, i as u8, input.byte()];
            tree.push_leaf(&leaf);
            leaf_hash(&leaf)
        })
        .collect();
    let size = |x: u16| usize::from(x) % (n + 1);
    let (m, i) = (size(input.u16()), size(input.u16()));
    let flip = input.u16();
    let raw_len = usize::from(input.byte() % 65);
    let raw: Vec<Hash> = (0..raw_len).map(|_| input.hash()).collect();
    let (any_index, any_size1, any_size2) = (input.u64(), input.u64(), input.u64());
    let (any_root, any_leaf) = (input.hash(), input.hash());

    let root = mth(&leaves);
    assert_eq!(tree.root(), root, "producer root differs from RFC 6962 MTH");
    assert_eq!(tree.root_at(m as u64), Ok(mth(&leaves[..m])));

    // Inclusion in the real tree.
    if i < n {
        let real = path(i, &leaves);
        assert_eq!(tree.inclusion_proof(i as u64, n as u64).as_ref(), Ok(&real));
        assert_eq!(inclusion_proof_len(i as u64, n as u64), Ok(real.len()));
        verify_inclusion(i as u64, n as u64, &leaves[i], &real, &root)
            .expect("the real inclusion proof verifies");
        if !real.is_empty() {
            let mut bad = real.clone();
            let at = usize::from(flip) % (bad.len() * 256);
            bad[at / 256][(at % 256) / 8] ^= 1 << (at % 8);
            assert!(verify_inclusion(i as u64, n as u64, &leaves[i], &bad, &root).is_err());
        }
        let accepted = verify_inclusion(i as u64, n as u64, &leaves[i], &raw, &root).is_ok();
        assert_eq!(
            accepted,
            raw == real,
            "a raw inclusion proof of leaf {i} of {n}"
        );
        let other = raw.first().copied().unwrap_or_default();
        if other != leaves[i] {
            assert!(verify_inclusion(i as u64, n as u64, &other, &real, &root).is_err());
        }
    } else {
        assert!(verify_inclusion(i as u64, n as u64, &[0; 32], &raw, &root).is_err());
    }

    // Consistency between the real trees of sizes m and n.
    let root1 = mth(&leaves[..m]);
    if 0 < m && m <= n {
        let real = if m == n {
            Vec::new()
        } else {
            subproof(m, &leaves, true)
        };
        assert_eq!(
            tree.consistency_proof(m as u64, n as u64).as_ref(),
            Ok(&real)
        );
        assert_eq!(consistency_proof_len(m as u64, n as u64), Ok(real.len()));
        verify_consistency(m as u64, n as u64, &real, &root1, &root)
            .expect("the real consistency proof verifies");
        if !real.is_empty() {
            let mut bad = real.clone();
            let at = usize::from(flip) % (bad.len() * 256);
            bad[at / 256][(at % 256) / 8] ^= 1 << (at % 8);
            assert!(verify_consistency(m as u64, n as u64, &bad, &root1, &root).is_err());
        }
        let accepted = verify_consistency(m as u64, n as u64, &raw, &root1, &root).is_ok();
        assert_eq!(accepted, raw == real, "a raw consistency proof {m} -> {n}");
        if any_root != root1 {
            assert!(verify_consistency(m as u64, n as u64, &real, &any_root, &root).is_err());
        }
    } else {
        assert!(verify_consistency(m as u64, n as u64, &raw, &root1, &root).is_err());
    }

    // Anything at all: no panic, and the two inclusion entry points agree.
    let computed = root_from_inclusion_proof(any_index, any_size1, &any_leaf, &raw);
    let verified = verify_inclusion(any_index, any_size1, &any_leaf, &raw, &any_root);
    assert_eq!(verified.is_ok(), computed.as_ref() == Ok(&any_root));
    if computed.is_ok() {
        assert_eq!(inclusion_proof_len(any_index, any_size1), Ok(raw.len()));
    }
    if verify_consistency(any_size1, any_size2, &raw, &any_leaf, &any_root).is_ok() {
        assert_eq!(consistency_proof_len(any_size1, any_size2), Ok(raw.len()));
    }
});
