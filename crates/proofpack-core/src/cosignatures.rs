//! Witness cosignatures (spec §15): the audit log corroborated by parties
//! other than its operator.
//!
//! [`check`] reads the cosignatures of one checkpoint (C2SP
//! `cosignature/v1` lines of trust-store keys with role `witness`) and says
//! of each whether it counts and, if not, why; [`check_quorum`] holds the
//! witnesses counted on `checkpoint_after` against the policy's
//! `witness_quorum`.

use crate::findings::{Code, Findings};
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

/// §15 on the checkpoint `cp` of `member`: every line of a `witness` key
/// of the store is checked (whether or not the log's own signature
/// verified); `audit.cosignature_invalid` for one that fails,
/// `time.out_of_order` for one made after the manifest's `signed_at`.
pub(crate) fn check(
    cp: &Checkpoint,
    name: &str,
    trust: Option<&TrustStore>,
    signed_at: Option<&Timestamp>,
    findings: &mut Findings,
) -> Vec<CosignatureRow> {
    let Some(trust) = trust else {
        return Vec::new();
    };
    let member = &format!("{}#/{name}", crate::audit::AUDIT);
    let witnesses: Vec<&TrustedKey> = trust
        .keys()
        .iter()
        .filter(|k| k.has_role(Role::Witness))
        .collect();
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
                        member,
                        format!("the cosignature of witness {:?}: {e}", key.key_id),
                    );
                    read.push(Read {
                        key,
                        time: None,
                        not_counted: Some(NotCounted::Invalid),
                    });
                }
                CosignatureCheck::Valid { timestamp } => {
                    read.push(judge_valid(
                        key, timestamp, trust, signed_at, member, findings,
                    ));
                }
            }
        }
    }
    rows(name, read)
}

/// A valid cosignature made at `timestamp`: it counts unless made after
/// `signed_at` (`time.out_of_order`), outside the key's window, or by a key
/// the log or the DPO also holds.
fn judge_valid<'t>(
    key: &'t TrustedKey,
    timestamp: u64,
    trust: &TrustStore,
    signed_at: Option<&Timestamp>,
    member: &str,
    findings: &mut Findings,
) -> Read<'t> {
    // A time past the calendar's range is past any `signed_at`.
    let time = i64::try_from(timestamp)
        .ok()
        .and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())
        .and_then(Timestamp::from_instant_utc);
    let after_signing = match (&time, signed_at) {
        (Some(t), Some(signed)) => t.instant() > signed.instant(),
        (None, _) => true,
        // No signing time to hold it against (a manifest finding).
        (Some(_), None) => false,
    };
    let not_counted = if after_signing {
        findings.add(
            Code::TimeOutOfOrder,
            member,
            format!(
                "witness {:?} cosigned at {}, after the manifest's signed_at",
                key.key_id,
                time.as_ref()
                    .map_or(timestamp.to_string(), |t| t.raw().to_owned())
            ),
        );
        Some(NotCounted::AfterSignedAt)
    } else if time.as_ref().is_some_and(|t| !key.valid_at(t.instant())) {
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
/// witness, which counts once (on its first row).
fn rows(checkpoint: &str, read: Vec<Read<'_>>) -> Vec<CosignatureRow> {
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
    let mut seen = Vec::new();
    read.into_iter()
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
        .collect()
}

/// §15 on both checkpoints as §10 read them, into `summary`: the rows of
/// each, and the witnesses counting on `checkpoint_after`. A checkpoint that
/// does not parse has no cosignatures (§10 reported it).
pub(crate) fn check_witness(
    checkpoints: &crate::audit::Checkpoints,
    trust: Option<&TrustStore>,
    signed_at: Option<&Timestamp>,
    findings: &mut Findings,
    summary: &mut crate::report::AuditSummary,
) {
    for (name, cp) in checkpoints.named() {
        let rows = check(cp, name, trust, signed_at, findings);
        if name == crate::audit::CHECKPOINT_AFTER {
            summary.witnesses_counted = rows.iter().filter(|r| r.counted).count();
        }
        summary.cosignatures.extend(rows);
    }
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
            format!(
                "{counted} witness(es) count on checkpoint_after; the policy asks for {quorum}"
            ),
        );
    }
}
