//! What changed between two packs of one request (§18): verdict, tiers,
//! receipts, open items, members, findings, and whether the newer pack
//! supersedes the older one as §19 would count the link. Informational:
//! it judges neither pack.

use crate::pack::Identity;
use proofpack_core::report::{OpenItem, ReceiptRow, TierRow};
use proofpack_core::{Report, Verdict};
use proofpack_spec::vocab::{OpenItemKind, ReceiptStatus, Step, StepStatus, DIFF_FORMAT};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The difference between two packs (`proofpack diff OLD NEW`).
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Diff {
    /// Always `proof-pack-diff/v1`.
    pub format: &'static str,
    /// The older pack.
    pub old: DiffSide,
    /// The newer pack.
    pub new: DiffSide,
    /// Whether NEW names OLD in `supersedes`, and whether §19 would count it.
    pub supersession: Supersession,
    /// Tiers whose status or counts changed.
    pub tiers: Vec<Change<Step, TierState>>,
    /// Subprocessors whose receipt changed.
    pub receipts: Vec<Change<String, ReceiptState>>,
    /// Open items closed (in OLD only) and opened (in NEW only).
    pub open_items: OpenItemsDiff,
    /// Members added, removed or changed (by path).
    pub members: MembersDiff,
    /// Finding codes present in NEW only.
    pub findings_added: Vec<String>,
    /// Finding codes present in OLD only.
    pub findings_removed: Vec<String>,
}

/// One pack of a diff.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct DiffSide {
    /// The file as given.
    pub file: String,
    /// SHA-256 of the file.
    pub sha256: String,
    /// `pack_id` (pack text).
    pub pack_id: Option<String>,
    /// `request_id` (pack text).
    pub request_id: Option<String>,
    /// `signed_at`, as written.
    pub signed_at: Option<String>,
    /// Its verdict.
    pub verdict: Verdict,
}

/// Whether NEW supersedes OLD.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Supersession {
    /// NEW's `supersedes` names OLD's SHA-256.
    pub names_old: bool,
    /// §19 would count the link: it names OLD, NEW is not `invalid`, and
    /// OLD fits (its `pack_id`, request, subject, basis, receipt and an
    /// earlier `signed_at`).
    pub holds: bool,
    /// When NEW names OLD, the members that do not fit (void link).
    pub misfits: Vec<&'static str>,
}

/// A keyed value in OLD and in NEW (`null` where absent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Change<K, V> {
    /// What changed.
    pub key: K,
    /// Its value in OLD.
    pub old: Option<V>,
    /// Its value in NEW.
    pub new: Option<V>,
}

/// A tier's status and counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TierState {
    /// Whether the request asked for it.
    pub requested: bool,
    /// The step's status.
    pub status: Option<StepStatus>,
    /// `before_count`
    pub before_count: Option<u64>,
    /// `after_count`
    pub after_count: Option<u64>,
    /// The probe's residue.
    pub residue: Option<u64>,
}

/// A receipt's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ReceiptState {
    /// `status`
    pub status: Option<ReceiptStatus>,
    /// `confirmed_at` or `due_at`.
    pub status_at: Option<String>,
    /// Whether the subprocessor counts as erased.
    pub erased: bool,
}

/// Open items closed and opened.
#[derive(Debug, Clone, Default, Serialize)]
#[non_exhaustive]
pub struct OpenItemsDiff {
    /// In OLD, not in NEW.
    pub closed: Vec<DiffItem>,
    /// In NEW, not in OLD.
    pub opened: Vec<DiffItem>,
}

/// An open item of a diff.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub struct DiffItem {
    /// Its kind.
    pub kind: OpenItemKind,
    /// What it is (pack text).
    pub what: String,
    /// When due, as written.
    pub due: Option<String>,
}

/// Members by path.
#[derive(Debug, Clone, Default, Serialize)]
#[non_exhaustive]
pub struct MembersDiff {
    /// In NEW only.
    pub added: Vec<String>,
    /// In OLD only.
    pub removed: Vec<String>,
    /// In both, with other bytes.
    pub changed: Vec<String>,
}

/// Compares two verified packs of one request. `old_file` and `new_file`
/// are the names they are shown under.
pub fn diff(old_file: &str, old: &Report, new_file: &str, new: &Report) -> Diff {
    Diff {
        format: DIFF_FORMAT,
        old: side(old_file, old),
        new: side(new_file, new),
        supersession: supersession(old, new),
        tiers: changes(tiers(old), tiers(new)),
        receipts: changes(receipts(old), receipts(new)),
        open_items: open_items(old, new),
        members: members(old, new),
        findings_added: codes(new).difference(&codes(old)).cloned().collect(),
        findings_removed: codes(old).difference(&codes(new)).cloned().collect(),
    }
}

fn side(file: &str, r: &Report) -> DiffSide {
    let p = r.pack();
    DiffSide {
        file: file.to_owned(),
        sha256: p.sha256.clone(),
        pack_id: p.pack_id.clone(),
        request_id: p.request_id.clone(),
        signed_at: p.signed_at.clone(),
        verdict: r.verdict(),
    }
}

fn supersession(old: &Report, new: &Report) -> Supersession {
    let named = new.pack().supersedes.as_ref();
    let names_old = named.is_some_and(|s| s.sha256 == old.pack().sha256);
    let misfits = match named {
        Some(s) if names_old => Identity::of(old).misfits(&s.pack_id, &Identity::of(new)),
        _ => Vec::new(),
    };
    Supersession {
        names_old,
        holds: names_old && misfits.is_empty() && new.verdict() != Verdict::Invalid,
        misfits,
    }
}

/// The keys whose values differ, in key order.
fn changes<K: Ord + Clone, V: PartialEq + Clone>(
    old: BTreeMap<K, V>,
    new: BTreeMap<K, V>,
) -> Vec<Change<K, V>> {
    let keys: BTreeSet<&K> = old.keys().chain(new.keys()).collect();
    keys.into_iter()
        .filter_map(|k| {
            let (o, n) = (old.get(k), new.get(k));
            (o != n).then(|| Change {
                key: k.clone(),
                old: o.cloned(),
                new: n.cloned(),
            })
        })
        .collect()
}

fn tiers(r: &Report) -> BTreeMap<Step, TierState> {
    r.tiers()
        .iter()
        .map(|t: &TierRow| {
            let state = TierState {
                requested: t.requested,
                status: t.status,
                before_count: t.before_count,
                after_count: t.after_count,
                residue: t.residue,
            };
            (t.tier, state)
        })
        .collect()
}

/// Each subprocessor's last receipt.
fn receipts(r: &Report) -> BTreeMap<String, ReceiptState> {
    r.receipts()
        .iter()
        .map(|row: &ReceiptRow| {
            let state = ReceiptState {
                status: row.status,
                status_at: row.status_at.clone(),
                erased: row.subprocessor_erased,
            };
            (row.subprocessor.clone(), state)
        })
        .collect()
}

fn items(r: &Report) -> BTreeSet<DiffItem> {
    let item = |i: &OpenItem| DiffItem {
        kind: i.kind,
        what: i.what.clone(),
        due: i.due.as_ref().map(|t| t.raw().to_owned()),
    };
    let mut out: BTreeSet<DiffItem> = r.register_facts().open_items().iter().map(item).collect();
    if r.verdict() == Verdict::Incomplete {
        out.insert(DiffItem {
            kind: OpenItemKind::Deadline,
            what: r.pack().request_id.clone().unwrap_or_default(),
            due: r.sla().effective_deadline.clone(),
        });
    }
    out
}

fn open_items(old: &Report, new: &Report) -> OpenItemsDiff {
    let (o, n) = (items(old), items(new));
    OpenItemsDiff {
        closed: o.difference(&n).cloned().collect(),
        opened: n.difference(&o).cloned().collect(),
    }
}

fn members(old: &Report, new: &Report) -> MembersDiff {
    let by_path = |r: &Report| -> BTreeMap<String, String> {
        r.members()
            .iter()
            .map(|m| (m.path.clone(), m.sha256.clone()))
            .collect()
    };
    let (o, n) = (by_path(old), by_path(new));
    MembersDiff {
        added: n.keys().filter(|k| !o.contains_key(*k)).cloned().collect(),
        removed: o.keys().filter(|k| !n.contains_key(*k)).cloned().collect(),
        changed: o
            .iter()
            .filter(|(k, v)| n.get(*k).is_some_and(|nv| nv != *v))
            .map(|(k, _)| k.clone())
            .collect(),
    }
}

fn codes(r: &Report) -> BTreeSet<String> {
    r.findings()
        .iter()
        .map(|f| f.code().as_str().to_owned())
        .collect()
}
