//! What a register (spec §19) needs of one pack's verification beyond the
//! §13 report: the checkpoints read, the entries proved included, and the
//! open items with their due instants. Gathered while the pack is verified,
//! so that a register reads each pack once; never part of the §13 JSON.
//!
//! These are facts, not judgements: the register applies §19's rules to
//! them (which checkpoints count, which items are overdue at `as_of`).

use proofpack_spec::merkle::Hash;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::OpenItemKind;

/// The facts of one pack a register needs ([`Report::register_facts`](crate::Report::register_facts)).
#[derive(Debug, Clone, Default)]
pub struct RegisterFacts {
    pub(crate) checkpoints: Vec<CheckpointFact>,
    pub(crate) proved: ProvedEntries,
    pub(crate) open_items: Vec<OpenItem>,
    pub(crate) seal: SealFact,
}

impl RegisterFacts {
    /// The checkpoints of the audit witness that could be parsed
    /// (`checkpoint_before`, then `checkpoint_after`), whether or not they
    /// verified: §19 keeps those of packs with no `audit.checkpoint_*` or
    /// `audit.origin_mismatch` finding.
    pub fn checkpoints(&self) -> &[CheckpointFact] {
        &self.checkpoints
    }

    /// The entries whose inclusion proof verified in the after-tree (§10).
    pub fn proved_entries(&self) -> &ProvedEntries {
        &self.proved
    }

    /// The seal's checkpoint and entry (§22), as far as they verified:
    /// §19 compares them whether or not the pack's other checkpoints did.
    pub fn seal(&self) -> &SealFact {
        &self.seal
    }

    /// The open items the pack shows, in the pack's order: `pending` and
    /// `deferred` steps, `pending` receipts of subprocessors §9 does not
    /// count as erased, obligations, and `expiring` artifacts reachable from
    /// a tombstone. (The request's own deadline is the register's to add,
    /// from [`Timeline::effective_deadline`](crate::report::Timeline).)
    pub fn open_items(&self) -> &[OpenItem] {
        &self.open_items
    }
}

/// A signed checkpoint as read: its origin, tree size and root hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckpointFact {
    /// The origin line (pack text).
    pub origin: String,
    /// The tree size.
    pub tree_size: u64,
    /// The root hash.
    pub root_hash: Hash,
}

/// What a seal (§22) adds to a pack's log for §19.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SealFact {
    /// The seal's checkpoint, when it verified: its key checks made and no
    /// `seal.checkpoint_invalid` (its origin is then `log_origin`).
    pub checkpoint: Option<CheckpointFact>,
    /// The seal's entry, its `index` and the RFC 9162 hash of its leaf, when
    /// the checkpoint verified and the leaf is proved included in it (no
    /// `seal.inclusion_failed`).
    pub entry: Option<(u64, Hash)>,
}

/// The entries proved included, all in the log of one origin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProvedEntries {
    /// The origin of the after-checkpoint they are proved in (pack text).
    pub origin: Option<String>,
    /// Each entry's `index` and the RFC 9162 hash of its leaf bytes: two
    /// leaves differ exactly when their hashes do (SHA-256 collision
    /// resistance), and 32 bytes are all a register keeps of a leaf.
    pub entries: Vec<(u64, Hash)>,
}

/// Something the pack says is still to be done, and by when (§19).
#[derive(Debug, Clone)]
pub struct OpenItem {
    /// What kind of item.
    pub kind: OpenItemKind,
    /// The step, the subprocessor, the obligation's target or the artifact
    /// as `scope:key` (pack text).
    pub what: String,
    /// When it is due, as the pack wrote it; `None` when the pack gave no
    /// valid time (a schema finding says so).
    pub due: Option<Timestamp>,
}

impl OpenItem {
    pub(crate) fn new(
        kind: OpenItemKind,
        what: impl Into<String>,
        due: Option<&Timestamp>,
    ) -> Self {
        OpenItem {
            kind,
            what: what.into(),
            due: due.cloned(),
        }
    }
}
