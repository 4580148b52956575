//! The verifier: parse, then verify, in the order of the spec's sections.
//! Every check runs on whatever earlier checks could parse, and reports into
//! one [`Findings`]; the verdict is derived from them at the end.

use crate::archive::{read_archive, Limits, ReadError};
use crate::findings::{Code, Effect, Findings, Verdict};
use crate::manifest::{self, Manifest, MANIFEST};
use crate::probes::{self, VERIFICATION};
use crate::receipts::{self, RECEIPTS};
use crate::report::{PackInfo, ReceiptRow, Report, TierRow, REPORT_FORMAT};
use crate::request::{self, Request, REQUEST};
use crate::schema::hex;
use crate::signature::{self, SIGNATURE};
use crate::sla::{self, SlaInput};
use crate::steps::{self, Step, CASCADE, STEPS};
use crate::timestamp::Timestamp;
use crate::trust::{Role, TrustStore};
use crate::{audit, provenance};
use std::io::Read;

/// The attestation member.
pub const ATTESTATION: &str = "attestation.txt";

/// Members every pack must hold at its root (§1).
pub const REQUIRED_MEMBERS: &[&str] = &[
    MANIFEST,
    SIGNATURE,
    REQUEST,
    STEPS,
    VERIFICATION,
    RECEIPTS,
    audit::AUDIT,
    ATTESTATION,
];

/// Verifies a `proof.tar.gz` stream against a trust store (`None`: no
/// trust store was configured).
///
/// Only a failure to read `input` is an `Err`; everything about the pack is
/// a finding in the returned [`Report`].
pub fn verify<R: Read>(
    input: R,
    trust: Option<&TrustStore>,
    limits: &Limits,
) -> Result<Report, ReadError> {
    let mut findings = Findings::new();
    // §1 Container.
    let archive = read_archive(input, limits, &mut findings)?;
    let mut pack = PackInfo {
        sha256: hex(&archive.sha256),
        size: archive.size,
        members: archive.members.len(),
        ..PackInfo::default()
    };
    if archive.unreadable {
        return Ok(finish(findings, pack, Default::default()));
    }
    let content = |name: &str| archive.member(name).and_then(|m| m.content.as_deref());
    for name in REQUIRED_MEMBERS {
        if archive.member(name).is_none() {
            findings.add(
                Code::ArchiveMissingMember,
                *name,
                format!("the required member {name} is absent"),
            );
        }
    }
    if let Some(text) = content(ATTESTATION) {
        check_attestation(text, &mut findings);
    }

    // §2 Manifest.
    let manifest_bytes = content(MANIFEST);
    let manifest = manifest_bytes
        .and_then(|b| manifest::parse(b, &mut findings))
        .unwrap_or_default();
    if let Some(files) = &manifest.files {
        manifest::check_files(files, &archive, &mut findings);
    }
    if let Some(subject) = &manifest.subject_id {
        request::check_subject(subject, &format!("{MANIFEST}#/subject_id"), &mut findings);
    }
    fill_pack_info(&mut pack, &manifest);

    // §3 Signature and §4 trust.
    let sig = content(SIGNATURE).and_then(|b| signature::parse(b, &mut findings));
    if let (Some(sig), Some(key_id)) = (&sig, &manifest.signature_key_id) {
        if &sig.key_id != key_id {
            findings.add(
                Code::SignatureKeyIdMismatch,
                format!("{SIGNATURE}#/key_id"),
                format!(
                    "signature.sig names key {:?}, the manifest {key_id:?}",
                    sig.key_id
                ),
            );
        }
    }
    check_trust(&manifest, trust, &mut findings);
    if let (Some(sig), Some(bytes), Some(key)) = (
        &sig,
        manifest_bytes,
        manifest
            .signature_key_id
            .as_deref()
            .and_then(|id| trust.and_then(|t| t.key(id))),
    ) {
        pack.signature_verified = signature::check(sig, bytes, &key.public_key, &mut findings);
    }

    // §5 Request.
    let request = content(REQUEST).and_then(|b| request::parse(b, &mut findings));
    if let Some(r) = &request {
        compare_with_manifest(r, &manifest, &mut findings);
        if let Some(subject) = &r.subject_id {
            request::check_subject(subject, &format!("{REQUEST}#/subject_id"), &mut findings);
        }
    }
    let request = request.unwrap_or_default();
    let data_classes = request.data_classes.clone().unwrap_or_default();
    let received_at = request
        .received_at
        .as_ref()
        .or(manifest.received_at.as_ref());

    // §6 SLA.
    let timeline = sla::check(
        &SlaInput {
            legal_basis: request
                .legal_basis
                .as_deref()
                .or(manifest.legal_basis.as_deref()),
            received_at,
            sla_deadline: request
                .sla_deadline
                .as_ref()
                .or(manifest.sla_deadline.as_ref()),
            extension: request.extension.as_ref(),
            extension_malformed: request.extension_malformed,
            completed_at: manifest.completed_at.as_ref(),
        },
        &mut findings,
    );

    // §7 Steps.
    let steps = content(STEPS)
        .map(|b| steps::check(b, &mut findings))
        .unwrap_or_default();
    if archive.member(STEPS).is_some() {
        steps::check_required(&steps, &data_classes, &mut findings);
    }

    // §8 Probes.
    let verification = content(VERIFICATION).and_then(|b| probes::parse(b, &mut findings));
    if let Some(v) = &verification {
        probes::check_required(v, &data_classes, &mut findings);
        if let Some(code_ref) = &v.code_ref {
            if let Some(s) = steps.iter().find(|s| &s.code_ref == code_ref) {
                findings.add(
                    Code::IndependenceSameCodePath,
                    format!("{VERIFICATION}#/code_ref"),
                    format!(
                        "the probes ran the cascade's own code ({code_ref}, as step {})",
                        s.step
                    ),
                );
            }
        }
    }
    let verified_at = verification.as_ref().and_then(|v| v.verified_at.as_ref());
    check_step_times(&steps, received_at, verified_at, &mut findings);
    check_chain(
        &[
            (verified_at, "verification.json#/verified_at"),
            (
                manifest.completed_at.as_ref(),
                "manifest.json#/completed_at",
            ),
            (manifest.signed_at.as_ref(), "manifest.json#/signed_at"),
        ],
        &mut findings,
    );

    // §9 Receipts.
    let receipts = content(RECEIPTS)
        .map(|b| receipts::check(b, manifest.subprocessors.as_deref(), &mut findings))
        .unwrap_or_default();

    // §10 Audit witness.
    let request_id = manifest
        .request_id
        .as_deref()
        .or(request.request_id.as_deref());
    let audit_summary = content(audit::AUDIT)
        .map(|b| audit::check(b, trust, request_id, &steps, &mut findings))
        .unwrap_or_default();
    if let (Some(claimed), Some(computed)) = (
        verification.as_ref().and_then(|v| v.unredacted_pii_count),
        audit_summary.pii_disclosed,
    ) {
        if claimed != computed {
            findings.add(
                Code::ProbesAuditMismatch,
                format!("{VERIFICATION}#/probes/audit_log_redacted"),
                format!("the probe reports {claimed} unredacted PII fields, the audit witness shows {computed}"),
            );
        }
    }

    // §11 Provenance.
    let provenance_summary = match content(provenance::PROVENANCE) {
        Some(b) => provenance::check(b, &mut findings),
        None => {
            if data_classes.iter().any(|c| c == "derivatives") {
                findings.add(
                    Code::ProvenanceMissing,
                    provenance::PROVENANCE,
                    "derivatives were requested but the pack has no provenance graph",
                );
            }
            Default::default()
        }
    };

    // §12 Completeness against the signer's claim.
    let incomplete = findings.has_effect(Effect::Incomplete);
    match manifest.all_clear {
        Some(true) if incomplete => findings.add(
            Code::ManifestAllClearFalseClaim,
            format!("{MANIFEST}#/all_clear"),
            "all_clear is true but the erasure is not complete",
        ),
        Some(false) if !incomplete => findings.add(
            Code::ManifestAllClearUnderstated,
            format!("{MANIFEST}#/all_clear"),
            "all_clear is false but nothing incomplete was found",
        ),
        _ => {}
    }

    let extras = Extras {
        tiers: tier_rows(
            &data_classes,
            &steps,
            verification.as_ref(),
            audit_summary.pii_disclosed,
        ),
        sla: timeline,
        receipts: {
            let erased = receipts::erased_subprocessors(&receipts);
            receipts
                .iter()
                .map(|r| ReceiptRow {
                    receipt: r.clone(),
                    subprocessor_erased: erased.contains(r.subprocessor.as_str()),
                })
                .collect()
        },
        audit: audit_summary,
        provenance: provenance_summary,
    };
    Ok(finish(findings, pack, extras))
}

#[derive(Default)]
struct Extras {
    tiers: Vec<TierRow>,
    sla: sla::Timeline,
    receipts: Vec<ReceiptRow>,
    audit: audit::AuditSummary,
    provenance: provenance::ProvenanceSummary,
}

fn finish(findings: Findings, pack: PackInfo, extras: Extras) -> Report {
    let findings = findings.into_vec();
    Report {
        format: REPORT_FORMAT,
        verdict: Verdict::from_findings(&findings),
        findings,
        pack,
        tiers: extras.tiers,
        sla: extras.sla,
        receipts: extras.receipts,
        audit: extras.audit,
        provenance: extras.provenance,
    }
}

fn fill_pack_info(pack: &mut PackInfo, m: &Manifest) {
    pack.pack_id = m.pack_id.clone();
    pack.request_id = m.request_id.clone();
    pack.tenant_id = m.tenant_id.clone();
    pack.legal_basis = m.legal_basis.clone();
    pack.signer = m.signer.clone();
    pack.cascade_runner = m.cascade_runner.clone();
    pack.signature_key_id = m.signature_key_id.clone();
    pack.signed_at = m.signed_at.as_ref().map(|t| t.raw().to_owned());
    pack.all_clear_claimed = m.all_clear;
}

/// `attestation.txt`: valid UTF-8 with at least one non-White_Space character.
fn check_attestation(text: &[u8], findings: &mut Findings) {
    let ok = std::str::from_utf8(text).is_ok_and(|s| s.chars().any(|c| !c.is_whitespace()));
    if !ok {
        findings.add(
            Code::AttestationEmpty,
            ATTESTATION,
            "the attestation is not UTF-8 text with at least one visible character",
        );
    }
}

/// §4: checks of the pack signature's key at the manifest's `signed_at`, and
/// segregation of duties.
fn check_trust(m: &Manifest, trust: Option<&TrustStore>, findings: &mut Findings) {
    const AT: &str = "manifest.json#/signature_key_id";
    let key = match (trust, &m.signature_key_id) {
        (None, _) => {
            findings.add(
                Code::TrustNotConfigured,
                SIGNATURE,
                "no trust store was given: the signer cannot be trusted",
            );
            None
        }
        (Some(_), None) => None,
        (Some(store), Some(id)) => {
            let key = store.key(id);
            if key.is_none() {
                findings.add(
                    Code::TrustKeyUnknown,
                    AT,
                    format!("key {id:?} is not in the trust store"),
                );
            }
            key
        }
    };
    if let Some(key) = key {
        if let Some(signed) = &m.signed_at {
            let before = key
                .not_before
                .as_ref()
                .is_some_and(|nb| signed.instant() < nb.instant());
            let after = key
                .not_after
                .as_ref()
                .is_some_and(|na| signed.instant() > na.instant());
            if before || after {
                findings.add(
                    Code::TrustKeyNotValidAtSigning,
                    AT,
                    format!(
                        "key {:?} is not valid at signed_at {}",
                        key.key_id,
                        signed.raw()
                    ),
                );
            }
            if let Some(revoked) = &key.revoked_at {
                if revoked.instant() <= signed.instant() {
                    findings.add(
                        Code::TrustKeyRevoked,
                        AT,
                        format!(
                            "key {:?} was revoked at {}, before signing",
                            key.key_id,
                            revoked.raw()
                        ),
                    );
                } else {
                    findings.add(
                        Code::TrustKeyRevokedLater,
                        AT,
                        format!(
                            "key {:?} was revoked at {}, after the claimed signed_at (the signer's own word)",
                            key.key_id,
                            revoked.raw()
                        ),
                    );
                }
            }
        }
        if !key.has_role(Role::Dpo) {
            findings.add(
                Code::TrustRoleMissing,
                AT,
                format!("key {:?} lacks the dpo role", key.key_id),
            );
        }
        if m.signer.as_deref().is_some_and(|s| s != key.owner) {
            findings.add(
                Code::TrustSignerMismatch,
                "manifest.json#/signer",
                format!("the key belongs to {:?}, not to the signer", key.owner),
            );
        }
    }
    if let Some(runner) = &m.cascade_runner {
        let signer_runs = m.signer.as_ref() == Some(runner);
        let owner_runs = key.is_some_and(|k| &k.owner == runner);
        if signer_runs || owner_runs {
            findings.add(
                Code::SodSignerIsRunner,
                "manifest.json#/cascade_runner",
                "the engineer who ran the cascade also signs the proof",
            );
        }
    }
}

/// §2: members the manifest repeats from `request.json` must be equal.
fn compare_with_manifest(r: &Request, m: &Manifest, findings: &mut Findings) {
    let ts = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
    let pairs = [
        ("request_id", r.request_id.clone(), m.request_id.clone()),
        ("tenant_id", r.tenant_id.clone(), m.tenant_id.clone()),
        ("subject_id", r.subject_id.clone(), m.subject_id.clone()),
        ("legal_basis", r.legal_basis.clone(), m.legal_basis.clone()),
        ("received_at", ts(&r.received_at), ts(&m.received_at)),
        ("sla_deadline", ts(&r.sla_deadline), ts(&m.sla_deadline)),
    ];
    for (name, in_request, in_manifest) in pairs {
        if let (Some(a), Some(b)) = (in_request, in_manifest) {
            if a != b {
                findings.add(
                    Code::ManifestFieldMismatch,
                    format!("{MANIFEST}#/{name}"),
                    format!("{name} is {b:?} in the manifest but {a:?} in request.json"),
                );
            }
        }
    }
}

/// `received_at` ≤ `started_at` ≤ `ended_at` ≤ `verified_at` for every step (§7).
fn check_step_times(
    steps: &[Step],
    received_at: Option<&Timestamp>,
    verified_at: Option<&Timestamp>,
    findings: &mut Findings,
) {
    for s in steps {
        let at = format!("{STEPS}:{}", s.line);
        check_chain(
            &[
                (received_at, "request.json#/received_at"),
                (s.started_at.as_ref(), &format!("{at}#/started_at")),
                (s.ended_at.as_ref(), &format!("{at}#/ended_at")),
                (verified_at, "verification.json#/verified_at"),
            ],
            findings,
        );
    }
}

/// Reports `time.out_of_order` where a known timestamp of `chain` is after a
/// later one.
fn check_chain(chain: &[(Option<&Timestamp>, &str)], findings: &mut Findings) {
    for (i, (earlier, earlier_at)) in chain.iter().enumerate() {
        for (later, later_at) in chain.iter().skip(i + 1) {
            if let (Some(e), Some(l)) = (earlier, later) {
                if e.instant() > l.instant() {
                    findings.add(
                        Code::TimeOutOfOrder,
                        *later_at,
                        format!(
                            "{later_at} ({}) is before {earlier_at} ({})",
                            l.raw(),
                            e.raw()
                        ),
                    );
                }
            }
        }
    }
}

fn tier_rows(
    data_classes: &[String],
    steps: &[Step],
    verification: Option<&probes::Verification>,
    pii: Option<u64>,
) -> Vec<TierRow> {
    CASCADE
        .iter()
        .map(|tier| {
            let step = steps.iter().find(|s| s.step == *tier);
            let residue = match *tier {
                "audit_log" => verification.and_then(|v| v.unredacted_pii_count).or(pii),
                _ => verification.and_then(|v| v.residue.get(*tier).copied()),
            };
            TierRow {
                tier: (*tier).to_owned(),
                requested: matches!(*tier, "subprocessor" | "audit_log")
                    || data_classes.iter().any(|c| c == tier),
                status: step.map(|s| s.status.clone()),
                before_count: step.map(|s| s.before_count),
                after_count: step.map(|s| s.after_count),
                residue,
            }
        })
        .collect()
}
