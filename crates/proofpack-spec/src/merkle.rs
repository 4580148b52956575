//! Merkle tree hashing, proof generation and proof verification as specified by
//! RFC 9162 §2.1 (Certificate Transparency 2.0), which keeps the tree hash of RFC 6962.
//!
//! * Hash function: SHA-256, so every hash is 32 bytes ([`Hash`](type@Hash)).
//! * Leaf hash: `SHA-256(0x00 || leaf)` ([`leaf_hash`]); interior node hash:
//!   `SHA-256(0x01 || left || right)` ([`node_hash`]); the Merkle Tree Hash (MTH) of the
//!   empty list is `SHA-256("")` ([`empty_root`]).
//! * Verifier side: [`verify_inclusion`] / [`root_from_inclusion_proof`] implement the
//!   inclusion proof verification of §2.1.3.2 and [`verify_consistency`] implements the
//!   consistency proof verification of §2.1.4.2.
//! * Producer side: [`MerkleTree`] is an in-memory append-only tree that computes MTH
//!   (§2.1.1), inclusion paths `PATH(m, D[n])` (§2.1.3.1) and consistency proofs
//!   `PROOF(m, D[n])` / `SUBPROOF` (§2.1.4.1).
//!
//! All verification functions take untrusted input: any tree size, leaf index and proof
//! length (including `u64::MAX` and arbitrarily long proofs) yields `Ok` or an
//! [`MerkleError`], never a panic. The proof length is checked against the exact number of
//! elements the RFC algorithm consumes before any hashing is done, so missing or extra
//! proof elements are always rejected.
//!
//! Policy beyond the letter of the RFC (shared with the `transparency-dev/merkle` reference
//! verifier and required by the test corpus):
//!
//! * inclusion: `leaf_index >= tree_size` is an error (so any proof into an empty tree fails);
//! * consistency: `size1 == 0` is an error (even `0, 0` with an empty proof); `size1 > size2`
//!   is an error; `size1 == size2` requires an empty proof and `root1 == root2`;
//!   `size1 < size2` with an empty proof is an error.
//!
//! Hashes handled here are public commitments, not secrets, so comparisons are not
//! constant-time and error messages show both sides in hex.

use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// A SHA-256 hash value: a leaf hash, an interior node hash or a Merkle Tree Hash (root).
pub type Hash = [u8; 32];

/// Domain-separation prefix of a leaf hash (RFC 9162 §2.1.1).
const LEAF_PREFIX: u8 = 0x00;
/// Domain-separation prefix of an interior node hash (RFC 9162 §2.1.1).
const NODE_PREFIX: u8 = 0x01;

/// Leaf hash of one entry: `SHA-256(0x00 || leaf)`, i.e. `MTH({d(0)})` (RFC 9162 §2.1.1).
#[must_use]
pub fn leaf_hash(leaf: &[u8]) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update([LEAF_PREFIX]);
    hasher.update(leaf);
    hasher.finalize().into()
}

/// Interior node hash: `SHA-256(0x01 || left || right)` (RFC 9162 §2.1.1).
#[must_use]
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update([NODE_PREFIX]);
    hasher.update(left);
    hasher.update(right);
    hasher.finalize().into()
}

/// Merkle Tree Hash of the empty list: `SHA-256("")` (RFC 9162 §2.1.1).
#[must_use]
pub fn empty_root() -> Hash {
    Sha256::digest([]).into()
}

/// Lower-case hex rendering of a hash, used in error messages.
fn hex(hash: &Hash) -> String {
    let mut out = String::with_capacity(hash.len() * 2);
    for byte in hash {
        // Writing to a String cannot fail.
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// Why a Merkle proof could not be produced or did not verify.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MerkleError {
    /// `leaf_index` is not smaller than `tree_size` (this includes every index into an empty
    /// tree).
    #[error("leaf index {index} is out of range for tree size {tree_size}")]
    IndexOutOfRange {
        /// The 0-based leaf index that was given.
        index: u64,
        /// The tree size that was given.
        tree_size: u64,
    },
    /// The proof does not have exactly the number of elements the algorithm consumes.
    #[error("wrong proof length: expected {expected} hashes, got {got}")]
    WrongProofLength {
        /// Number of hashes the proof must contain for these sizes/indexes.
        expected: usize,
        /// Number of hashes the proof actually contains.
        got: usize,
    },
    /// The root recomputed from an inclusion proof differs from the expected root.
    #[error("root mismatch: expected {}, computed {}", hex(.expected), hex(.got))]
    MismatchedRoot {
        /// The root hash the proof was checked against.
        expected: Hash,
        /// The root hash recomputed from the proof.
        got: Hash,
    },
    /// The first-tree root recomputed from a consistency proof differs from `root1`.
    #[error("first root mismatch: expected {}, computed {}", hex(.expected), hex(.got))]
    MismatchedRoot1 {
        /// The supplied root of the first (older) tree.
        expected: Hash,
        /// The root of the first tree recomputed from the proof.
        got: Hash,
    },
    /// The second-tree root recomputed from a consistency proof differs from `root2`.
    #[error("second root mismatch: expected {}, computed {}", hex(.expected), hex(.got))]
    MismatchedRoot2 {
        /// The supplied root of the second (newer) tree.
        expected: Hash,
        /// The root of the second tree recomputed from the proof.
        got: Hash,
    },
    /// A consistency check between two trees of the same size whose roots differ.
    #[error("trees of equal size {size} have different roots {} and {}", hex(.root1), hex(.root2))]
    EqualSizesDifferentRoots {
        /// The common tree size.
        size: u64,
        /// The supplied root of the first tree.
        root1: Hash,
        /// The supplied root of the second tree.
        root2: Hash,
    },
    /// A consistency check from an empty first tree (`size1 == 0`), which proves nothing and
    /// is rejected by policy.
    #[error("consistency from an empty tree (size1 = 0, size2 = {size2}) is not accepted")]
    EmptyFirstTree {
        /// The size of the second tree.
        size2: u64,
    },
    /// A consistency check where the first tree is larger than the second.
    #[error("size1 {size1} is larger than size2 {size2}")]
    SizeOrder {
        /// The size of the first tree.
        size1: u64,
        /// The size of the second tree.
        size2: u64,
    },
    /// A consistency check between trees of equal size with a non-empty proof.
    #[error("trees of equal size {size} require an empty proof, got {got} hashes")]
    NonEmptyProofForEqualSizes {
        /// The common tree size.
        size: u64,
        /// Number of hashes in the supplied proof.
        got: usize,
    },
    /// Producer side: a tree size larger than the number of leaves in the tree was requested.
    #[error("requested tree size {requested} exceeds the {available} leaves available")]
    SizeBeyondTree {
        /// The requested tree size.
        requested: u64,
        /// The number of leaves the tree holds.
        available: u64,
    },
}

/// Number of hashes the RFC 9162 verification loop consumes starting from `fn_` (`fn`) and
/// `sn`: it is the number of iterations needed to bring `sn` to 0. Both §2.1.3.2 step 4 and
/// §2.1.4.2 step 6 update `fn` and `sn` the same way, independently of the hash values.
/// At most 64 iterations, since `sn` is right-shifted at least once per iteration.
fn path_len(mut fn_: u64, mut sn: u64) -> usize {
    let mut len = 0;
    while sn != 0 {
        (fn_, sn) = shift_after_step(fn_, sn);
        len += 1;
    }
    len
}

/// The `fn`/`sn` update of one iteration of §2.1.3.2 step 4 (= §2.1.4.2 step 6): if
/// `LSB(fn)` is not set but `fn == sn`, right-shift both until `LSB(fn)` is set or `fn` is 0;
/// then right-shift both once.
fn shift_after_step(mut fn_: u64, mut sn: u64) -> (u64, u64) {
    if fn_ & 1 == 0 && fn_ == sn {
        while fn_ & 1 == 0 && fn_ != 0 {
            fn_ >>= 1;
            sn >>= 1;
        }
    }
    (fn_ >> 1, sn >> 1)
}

/// Whether the current proof element is a left sibling (`LSB(fn)` set, or `fn == sn`).
fn is_left_sibling(fn_: u64, sn: u64) -> bool {
    fn_ & 1 == 1 || fn_ == sn
}

/// Number of hashes in a valid inclusion proof (`inclusion_path`) for `leaf_index` in a tree
/// of `tree_size` leaves (RFC 9162 §2.1.3).
///
/// Fails with [`MerkleError::IndexOutOfRange`] if `leaf_index >= tree_size`.
pub fn inclusion_proof_len(leaf_index: u64, tree_size: u64) -> Result<usize, MerkleError> {
    if leaf_index >= tree_size {
        return Err(MerkleError::IndexOutOfRange {
            index: leaf_index,
            tree_size,
        });
    }
    // tree_size > leaf_index >= 0, so tree_size - 1 cannot underflow.
    Ok(path_len(leaf_index, tree_size - 1))
}

/// Starting `fn`/`sn` of §2.1.4.2 steps 2–4, and whether the first tree's root is implicitly
/// prepended to the `consistency_path` (`first` is an exact power of 2). The caller
/// guarantees `0 < first < second`, so the subtractions cannot underflow.
fn consistency_start(first: u64, second: u64) -> (u64, u64, bool) {
    let mut fn_ = first - 1;
    let mut sn = second - 1;
    while fn_ & 1 == 1 {
        fn_ >>= 1;
        sn >>= 1;
    }
    (fn_, sn, first.is_power_of_two())
}

/// Checks the size policy of a consistency proof between trees of `size1` and `size2`
/// leaves. Returns `Ok(true)` if the sizes are equal (the proof must then be empty).
fn check_consistency_sizes(size1: u64, size2: u64) -> Result<bool, MerkleError> {
    if size1 > size2 {
        return Err(MerkleError::SizeOrder { size1, size2 });
    }
    if size1 == 0 {
        return Err(MerkleError::EmptyFirstTree { size2 });
    }
    Ok(size1 == size2)
}

/// Number of hashes in a valid consistency proof (`consistency_path`) between trees of
/// `size1` and `size2` leaves (RFC 9162 §2.1.4), under this module's policy: 0 when the sizes
/// are equal; an error when `size1 == 0` or `size1 > size2`.
pub fn consistency_proof_len(size1: u64, size2: u64) -> Result<usize, MerkleError> {
    if check_consistency_sizes(size1, size2)? {
        return Ok(0);
    }
    let (fn_, sn, prepended) = consistency_start(size1, size2);
    let iterations = path_len(fn_, sn);
    // The path holds one hash for fr/sr initialisation (step 5) unless first_hash is
    // prepended, plus one per iteration of step 6.
    Ok(if prepended {
        iterations
    } else {
        iterations + 1
    })
}

/// Runs the inclusion proof verification algorithm of RFC 9162 §2.1.3.2 (steps 1–4) for the
/// leaf hash `leaf_hash` at `leaf_index` in a tree of `tree_size` leaves and returns the root
/// hash `r` it computes. The caller compares it with a trusted root (step 5), as
/// [`verify_inclusion`] does.
///
/// Fails if `leaf_index >= tree_size` or if `proof` (the `inclusion_path`) does not have
/// exactly the length the algorithm consumes, so a returned root always corresponds to
/// `sn == 0` at the end of step 4.
pub fn root_from_inclusion_proof(
    leaf_index: u64,
    tree_size: u64,
    leaf_hash: &Hash,
    proof: &[Hash],
) -> Result<Hash, MerkleError> {
    // Step 1 (and the length check that steps 4a and 5 imply).
    let expected = inclusion_proof_len(leaf_index, tree_size)?;
    if proof.len() != expected {
        return Err(MerkleError::WrongProofLength {
            expected,
            got: proof.len(),
        });
    }
    // Steps 2 and 3.
    let mut fn_ = leaf_index;
    let mut sn = tree_size - 1;
    let mut r = *leaf_hash;
    // Step 4.
    for p in proof {
        if sn == 0 {
            // Unreachable after the length check; kept as the RFC's step 4a.
            return Err(MerkleError::WrongProofLength {
                expected,
                got: proof.len(),
            });
        }
        r = if is_left_sibling(fn_, sn) {
            node_hash(p, &r)
        } else {
            node_hash(&r, p)
        };
        (fn_, sn) = shift_after_step(fn_, sn);
    }
    // Step 5, first half.
    if sn != 0 {
        return Err(MerkleError::WrongProofLength {
            expected,
            got: proof.len(),
        });
    }
    Ok(r)
}

/// Verifies an inclusion proof (RFC 9162 §2.1.3.2): that the leaf whose leaf hash is
/// `leaf_hash` is at 0-based `leaf_index` in the tree of `tree_size` leaves whose root hash
/// is `root`, given the `inclusion_path` `proof`.
///
/// Fails if `leaf_index >= tree_size`, if the proof length is not exactly the one the
/// algorithm consumes, or if the recomputed root differs from `root`.
pub fn verify_inclusion(
    leaf_index: u64,
    tree_size: u64,
    leaf_hash: &Hash,
    proof: &[Hash],
    root: &Hash,
) -> Result<(), MerkleError> {
    let computed = root_from_inclusion_proof(leaf_index, tree_size, leaf_hash, proof)?;
    if computed != *root {
        return Err(MerkleError::MismatchedRoot {
            expected: *root,
            got: computed,
        });
    }
    Ok(())
}

/// Verifies a consistency proof (RFC 9162 §2.1.4.2): that the tree of `size1` leaves with
/// root hash `root1` (`first`, `first_hash`) is a prefix of the tree of `size2` leaves with
/// root hash `root2` (`second`, `second_hash`), given the `consistency_path` `proof`.
///
/// Policy (see the module documentation): `size1 == 0` and `size1 > size2` are errors;
/// `size1 == size2` requires an empty proof and `root1 == root2`; otherwise the proof must
/// have exactly the length the algorithm consumes (in particular it must not be empty) and
/// both recomputed roots must match.
pub fn verify_consistency(
    size1: u64,
    size2: u64,
    proof: &[Hash],
    root1: &Hash,
    root2: &Hash,
) -> Result<(), MerkleError> {
    if check_consistency_sizes(size1, size2)? {
        if !proof.is_empty() {
            return Err(MerkleError::NonEmptyProofForEqualSizes {
                size: size1,
                got: proof.len(),
            });
        }
        if root1 != root2 {
            return Err(MerkleError::EqualSizesDifferentRoots {
                size: size1,
                root1: *root1,
                root2: *root2,
            });
        }
        return Ok(());
    }

    // Step 1 (empty path) is covered by the exact length check: the expected length is >= 1.
    let expected = consistency_proof_len(size1, size2)?;
    if proof.len() != expected {
        return Err(MerkleError::WrongProofLength {
            expected,
            got: proof.len(),
        });
    }
    let wrong_len = || MerkleError::WrongProofLength {
        expected,
        got: proof.len(),
    };

    // Steps 2–4: prepending first_hash is modelled by taking the path from an iterator.
    let (mut fn_, mut sn, prepended) = consistency_start(size1, size2);
    let mut path = proof.iter();
    // Step 5.
    let first = if prepended {
        *root1
    } else {
        *path.next().ok_or_else(wrong_len)?
    };
    let mut fr = first;
    let mut sr = first;
    // Step 6.
    for c in path {
        if sn == 0 {
            // Unreachable after the length check; kept as the RFC's step 6a.
            return Err(wrong_len());
        }
        if is_left_sibling(fn_, sn) {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
        } else {
            sr = node_hash(&sr, c);
        }
        (fn_, sn) = shift_after_step(fn_, sn);
    }
    // Step 7.
    if sn != 0 {
        return Err(wrong_len());
    }
    if fr != *root1 {
        return Err(MerkleError::MismatchedRoot1 {
            expected: *root1,
            got: fr,
        });
    }
    if sr != *root2 {
        return Err(MerkleError::MismatchedRoot2 {
            expected: *root2,
            got: sr,
        });
    }
    Ok(())
}

/// The largest power of two strictly smaller than `n`, for `n >= 2` (the split point `k` of
/// RFC 9162 §2.1.1). Returns 0 for `n < 2`.
fn split_point(n: usize) -> usize {
    if n < 2 {
        return 0;
    }
    // n >= 2, so n - 1 >= 1 and the shift amount is at most usize::BITS - 1.
    1 << (usize::BITS - 1 - (n - 1).leading_zeros())
}

/// Splits `leaves` at `k`; `None` if `k` is out of range.
fn split(leaves: &[Hash], k: usize) -> Option<(&[Hash], &[Hash])> {
    Some((leaves.get(..k)?, leaves.get(k..)?))
}

/// MTH over a list of leaf hashes (RFC 9162 §2.1.1).
fn mth(leaves: &[Hash]) -> Hash {
    match leaves {
        [] => empty_root(),
        [only] => *only,
        _ => match split(leaves, split_point(leaves.len())) {
            Some((left, right)) => node_hash(&mth(left), &mth(right)),
            // Unreachable: 0 < k < n.
            None => empty_root(),
        },
    }
}

/// `PATH(m, D[n])` (RFC 9162 §2.1.3.1) over leaf hashes, appended to `out` bottom-up.
/// The caller guarantees `m < leaves.len()`.
fn path(m: usize, leaves: &[Hash], out: &mut Vec<Hash>) {
    if leaves.len() <= 1 {
        return;
    }
    let k = split_point(leaves.len());
    let Some((left, right)) = split(leaves, k) else {
        return;
    };
    if m < k {
        path(m, left, out);
        out.push(mth(right));
    } else {
        path(m - k, right, out);
        out.push(mth(left));
    }
}

/// `SUBPROOF(m, D[n], b)` (RFC 9162 §2.1.4.1) over leaf hashes, appended to `out` bottom-up.
/// The caller guarantees `0 < m <= leaves.len()`.
fn subproof(m: usize, leaves: &[Hash], b: bool, out: &mut Vec<Hash>) {
    let n = leaves.len();
    if m == n {
        if !b {
            out.push(mth(leaves));
        }
        return;
    }
    let k = split_point(n);
    let Some((left, right)) = split(leaves, k) else {
        return;
    };
    if m <= k {
        subproof(m, left, b, out);
        out.push(mth(right));
    } else {
        subproof(m - k, right, false, out);
        out.push(mth(left));
    }
}

/// Producer side (pack authoring): an in-memory, append-only Merkle tree over the leaf hashes
/// of its entries, able to compute roots and proofs for any prefix of itself.
#[derive(Debug, Clone, Default)]
pub struct MerkleTree {
    /// Leaf hashes `SHA-256(0x00 || d(i))`, in insertion order.
    leaves: Vec<Hash>,
}

impl MerkleTree {
    /// Creates an empty tree.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends the entry `leaf` (its leaf hash is stored) and returns its 0-based index.
    pub fn push_leaf(&mut self, leaf: &[u8]) -> u64 {
        self.push_leaf_hash(leaf_hash(leaf))
    }

    /// Appends an already computed leaf hash (see [`leaf_hash`]) and returns its 0-based
    /// index.
    pub fn push_leaf_hash(&mut self, hash: Hash) -> u64 {
        let index = self.size();
        self.leaves.push(hash);
        index
    }

    /// Number of leaves in the tree.
    #[must_use]
    pub fn size(&self) -> u64 {
        // usize is at most 64 bits on every supported target.
        self.leaves.len() as u64
    }

    /// The leaf hash at 0-based `index`, if present.
    #[must_use]
    pub fn leaf_hash_at(&self, index: u64) -> Option<Hash> {
        let index = usize::try_from(index).ok()?;
        self.leaves.get(index).copied()
    }

    /// Merkle Tree Hash of all leaves (`SHA-256("")` for the empty tree).
    #[must_use]
    pub fn root(&self) -> Hash {
        mth(&self.leaves)
    }

    /// Leaf hashes of the first `size` leaves, or an error if the tree is smaller.
    fn prefix(&self, size: u64) -> Result<&[Hash], MerkleError> {
        let too_big = || MerkleError::SizeBeyondTree {
            requested: size,
            available: self.size(),
        };
        let n = usize::try_from(size).map_err(|_| too_big())?;
        self.leaves.get(..n).ok_or_else(too_big)
    }

    /// Merkle Tree Hash of the first `size` leaves (`size` may be 0, giving
    /// [`empty_root`]). Fails if `size` exceeds [`MerkleTree::size`].
    pub fn root_at(&self, size: u64) -> Result<Hash, MerkleError> {
        self.prefix(size).map(mth)
    }

    /// Inclusion proof `PATH(leaf_index, D[tree_size])` (RFC 9162 §2.1.3.1) for the leaf at
    /// `leaf_index` in the tree made of the first `tree_size` leaves, ordered from the leaf
    /// level upwards as [`verify_inclusion`] consumes it.
    ///
    /// Fails if `tree_size` exceeds [`MerkleTree::size`] or `leaf_index >= tree_size`.
    pub fn inclusion_proof(
        &self,
        leaf_index: u64,
        tree_size: u64,
    ) -> Result<Vec<Hash>, MerkleError> {
        let leaves = self.prefix(tree_size)?;
        let expected = inclusion_proof_len(leaf_index, tree_size)?;
        // leaf_index < tree_size, which fits in usize.
        let m = usize::try_from(leaf_index).map_err(|_| MerkleError::IndexOutOfRange {
            index: leaf_index,
            tree_size,
        })?;
        let mut out = Vec::with_capacity(expected);
        path(m, leaves, &mut out);
        Ok(out)
    }

    /// Consistency proof `PROOF(size1, D[size2])` (RFC 9162 §2.1.4.1) between the trees made
    /// of the first `size1` and the first `size2` leaves, ordered as [`verify_consistency`]
    /// consumes it. Returns an empty proof when `size1 == size2`.
    ///
    /// Fails if `size2` exceeds [`MerkleTree::size`], `size1 == 0` or `size1 > size2` (the
    /// same policy as [`verify_consistency`]).
    pub fn consistency_proof(&self, size1: u64, size2: u64) -> Result<Vec<Hash>, MerkleError> {
        let expected = consistency_proof_len(size1, size2)?;
        let leaves = self.prefix(size2)?;
        let mut out = Vec::with_capacity(expected);
        if size1 == size2 {
            return Ok(out);
        }
        // 0 < size1 < size2, which fits in usize.
        let m = usize::try_from(size1).map_err(|_| MerkleError::SizeBeyondTree {
            requested: size1,
            available: self.size(),
        })?;
        subproof(m, leaves, true, &mut out);
        Ok(out)
    }
}
