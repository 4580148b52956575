//! Witness cosignatures (spec §15): the audit log corroborated by parties
//! other than its operator.
//!
//! [`check`] reads the cosignatures of one checkpoint (C2SP
//! `cosignature/v1` lines of trust-store keys with role `witness`) and says
//! of each whether it counts and, if not, why, and when each distinct
//! witness first cosigned ([`Cosigned::earliest`], the times §21 and §22
//! take their k-th from); [`check_quorum`] holds the witnesses counted on
//! `checkpoint_after` against the policy's `witness_quorum`. The seal's
//! checkpoint (§22 check 6) is judged by the same [`check`], its time rule
//! reversed ([`TimeRule`]).

use crate::findings::{Code, Findings};
use crate::messages::{message, quoted};
pub(crate) use crate::report::{CosignatureRow, NotCounted};
use crate::trust::{TrustStore, TrustedKey};
use proofpack_spec::checkpoint::Checkpoint;
use proofpack_spec::cosignature::{check_cosignature, CosignatureCheck, WitnessKey};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::Role;
use time::OffsetDateTime;

/// A cosignature as read, before witnesses are told apart.
struct Read<'t> {
    key: &'t TrustedKey,
    time: Option<Timestamp>,
    not_counted: Option<NotCounted>,
}

/// Which side of the manifest's `signed_at` a cosignature must be on to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimeRule {
    /// §15, the audit log's checkpoints: at or before `signed_at` (the DPO
    /// signed what the witnesses had seen).
    NotAfterSigning,
    /// §22 check 6, the seal's checkpoint: at or after `signed_at` (a
    /// signature cannot be logged before it was made).
    NotBeforeSigning,
}

/// The checkpoint whose cosignatures [`check`] judges.
pub(crate) struct On<'a> {
    /// The checkpoint as read.
    pub checkpoint: &'a Checkpoint,
    /// What its rows name it (`checkpoint_before`, `checkpoint_after`, `seal`).
    pub name: &'a str,
    /// Where its findings are located.
    pub location: &'a str,
    /// Its time rule.
    pub rule: TimeRule,
}

/// What [`check`] established of one checkpoint's cosignatures.
#[derive(Debug, Default)]
pub(crate) struct Cosigned {
    /// One row per cosignature, in the note's order.
    pub rows: Vec<CosignatureRow>,
    /// The earliest counting cosignature time of each distinct witness that
    /// counts, ascending: as many as the witnesses counted.
    pub earliest: Vec<OffsetDateTime>,
}

impl Cosigned {
    /// The k-th smallest of the witnesses' earliest times (§21, §22; `k`
    /// from 1): `None` with fewer than `k` counting witnesses.
    pub(crate) fn kth_earliest(&self, k: u64) -> Option<OffsetDateTime> {
        let k = usize::try_from(k).ok()?.checked_sub(1)?;
        self.earliest.get(k).copied()
    }
}

/// §15 on the checkpoint `on`: every line of a `witness` key of the store
/// is checked (whether or not the log's own signature verified);
/// `audit.cosignature_invalid` for one that fails, `time.out_of_order` for
/// one on the wrong side of the manifest's `signed_at` (see [`TimeRule`]).
pub(crate) fn check(
    on: &On<'_>,
    trust: Option<&TrustStore>,
    signed_at: Option<&Timestamp>,
    findings: &mut Findings,
) -> Cosigned {
    let Some(trust) = trust else {
        return Cosigned::default();
    };
    let witnesses: Vec<&TrustedKey> = trust
        .keys()
        .iter()
        .filter(|k| k.has_role(Role::Witness))
        .collect();
    let cp = on.checkpoint;
    let mut read = Vec::new();
    for line in &cp.note.signatures {
        for &key in &witnesses {
            let witness = WitnessKey {
                name: &key.key_id,
                public_key: &key.public_key,
            };
            match check_cosignature(&cp.note.text, line, &witness) {
                CosignatureCheck::NotByKey => continue,
                CosignatureCheck::Invalid(e) => {
                    findings.add(
                        Code::AuditCosignatureInvalid,
                        on.location,
                        message!(CosignatureInvalid, witness = quoted(&key.key_id), why = &e),
                    );
                    read.push(Read {
                        key,
                        time: None,
                        not_counted: Some(NotCounted::Invalid),
                    });
                }
                CosignatureCheck::Valid { timestamp } => {
                    read.push(judge_valid(key, timestamp, trust, signed_at, on, findings));
                }
            }
        }
    }
    rows(on.name, read)
}

/// A valid cosignature made at `timestamp`: it counts unless on the wrong
/// side of `signed_at` (`time.out_of_order`), outside the key's window, or
/// by a key the log or the DPO also holds.
fn judge_valid<'t>(
    key: &'t TrustedKey,
    timestamp: u64,
    trust: &TrustStore,
    signed_at: Option<&Timestamp>,
    on: &On<'_>,
    findings: &mut Findings,
) -> Read<'t> {
    // A time past the calendar's range is past any `signed_at` (§15: out of
    // order) and outside any key's window (§22: with no instant it could
    // never be a witness's earliest time, so it does not count).
    let time = i64::try_from(timestamp)
        .ok()
        .and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())
        .and_then(Timestamp::from_instant_utc);
    // No signing time to hold it against (a manifest finding): either rule holds.
    let out_of_order = match (on.rule, &time, signed_at) {
        (_, Some(_), None) => None,
        (TimeRule::NotAfterSigning, None, _) => Some(NotCounted::AfterSignedAt),
        (TimeRule::NotAfterSigning, Some(t), Some(signed)) => {
            (t.instant() > signed.instant()).then_some(NotCounted::AfterSignedAt)
        }
        (TimeRule::NotBeforeSigning, None, _) => None,
        (TimeRule::NotBeforeSigning, Some(t), Some(signed)) => {
            (t.instant() < signed.instant()).then_some(NotCounted::BeforeSignedAt)
        }
    };
    let shown = || {
        time.as_ref()
            .map_or(timestamp.to_string(), |t| t.raw().to_owned())
    };
    let not_counted = if let Some(why) = out_of_order {
        let (witness, at) = (quoted(&key.key_id), shown());
        findings.add(
            Code::TimeOutOfOrder,
            on.location,
            match why {
                NotCounted::BeforeSignedAt => {
                    message!(CosignedBeforeSigning, witness = witness, at = at)
                }
                _ => message!(CosignedAfterSigning, witness = witness, at = at),
            },
        );
        Some(why)
    } else if time.as_ref().is_none_or(|t| !key.valid_at(t.instant())) {
        Some(NotCounted::OutsideKeyWindow)
    } else if held_by_log_or_dpo(key, trust) {
        Some(NotCounted::LogOrDpoKey)
    } else {
        None
    };
    Read {
        key,
        time,
        not_counted,
    }
}

/// §15: a log cannot witness itself, nor the DPO the log.
fn held_by_log_or_dpo(key: &TrustedKey, trust: &TrustStore) -> bool {
    trust.keys().iter().any(|k| {
        k.public_key == key.public_key && (k.has_role(Role::AuditLog) || k.has_role(Role::Dpo))
    })
}

/// The rows, with the witnesses told apart: cosignatures that count and
/// share a public key or an `owner`, directly or through others, are one
/// witness, which counts once (on its first row), at its earliest
/// counting time.
fn rows(checkpoint: &str, read: Vec<Read<'_>>) -> Cosigned {
    let counting: Vec<usize> = (0..read.len())
        .filter(|&i| read[i].not_counted.is_none())
        .collect();
    // Union-find over the counting rows (a note has at most 100 lines).
    let mut group: Vec<usize> = (0..read.len()).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for (n, &i) in counting.iter().enumerate() {
        for &j in &counting[..n] {
            let (a, b) = (read[i].key, read[j].key);
            if a.public_key == b.public_key || a.owner == b.owner {
                let (ri, rj) = (root(&mut group, i), root(&mut group, j));
                group[ri.max(rj)] = ri.min(rj);
            }
        }
    }
    // Each witness (its group's root) and its earliest counting time; a
    // counting cosignature always has a time (see `judge_valid`).
    let mut witnesses: Vec<(usize, OffsetDateTime)> = Vec::new();
    for &i in &counting {
        let witness = root(&mut group, i);
        let Some(at) = read[i].time.as_ref().map(Timestamp::instant) else {
            continue;
        };
        match witnesses.iter_mut().find(|(w, _)| *w == witness) {
            Some((_, earliest)) => *earliest = (*earliest).min(at),
            None => witnesses.push((witness, at)),
        }
    }
    let mut earliest: Vec<OffsetDateTime> = witnesses.into_iter().map(|(_, at)| at).collect();
    earliest.sort();
    let mut seen = Vec::new();
    let rows = read
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let mut not_counted = r.not_counted;
            if not_counted.is_none() {
                let witness = root(&mut group, i);
                if seen.contains(&witness) {
                    not_counted = Some(NotCounted::SameWitness);
                } else {
                    seen.push(witness);
                }
            }
            CosignatureRow {
                checkpoint: checkpoint.to_owned(),
                witness: r.key.key_id.clone(),
                owner: r.key.owner.clone(),
                time: r.time.map(|t| t.raw().to_owned()),
                counted: not_counted.is_none(),
                not_counted,
            }
        })
        .collect();
    Cosigned { rows, earliest }
}

/// §15 on both checkpoints as §10 read them, into `summary`: the rows of
/// each, and the witnesses counting on `checkpoint_after`, whose earliest
/// times are returned (§21). A checkpoint that does not parse has no
/// cosignatures (§10 reported it).
pub(crate) fn check_witness(
    checkpoints: &crate::audit::Checkpoints,
    trust: Option<&TrustStore>,
    signed_at: Option<&Timestamp>,
    findings: &mut Findings,
    summary: &mut crate::report::AuditSummary,
) -> Cosigned {
    let mut after = Cosigned::default();
    for (name, cp) in checkpoints.named() {
        let location = format!("{}#/{name}", crate::audit::AUDIT);
        let on = On {
            checkpoint: cp,
            name,
            location: &location,
            rule: TimeRule::NotAfterSigning,
        };
        let cosigned = check(&on, trust, signed_at, findings);
        summary.cosignatures.extend(cosigned.rows.iter().cloned());
        if name == crate::audit::CHECKPOINT_AFTER {
            summary.witnesses_counted = cosigned.earliest.len();
            after = cosigned;
        }
    }
    after
}

/// §15's quorum: fewer witnesses counting on `checkpoint_after` than the
/// policy's `witness_quorum` is `audit.witness_quorum_not_met`.
pub(crate) fn check_quorum(
    counted: usize,
    trust: Option<&TrustStore>,
    member: &str,
    findings: &mut Findings,
) {
    let quorum = trust.map_or(0, |t| t.policy().witness_quorum);
    if (counted as u64) < quorum {
        findings.add(
            Code::AuditWitnessQuorumNotMet,
            member,
            message!(WitnessQuorumNotMet, counted = counted, quorum = quorum),
        );
    }
}
