//! The rules of §19, applied to the packs once each was verified alone:
//! duplicates, requests, supersession and heads, log forks, open items,
//! and each request's status. Every check is near-linear in the number of
//! packs and checkpoints (hash maps, never a comparison of every pair).

use crate::pack::PackFacts;
use crate::report::{
    OpenItemRow, Register, RegisterFinding, RegisterPack, RegisterRequest, Unread,
};
use proofpack_core::report::OpenItem;
use proofpack_core::{Effect, MessageId, RegisterCode, Verdict};
use proofpack_spec::merkle::Hash;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::OpenItemKind;
use std::collections::{BTreeMap, HashMap};

/// The packs of a register, each distinct pack once.
struct Packs {
    /// By file name; the first file of each SHA-256.
    packs: Vec<PackFacts>,
    /// For each pack, the other files with its bytes.
    duplicates: Vec<Vec<String>>,
    /// Index of each pack by its SHA-256.
    by_sha: HashMap<String, usize>,
}

/// §19 on verified packs (and the files that could not be read).
pub(crate) fn apply(
    mut read: Vec<PackFacts>,
    mut unread: Vec<Unread>,
    as_of: &Timestamp,
) -> Register {
    read.sort_by(|a, b| a.file.cmp(&b.file));
    unread.sort_by(|a, b| a.file.cmp(&b.file));
    let mut findings = Vec::new();
    let packs = deduplicate(read, &mut findings);
    let superseded_by = supersession(&packs, &mut findings);
    log_forks(&packs.packs, &mut findings);
    let mut register = Register::new(as_of.raw().to_owned());
    let requests = group(&packs.packs);
    for members in requests.values() {
        let request = request(&packs.packs, members, &superseded_by, as_of, &mut findings);
        register.requests.push(request);
    }
    settle_statuses(&mut register.requests, &packs, &findings);
    findings.sort_by(|a, b| {
        (a.code.as_str(), &a.packs, &a.message).cmp(&(b.code.as_str(), &b.packs, &b.message))
    });
    register.findings = findings;
    register.packs = rows(packs, &superseded_by);
    register.unread = unread;
    register
}

/// "Files with the same SHA-256 are one pack" (`register.duplicate_file`,
/// at that pack): the first file by name stands for it.
fn deduplicate(read: Vec<PackFacts>, findings: &mut Vec<RegisterFinding>) -> Packs {
    let mut packs = Packs {
        packs: Vec::with_capacity(read.len()),
        duplicates: Vec::new(),
        by_sha: HashMap::with_capacity(read.len()),
    };
    for facts in read {
        match packs.by_sha.get(&facts.sha256) {
            Some(&i) => packs.duplicates[i].push(facts.file),
            None => {
                packs.by_sha.insert(facts.sha256.clone(), packs.packs.len());
                packs.packs.push(facts);
                packs.duplicates.push(Vec::new());
            }
        }
    }
    for (pack, others) in packs.packs.iter().zip(&packs.duplicates) {
        if !others.is_empty() {
            findings.push(RegisterFinding::new(
                RegisterCode::DuplicateFile,
                MessageId::RegisterDuplicateFile,
                vec![
                    ("count", (others.len() + 1).into()),
                    ("file", pack.file.as_str().into()),
                ],
                vec![pack.sha256.clone()],
            ));
        }
    }
    packs
}

/// The links of §18 checked as §19 says; returns, for each pack, the pack
/// whose link (not void) supersedes it.
fn supersession(packs: &Packs, findings: &mut Vec<RegisterFinding>) -> Vec<Option<usize>> {
    // For each named pack, the packs whose links to it hold so far.
    let mut claims: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, p) in packs.packs.iter().enumerate() {
        // A tampered pack cannot retire another: its link is ignored.
        let Some((named_id, named_sha)) = &p.supersedes else {
            continue;
        };
        if p.verdict == Verdict::Invalid {
            continue;
        }
        let Some(&e) = packs.by_sha.get(named_sha) else {
            let at = vec![p.sha256.clone()];
            findings.push(RegisterFinding::new(
                RegisterCode::SupersedesUnknown,
                MessageId::RegisterSupersedesUnknown,
                vec![
                    ("file", p.file.as_str().into()),
                    ("sha256", named_sha.as_str().into()),
                ],
                at,
            ));
            continue;
        };
        let earlier = &packs.packs[e];
        let misfits = earlier.identity.misfits(named_id, &p.identity);
        if misfits.is_empty() {
            claims.entry(e).or_default().push(i);
        } else {
            let at = vec![p.sha256.clone()];
            findings.push(RegisterFinding::new(
                RegisterCode::SupersedesMismatch,
                MessageId::RegisterSupersedesMismatch,
                vec![
                    ("file", p.file.as_str().into()),
                    ("earlier", earlier.file.as_str().into()),
                    ("fields", misfits.join(", ").into()),
                ],
                at,
            ));
        }
    }
    let mut superseded_by = vec![None; packs.packs.len()];
    for (e, by) in claims {
        if let [only] = by[..] {
            superseded_by[e] = Some(only);
        } else {
            let at = by.iter().map(|&i| packs.packs[i].sha256.clone()).collect();
            findings.push(RegisterFinding::new(
                RegisterCode::SupersededTwice,
                MessageId::RegisterSupersededTwice,
                vec![
                    ("count", by.len().into()),
                    ("file", packs.packs[e].file.as_str().into()),
                ],
                at,
            ));
        }
    }
    superseded_by
}

/// A request's key: (`tenant_id`, `request_id`), and for a pack whose
/// manifest could not be read, its SHA-256 too (a request of its own).
type RequestKey = (Option<String>, Option<String>, Option<String>);

/// The packs grouped into requests, in the order of their keys (tenant,
/// then request).
fn group(packs: &[PackFacts]) -> BTreeMap<RequestKey, Vec<usize>> {
    let mut requests: BTreeMap<RequestKey, Vec<usize>> = BTreeMap::new();
    for (i, p) in packs.iter().enumerate() {
        let id = &p.identity;
        let own = (!id.readable()).then(|| p.sha256.clone());
        let key = (id.tenant_id.clone(), id.request_id.clone(), own);
        requests.entry(key).or_default().push(i);
    }
    requests
}

/// Packs holding one (origin, position) of a log, and whether they disagree.
struct Position<'a> {
    first: &'a Hash,
    forked: bool,
    packs: Vec<usize>,
}

impl<'a> Position<'a> {
    fn add(
        map: &mut HashMap<(&'a str, u64), Position<'a>>,
        key: (&'a str, u64),
        hash: &'a Hash,
        pack: usize,
    ) {
        let at = map.entry(key).or_insert(Position {
            first: hash,
            forked: false,
            packs: Vec::new(),
        });
        at.forked |= at.first != hash;
        // A pack's own two positions (its seal's and its witness's) count it once.
        if at.packs.last() != Some(&pack) {
            at.packs.push(pack);
        }
    }
}

/// `register.log_fork`: two checkpoints of one origin and tree size with
/// different roots, or two proved entries of one origin and index with
/// different leaves, among the packs whose checkpoints verified, and the
/// seals (§22) whose checkpoint verified, whether or not their pack's
/// other checkpoints did, with their entries proved included. One finding
/// per forked position, at every pack holding it.
fn log_forks(packs: &[PackFacts], findings: &mut Vec<RegisterFinding>) {
    let mut sizes: HashMap<(&str, u64), Position<'_>> = HashMap::new();
    let mut indexes: HashMap<(&str, u64), Position<'_>> = HashMap::new();
    for (i, p) in packs.iter().enumerate() {
        if p.checkpoints_count {
            for cp in &p.checkpoints {
                Position::add(&mut sizes, (&cp.origin, cp.tree_size), &cp.root_hash, i);
            }
            if let Some(origin) = &p.proved.origin {
                for (index, leaf) in &p.proved.entries {
                    Position::add(&mut indexes, (origin, *index), leaf, i);
                }
            }
        }
        if let Some(cp) = &p.seal.checkpoint {
            Position::add(&mut sizes, (&cp.origin, cp.tree_size), &cp.root_hash, i);
            if let Some((index, leaf)) = &p.seal.entry {
                Position::add(&mut indexes, (&cp.origin, *index), leaf, i);
            }
        }
    }
    let forks = [
        (MessageId::RegisterForkRoots, "size", sizes),
        (MessageId::RegisterForkLeaves, "index", indexes),
    ];
    for (id, position, positions) in forks {
        for ((origin, n), at) in positions.into_iter().filter(|(_, at)| at.forked) {
            let args = vec![
                ("origin", format!("{origin:?}").into()),
                (position, n.into()),
            ];
            let at = at.packs.iter().map(|&i| packs[i].sha256.clone()).collect();
            findings.push(RegisterFinding::new(RegisterCode::LogFork, id, args, at));
        }
    }
}

/// One request: its heads, `register.competing_packs`, and its heads' open
/// items with `register.overdue` for each one due before `as_of`. Its
/// status is settled once every finding is known.
fn request(
    packs: &[PackFacts],
    members: &[usize],
    superseded_by: &[Option<usize>],
    as_of: &Timestamp,
    findings: &mut Vec<RegisterFinding>,
) -> RegisterRequest {
    let first = &packs[members[0]].identity;
    let mut heads: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&i| superseded_by[i].is_none())
        .collect();
    heads.sort_by(|&a, &b| packs[a].sha256.cmp(&packs[b].sha256));
    if heads.len() > 1 {
        let request = first.request_id.as_deref().unwrap_or_default();
        let at = heads.iter().map(|&i| packs[i].sha256.clone()).collect();
        findings.push(RegisterFinding::new(
            RegisterCode::CompetingPacks,
            MessageId::RegisterCompetingPacks,
            vec![
                ("request", format!("{request:?}").into()),
                ("count", heads.len().into()),
            ],
            at,
        ));
    }
    let mut open_items = Vec::new();
    for &h in &heads {
        for item in open_items_of(&packs[h]) {
            let row = judge(&item, &packs[h].sha256, as_of);
            if row.overdue {
                let args = vec![
                    ("kind", row.kind.to_string().into()),
                    ("what", format!("{:?}", row.what).into()),
                    ("due", row.due.as_deref().unwrap_or_default().into()),
                ];
                let at = vec![row.pack.clone()];
                findings.push(RegisterFinding::new(
                    RegisterCode::Overdue,
                    MessageId::RegisterOverdue,
                    args,
                    at,
                ));
            }
            open_items.push(row);
        }
    }
    RegisterRequest {
        tenant_id: first.tenant_id.clone(),
        request_id: first.request_id.clone(),
        // Settled by `settle_statuses`.
        status: Verdict::Complete,
        heads: heads.iter().map(|&i| packs[i].sha256.clone()).collect(),
        packs: members.iter().map(|&i| packs[i].sha256.clone()).collect(),
        open_items,
    }
}

/// A head's open items: those its pack shows, and, when its verdict is
/// `incomplete`, the request itself, due at the effective deadline of §6.
fn open_items_of(head: &PackFacts) -> Vec<OpenItem> {
    let mut items = head.open_items.clone();
    if head.verdict == Verdict::Incomplete {
        items.push(OpenItem {
            kind: OpenItemKind::Deadline,
            what: head.identity.request_id.clone().unwrap_or_default(),
            due: head.deadline.as_deref().and_then(Timestamp::parse),
        });
    }
    items
}

/// An open item as the report shows it: overdue when due before `as_of`.
fn judge(item: &OpenItem, head: &str, as_of: &Timestamp) -> OpenItemRow {
    OpenItemRow {
        kind: item.kind,
        what: item.what.clone(),
        due: item.due.as_ref().map(|t| t.raw().to_owned()),
        overdue: item
            .due
            .as_ref()
            .is_some_and(|t| t.instant() < as_of.instant()),
        pack: head.to_owned(),
    }
}

/// Each request's status: the most severe of its heads' verdicts and of the
/// effects of the register findings located at any of its packs.
fn settle_statuses(requests: &mut [RegisterRequest], packs: &Packs, findings: &[RegisterFinding]) {
    let mut invalid = vec![false; packs.packs.len()];
    for f in findings.iter().filter(|f| f.effect == Effect::Invalid) {
        for sha in &f.packs {
            if let Some(&i) = packs.by_sha.get(sha) {
                invalid[i] = true;
            }
        }
    }
    for r in requests {
        let heads = r.heads.iter().filter_map(|sha| packs.by_sha.get(sha));
        let worst = heads.map(|&i| packs.packs[i].verdict).max();
        let hit = r
            .packs
            .iter()
            .filter_map(|sha| packs.by_sha.get(sha))
            .any(|&i| invalid[i]);
        let from_findings = if hit {
            Verdict::Invalid
        } else {
            Verdict::Complete
        };
        r.status = worst.unwrap_or(Verdict::Complete).max(from_findings);
    }
}

/// The packs as the report lists them, by file.
fn rows(packs: Packs, superseded_by: &[Option<usize>]) -> Vec<RegisterPack> {
    let shas: Vec<String> = packs.packs.iter().map(|p| p.sha256.clone()).collect();
    packs
        .packs
        .into_iter()
        .zip(packs.duplicates)
        .zip(superseded_by)
        .map(|((p, duplicates), by)| RegisterPack {
            file: p.file,
            sha256: p.sha256,
            pack_id: p.identity.pack_id,
            tenant_id: p.identity.tenant_id,
            request_id: p.identity.request_id,
            verdict: p.verdict,
            superseded_by: by.and_then(|i| shas.get(i).cloned()),
            duplicates,
        })
        .collect()
}
