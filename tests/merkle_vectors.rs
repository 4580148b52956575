//! Test vectors and property tests for `proofpack_spec::merkle` (RFC 9162 §2.1).
//!
//! * The `transparency-dev/merkle` probe corpus under `tests/corpora/merkle-rfc6962/`
//!   (`inclusion/**`, `consistency/**`; 196 files, see its `PROVENANCE.md`).
//! * The RFC 6962 reference tree values in `rfc6962_reference_tree.json`.
//! * Producer/verifier round trips and `u64::MAX` edge cases.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use std::path::{Path, PathBuf};

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine as _;
use proofpack_spec::merkle::{
    consistency_proof_len, empty_root, inclusion_proof_len, leaf_hash, node_hash,
    root_from_inclusion_proof, verify_consistency, verify_inclusion, Hash, MerkleTree,
};
use serde_json::Value;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpora/merkle-rfc6962/");

/// Corpus files whose `wantErr` this crate deliberately does not reproduce.
///
/// `sizes-are-equal-one-and-proof-is-empty.json` has `size1 == size2 == 1`, an empty proof
/// and `root1 == root2 == "don't care 2"` (12 bytes). The Go verifier compares the two byte
/// strings without checking their length and accepts (`wantErr: false`). Here a hash is a
/// `[u8; 32]`, so a 12-byte root cannot even be given to the verifier: the case fails at
/// decoding, as every other non-32-byte hash in the corpus does. The test checks that the
/// file still says `wantErr: false` and that this crate rejects it, so a corpus change is
/// noticed.
const KNOWN_DIVERGENCES: &[&str] =
    &["consistency/additional/sizes-are-equal-one-and-proof-is-empty.json"];

fn collect_json(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read corpus dir {}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            collect_json(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "json") {
            out.push(path);
        }
    }
}

fn corpus_files(sub: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    collect_json(&Path::new(CORPUS).join(sub), &mut files);
    files.sort();
    files
}

fn relative_name(path: &Path) -> String {
    path.strip_prefix(CORPUS)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: cannot read: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: bad JSON: {e}", path.display()))
}

/// Decodes a base64 hash; `None` if it does not decode to exactly 32 bytes.
fn decode_hash(v: &Value, name: &str) -> Option<Hash> {
    let bytes = B64
        .decode(
            v.as_str()
                .unwrap_or_else(|| panic!("{name}: {v} is not a string")),
        )
        .unwrap_or_else(|e| panic!("{name}: bad base64: {e}"));
    Hash::try_from(bytes.as_slice()).ok()
}

/// Decodes a proof (`null` means empty); `None` if any element is not 32 bytes.
fn decode_proof(v: &Value, name: &str) -> Option<Vec<Hash>> {
    match v {
        Value::Null => Some(Vec::new()),
        Value::Array(items) => items.iter().map(|h| decode_hash(h, name)).collect(),
        other => panic!("{name}: proof {other} is neither null nor an array"),
    }
}

fn field_u64(v: &Value, key: &str, name: &str) -> u64 {
    v.get(key)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("{name}: missing or non-u64 field {key}"))
}

fn field<'a>(v: &'a Value, key: &str, name: &str) -> &'a Value {
    v.get(key)
        .unwrap_or_else(|| panic!("{name}: missing field {key}"))
}

fn want_err(v: &Value, name: &str) -> bool {
    field(v, "wantErr", name)
        .as_bool()
        .unwrap_or_else(|| panic!("{name}: wantErr is not a bool"))
}

/// Runs one inclusion probe; `true` if it verified. Malformed hashes make the case fail.
fn run_inclusion(v: &Value, name: &str) -> bool {
    let leaf_index = field_u64(v, "leafIdx", name);
    let tree_size = field_u64(v, "treeSize", name);
    let (Some(root), Some(leaf), Some(proof)) = (
        decode_hash(field(v, "root", name), name),
        decode_hash(field(v, "leafHash", name), name),
        decode_proof(field(v, "proof", name), name),
    ) else {
        return false;
    };
    let ok = verify_inclusion(leaf_index, tree_size, &leaf, &proof, &root).is_ok();
    // root_from_inclusion_proof must agree with verify_inclusion.
    let computed = root_from_inclusion_proof(leaf_index, tree_size, &leaf, &proof);
    assert_eq!(
        ok,
        computed == Ok(root),
        "{name}: root_from_inclusion_proof disagrees with verify_inclusion"
    );
    ok
}

/// Runs one consistency probe; `true` if it verified. Malformed hashes make the case fail.
fn run_consistency(v: &Value, name: &str) -> bool {
    let size1 = field_u64(v, "size1", name);
    let size2 = field_u64(v, "size2", name);
    let (Some(root1), Some(root2), Some(proof)) = (
        decode_hash(field(v, "root1", name), name),
        decode_hash(field(v, "root2", name), name),
        decode_proof(field(v, "proof", name), name),
    ) else {
        return false;
    };
    verify_consistency(size1, size2, &proof, &root1, &root2).is_ok()
}

#[test]
fn corpus_probes_match_want_err() {
    let inclusion = corpus_files("inclusion");
    let consistency = corpus_files("consistency");
    assert_eq!(inclusion.len(), 98, "inclusion probe count");
    assert_eq!(consistency.len(), 98, "consistency probe count");

    let mut run = 0usize;
    let mut happy = 0usize;
    let mut divergences_seen = Vec::new();
    let mut failures = Vec::new();
    for (files, is_inclusion) in [(&inclusion, true), (&consistency, false)] {
        for path in files {
            let name = relative_name(path);
            let v = load(path);
            let want_err = want_err(&v, &name);
            let verified = if is_inclusion {
                run_inclusion(&v, &name)
            } else {
                run_consistency(&v, &name)
            };
            run += 1;
            if !want_err {
                happy += 1;
            }
            if KNOWN_DIVERGENCES.contains(&name.as_str()) {
                assert!(
                    !want_err && !verified,
                    "{name}: known divergence no longer diverges (wantErr={want_err}, verified={verified})"
                );
                divergences_seen.push(name);
                continue;
            }
            if verified == want_err {
                failures.push(format!(
                    "{name}: wantErr={want_err} but verified={verified}"
                ));
            }
        }
    }
    assert_eq!(run, 196, "number of corpus files run");
    // 6 inclusion + 6 consistency happy paths (PROVENANCE.md).
    assert_eq!(happy, 12, "number of wantErr=false probes");
    assert_eq!(
        divergences_seen, KNOWN_DIVERGENCES,
        "every known divergence must be present in the corpus"
    );
    assert!(
        failures.is_empty(),
        "corpus mismatches:\n{}",
        failures.join("\n")
    );
}

/// Every variant of `hashes` with one bit flipped in one of them.
fn one_bit_variants(hashes: &[Hash]) -> Vec<Vec<Hash>> {
    (0..hashes.len())
        .map(|i| {
            let mut v = hashes.to_vec();
            v[i] = flip_bit(&v[i], 8 * i + 1);
            v
        })
        .collect()
}

#[test]
fn corpus_happy_paths_lengths_and_mutations() {
    // Every wantErr=false probe uses exactly the proof length that inclusion_proof_len /
    // consistency_proof_len predict, and stops verifying when any 32-byte input (roots, leaf
    // hash, proof elements) has one bit flipped. (The corpus's own wrong-root probes use
    // short "WrongRoot" strings that fail at decoding, so this covers 32-byte wrong roots.)
    let mut checked = 0;
    for path in corpus_files("inclusion") {
        let name = relative_name(&path);
        let v = load(&path);
        if want_err(&v, &name) {
            continue;
        }
        let (idx, size) = (
            field_u64(&v, "leafIdx", &name),
            field_u64(&v, "treeSize", &name),
        );
        let proof = decode_proof(field(&v, "proof", &name), &name)
            .unwrap_or_else(|| panic!("{name}: malformed happy path"));
        let root = decode_hash(field(&v, "root", &name), &name).expect("root");
        let leaf = decode_hash(field(&v, "leafHash", &name), &name).expect("leafHash");
        assert_eq!(inclusion_proof_len(idx, size), Ok(proof.len()), "{name}");
        let mut all = vec![root, leaf];
        all.extend_from_slice(&proof);
        assert!(
            verify_inclusion(idx, size, &all[1], &all[2..], &all[0]).is_ok(),
            "{name}"
        );
        for bad in one_bit_variants(&all) {
            assert!(
                verify_inclusion(idx, size, &bad[1], &bad[2..], &bad[0]).is_err(),
                "{name}: verified with a flipped bit"
            );
        }
        checked += 1;
    }
    for path in corpus_files("consistency") {
        let name = relative_name(&path);
        let v = load(&path);
        if want_err(&v, &name) || KNOWN_DIVERGENCES.contains(&name.as_str()) {
            continue;
        }
        let (size1, size2) = (field_u64(&v, "size1", &name), field_u64(&v, "size2", &name));
        let proof = decode_proof(field(&v, "proof", &name), &name)
            .unwrap_or_else(|| panic!("{name}: malformed happy path"));
        let root1 = decode_hash(field(&v, "root1", &name), &name).expect("root1");
        let root2 = decode_hash(field(&v, "root2", &name), &name).expect("root2");
        assert_eq!(
            consistency_proof_len(size1, size2),
            Ok(proof.len()),
            "{name}"
        );
        let mut all = vec![root1, root2];
        all.extend_from_slice(&proof);
        assert!(
            verify_consistency(size1, size2, &all[2..], &all[0], &all[1]).is_ok(),
            "{name}"
        );
        for bad in one_bit_variants(&all) {
            assert!(
                verify_consistency(size1, size2, &bad[2..], &bad[0], &bad[1]).is_err(),
                "{name}: verified with a flipped bit"
            );
        }
        checked += 1;
    }
    // 6 inclusion + 5 consistency happy paths (the sixth is the known divergence).
    assert_eq!(checked, 11);
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or_else(|e| panic!("hex {s}: {e}")))
        .collect()
}

fn hex_hash(v: &Value, what: &str) -> Hash {
    let s = v.as_str().unwrap_or_else(|| panic!("{what}: not a string"));
    Hash::try_from(unhex(s).as_slice()).unwrap_or_else(|_| panic!("{what}: not 32 bytes"))
}

fn reference() -> Value {
    load(&Path::new(CORPUS).join("rfc6962_reference_tree.json"))
}

fn reference_tree(r: &Value) -> MerkleTree {
    let mut tree = MerkleTree::new();
    let inputs = r["leaf_inputs_hex"].as_array().expect("leaf_inputs_hex");
    for (i, input) in inputs.iter().enumerate() {
        let idx = tree.push_leaf(&unhex(input.as_str().expect("leaf input")));
        assert_eq!(idx, i as u64);
    }
    tree
}

#[test]
fn reference_tree_values() {
    let r = reference();
    let tree = reference_tree(&r);
    assert_eq!(tree.size(), 8);

    assert_eq!(
        empty_root(),
        hex_hash(&r["empty_tree_root"], "empty_tree_root")
    );
    assert_eq!(MerkleTree::new().root(), empty_root());

    // Hasher vectors: leaf hashes. (The node vector hashes 4-byte ASCII strings rather than
    // 32-byte hashes, which `node_hash(&Hash, &Hash)` cannot take; it is skipped here.)
    let mut leaf_vectors = 0;
    for vector in r["hasher_vectors"].as_array().expect("hasher_vectors") {
        let want = hex_hash(&vector["want"], "hasher vector");
        let input = if let Some(h) = vector.get("leaf_hex").and_then(Value::as_str) {
            unhex(h)
        } else if let Some(a) = vector.get("leaf_ascii").and_then(Value::as_str) {
            a.as_bytes().to_vec()
        } else {
            continue;
        };
        assert_eq!(leaf_hash(&input), want, "hasher vector {vector}");
        leaf_vectors += 1;
    }
    assert_eq!(leaf_vectors, 2);

    // Node hashes level by level: level 0 = leaf hashes, level l = node_hash of pairs of
    // level l-1 = root of the corresponding 2^l-leaf subtree.
    let levels = r["node_hashes_by_level"].as_array().expect("levels");
    assert_eq!(levels.len(), 4);
    let mut below: Vec<Hash> = Vec::new();
    for (level, nodes) in levels.iter().enumerate() {
        let nodes: Vec<Hash> = nodes
            .as_array()
            .expect("level")
            .iter()
            .map(|n| hex_hash(n, "node"))
            .collect();
        assert_eq!(nodes.len(), 8 >> level);
        if level == 0 {
            for (i, n) in nodes.iter().enumerate() {
                assert_eq!(tree.leaf_hash_at(i as u64), Some(*n), "leaf {i}");
            }
        } else {
            for (i, n) in nodes.iter().enumerate() {
                assert_eq!(
                    node_hash(&below[2 * i], &below[2 * i + 1]),
                    *n,
                    "level {level} node {i}"
                );
            }
            // The leftmost node of each level is the root of the first 2^level leaves.
            assert_eq!(tree.root_at(1 << level), Ok(nodes[0]), "level {level}");
        }
        below = nodes;
    }
    assert_eq!(tree.root(), below[0]);

    // Roots of every prefix 0..=8.
    let roots = r["root_by_tree_size"].as_object().expect("roots");
    assert_eq!(roots.len(), 9);
    for (size, root) in roots {
        let size: u64 = size.parse().expect("size key");
        assert_eq!(
            tree.root_at(size),
            Ok(hex_hash(root, "root")),
            "root at size {size}"
        );
    }
    assert!(tree.root_at(9).is_err());
}

#[test]
fn reference_tree_reproduces_corpus_happy_paths() {
    // The corpus probes (except single-entry) are generated over the reference tree, so the
    // producer must emit exactly the proofs in the happy-path files.
    let tree = reference_tree(&reference());
    let mut checked = 0;
    for dir in ["0", "1", "2", "3", "4"] {
        let name = format!("inclusion/{dir}/happy-path.json");
        let v = load(&Path::new(CORPUS).join(&name));
        let (idx, size) = (
            field_u64(&v, "leafIdx", &name),
            field_u64(&v, "treeSize", &name),
        );
        let proof = decode_proof(field(&v, "proof", &name), &name).expect("proof");
        assert_eq!(tree.inclusion_proof(idx, size), Ok(proof), "{name}");
        let root = decode_hash(field(&v, "root", &name), &name).expect("root");
        assert_eq!(tree.root_at(size), Ok(root), "{name}");
        assert_eq!(
            tree.leaf_hash_at(idx),
            decode_hash(field(&v, "leafHash", &name), &name),
            "{name}"
        );

        let name = format!("consistency/{dir}/happy-path.json");
        let v = load(&Path::new(CORPUS).join(&name));
        let (s1, s2) = (field_u64(&v, "size1", &name), field_u64(&v, "size2", &name));
        let proof = decode_proof(field(&v, "proof", &name), &name).expect("proof");
        assert_eq!(tree.consistency_proof(s1, s2), Ok(proof), "{name}");
        assert_eq!(
            tree.root_at(s1).ok(),
            decode_hash(field(&v, "root1", &name), &name),
            "{name}"
        );
        assert_eq!(
            tree.root_at(s2).ok(),
            decode_hash(field(&v, "root2", &name), &name),
            "{name}"
        );
        checked += 2;
    }
    assert_eq!(checked, 10);
}

/// Independent MTH straight from RFC 9162 §2.1.1 over the raw entries.
fn naive_mth(entries: &[Vec<u8>]) -> Hash {
    match entries.len() {
        0 => empty_root(),
        1 => leaf_hash(&entries[0]),
        n => {
            let mut k = 1;
            while k * 2 < n {
                k *= 2;
            }
            node_hash(&naive_mth(&entries[..k]), &naive_mth(&entries[k..]))
        }
    }
}

fn entries(n: usize) -> Vec<Vec<u8>> {
    (0..n).map(|i| format!("entry {i}").into_bytes()).collect()
}

fn tree_of(entries: &[Vec<u8>]) -> MerkleTree {
    let mut tree = MerkleTree::new();
    for e in entries {
        tree.push_leaf(e);
    }
    tree
}

fn flip_bit(h: &Hash, bit: usize) -> Hash {
    let mut out = *h;
    out[(bit / 8) % 32] ^= 1 << (bit % 8);
    out
}

#[test]
fn roots_match_naive_mth() {
    let all = entries(70);
    let tree = tree_of(&all);
    for size in 0..=70usize {
        assert_eq!(
            tree.root_at(size as u64),
            Ok(naive_mth(&all[..size])),
            "size {size}"
        );
    }
    assert_eq!(tree.root(), naive_mth(&all));
}

#[test]
fn inclusion_round_trip_and_tampering() {
    let all = entries(70);
    let tree = tree_of(&all);
    let mut proofs_checked = 0usize;
    for size in 1..=70u64 {
        let root = tree.root_at(size).expect("root");
        for index in 0..size {
            let leaf = leaf_hash(&all[index as usize]);
            let proof = tree.inclusion_proof(index, size).expect("proof");
            assert_eq!(inclusion_proof_len(index, size), Ok(proof.len()));
            assert_eq!(
                verify_inclusion(index, size, &leaf, &proof, &root),
                Ok(()),
                "index {index} size {size}"
            );
            assert_eq!(
                root_from_inclusion_proof(index, size, &leaf, &proof),
                Ok(root)
            );
            proofs_checked += 1;

            // Wrong leaf, wrong root, wrong index, wrong size.
            assert!(verify_inclusion(index, size, &flip_bit(&leaf, 0), &proof, &root).is_err());
            assert!(verify_inclusion(index, size, &leaf, &proof, &flip_bit(&root, 255)).is_err());
            for other in [index ^ 1, index + 1, index.wrapping_sub(1)] {
                if other != index {
                    assert!(
                        verify_inclusion(other, size, &leaf, &proof, &root).is_err(),
                        "index {index}->{other} size {size}"
                    );
                }
            }

            for i in 0..proof.len() {
                // One bit flipped in element i.
                let mut bad = proof.clone();
                bad[i] = flip_bit(&bad[i], i * 37 + 5);
                assert!(
                    verify_inclusion(index, size, &leaf, &bad, &root).is_err(),
                    "flipped element {i}, index {index} size {size}"
                );
                // Element i dropped.
                let mut short = proof.clone();
                short.remove(i);
                assert!(
                    verify_inclusion(index, size, &leaf, &short, &root).is_err(),
                    "dropped element {i}, index {index} size {size}"
                );
            }
            // An element appended or prepended.
            let mut long = proof.clone();
            long.push(root);
            assert!(verify_inclusion(index, size, &leaf, &long, &root).is_err());
            let mut long = vec![leaf];
            long.extend_from_slice(&proof);
            assert!(verify_inclusion(index, size, &leaf, &long, &root).is_err());
        }
    }
    assert_eq!(proofs_checked, 70 * 71 / 2);
}

#[test]
fn consistency_round_trip_and_tampering() {
    let all = entries(40);
    let tree = tree_of(&all);
    let mut proofs_checked = 0usize;
    for size2 in 1..=40u64 {
        let root2 = tree.root_at(size2).expect("root2");
        for size1 in 1..=size2 {
            let root1 = tree.root_at(size1).expect("root1");
            let proof = tree.consistency_proof(size1, size2).expect("proof");
            assert_eq!(consistency_proof_len(size1, size2), Ok(proof.len()));
            assert_eq!(
                verify_consistency(size1, size2, &proof, &root1, &root2),
                Ok(()),
                "size1 {size1} size2 {size2}"
            );
            proofs_checked += 1;

            // Wrong roots.
            assert!(
                verify_consistency(size1, size2, &proof, &flip_bit(&root1, 7), &root2).is_err(),
                "wrong root1, size1 {size1} size2 {size2}"
            );
            assert!(
                verify_consistency(size1, size2, &proof, &root1, &flip_bit(&root2, 7)).is_err()
            );
            if size1 == size2 {
                assert!(proof.is_empty());
                continue;
            }
            assert!(verify_consistency(size1, size2, &proof, &root2, &root1).is_err());
            for i in 0..proof.len() {
                let mut bad = proof.clone();
                bad[i] = flip_bit(&bad[i], i * 41 + 3);
                assert!(
                    verify_consistency(size1, size2, &bad, &root1, &root2).is_err(),
                    "flipped element {i}, size1 {size1} size2 {size2}"
                );
                let mut short = proof.clone();
                short.remove(i);
                assert!(
                    verify_consistency(size1, size2, &short, &root1, &root2).is_err(),
                    "dropped element {i}, size1 {size1} size2 {size2}"
                );
            }
            let mut long = proof.clone();
            long.push(root2);
            assert!(verify_consistency(size1, size2, &long, &root1, &root2).is_err());
            assert!(verify_consistency(size1, size2, &[], &root1, &root2).is_err());
        }
    }
    assert_eq!(proofs_checked, 40 * 41 / 2);
}

#[test]
fn consistency_policy() {
    let tree = tree_of(&entries(4));
    let r1 = tree.root_at(1).expect("root");
    let r2 = tree.root_at(2).expect("root");
    let e = empty_root();
    // size1 == 0 always fails, even 0,0 with an empty proof and equal roots.
    assert!(verify_consistency(0, 0, &[], &e, &e).is_err());
    assert!(verify_consistency(0, 1, &[], &e, &r1).is_err());
    assert!(verify_consistency(0, 1, &[r1], &e, &r1).is_err());
    // size1 > size2 fails.
    assert!(verify_consistency(2, 1, &[], &r2, &r1).is_err());
    // Equal sizes: empty proof and equal roots only.
    assert_eq!(verify_consistency(1, 1, &[], &r1, &r1), Ok(()));
    assert!(verify_consistency(1, 1, &[r1], &r1, &r1).is_err());
    assert!(verify_consistency(1, 1, &[], &r1, &r2).is_err());
    // size1 < size2 with an empty proof fails.
    assert!(verify_consistency(1, 2, &[], &r1, &r2).is_err());
    // Producer applies the same policy.
    assert!(tree.consistency_proof(0, 0).is_err());
    assert!(tree.consistency_proof(0, 2).is_err());
    assert!(tree.consistency_proof(3, 2).is_err());
    assert!(tree.consistency_proof(2, 5).is_err());
    assert_eq!(tree.consistency_proof(2, 2), Ok(Vec::new()));
    assert!(consistency_proof_len(0, 0).is_err());
    assert!(consistency_proof_len(2, 1).is_err());
    assert_eq!(consistency_proof_len(3, 3), Ok(0));
}

#[test]
fn producer_bounds() {
    let tree = tree_of(&entries(5));
    assert_eq!(tree.size(), 5);
    assert!(tree.inclusion_proof(0, 0).is_err());
    assert!(tree.inclusion_proof(5, 5).is_err());
    assert!(tree.inclusion_proof(0, 6).is_err());
    assert!(tree.root_at(6).is_err());
    assert_eq!(tree.root_at(0), Ok(empty_root()));
    assert_eq!(tree.leaf_hash_at(5), None);
    assert_eq!(tree.inclusion_proof(0, 1), Ok(Vec::new()));
    let empty = MerkleTree::new();
    assert_eq!(empty.size(), 0);
    assert!(empty.inclusion_proof(0, 0).is_err());
    assert!(empty.consistency_proof(0, 0).is_err());
}

#[test]
fn u64_max_edge_cases_do_not_panic() {
    let h = leaf_hash(b"x");
    let big_proof = vec![h; 1000];
    let proof64 = vec![h; 64];
    for (index, size) in [
        (u64::MAX, u64::MAX),
        (u64::MAX, 0),
        (0, 0),
        (u64::MAX - 1, u64::MAX),
        (0, u64::MAX),
        (u64::MAX / 2, u64::MAX),
        (1 << 63, u64::MAX),
        (u64::MAX, 1),
        ((1 << 63) - 1, 1 << 63),
    ] {
        for proof in [&[][..], &proof64[..], &big_proof[..], &[h][..]] {
            assert!(
                verify_inclusion(index, size, &h, proof, &h).is_err(),
                "index {index} size {size} proof len {}",
                proof.len()
            );
            let _ = root_from_inclusion_proof(index, size, &h, proof);
        }
        let _ = inclusion_proof_len(index, size);
    }
    assert!(inclusion_proof_len(u64::MAX, u64::MAX).is_err());
    // Leaf 0 is 64 levels deep; the last leaf has one sibling per other set bit of the size.
    assert_eq!(inclusion_proof_len(0, u64::MAX), Ok(64));
    assert_eq!(inclusion_proof_len(u64::MAX - 1, u64::MAX), Ok(63));

    // A self-consistent proof in a tree of u64::MAX leaves round-trips through the verifier.
    for index in [0, 1, u64::MAX / 2, u64::MAX - 2, u64::MAX - 1] {
        let len = inclusion_proof_len(index, u64::MAX).expect("len");
        let proof: Vec<Hash> = (0..len).map(|i| leaf_hash(&[i as u8])).collect();
        let root = root_from_inclusion_proof(index, u64::MAX, &h, &proof).expect("root");
        assert_eq!(verify_inclusion(index, u64::MAX, &h, &proof, &root), Ok(()));
        assert!(verify_inclusion(index, u64::MAX, &h, &proof[1..], &root).is_err());
    }

    for (size1, size2) in [
        (u64::MAX, 0),
        (u64::MAX, 1),
        (0, u64::MAX),
        (1, u64::MAX),
        (u64::MAX - 1, u64::MAX),
        (1 << 63, u64::MAX),
        ((1 << 63) - 1, u64::MAX),
        (u64::MAX / 2, u64::MAX - 1),
    ] {
        for proof in [&[][..], &proof64[..], &big_proof[..], &[h][..]] {
            assert!(
                verify_consistency(size1, size2, proof, &h, &h).is_err(),
                "size1 {size1} size2 {size2} proof len {}",
                proof.len()
            );
        }
        let _ = consistency_proof_len(size1, size2);
    }
    // Equal huge sizes: the policy accepts an empty proof with equal roots, nothing else.
    assert_eq!(verify_consistency(u64::MAX, u64::MAX, &[], &h, &h), Ok(()));
    assert!(verify_consistency(u64::MAX, u64::MAX, &[h], &h, &h).is_err());
    assert!(verify_consistency(u64::MAX, u64::MAX, &[], &h, &empty_root()).is_err());

    // Producer side with absurd sizes.
    let tree = tree_of(&entries(3));
    assert!(tree.root_at(u64::MAX).is_err());
    assert!(tree.inclusion_proof(u64::MAX, u64::MAX).is_err());
    assert!(tree.inclusion_proof(0, u64::MAX).is_err());
    assert!(tree.inclusion_proof(u64::MAX, 3).is_err());
    assert!(tree.consistency_proof(1, u64::MAX).is_err());
    assert!(tree.consistency_proof(u64::MAX, u64::MAX).is_err());
    assert!(tree.consistency_proof(u64::MAX, 1).is_err());
    assert_eq!(tree.leaf_hash_at(u64::MAX), None);
}
