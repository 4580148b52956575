//! The verifier: parse, then verify, in the order of the spec's sections.
//! Every check runs on whatever earlier checks could parse, and reports into
//! one [`Findings`]; the checks that pass are recorded beside them, and the
//! verdict is derived from both at the end (§12).

use crate::archive::{read_archive, Limits, ReadError};
use crate::findings::{Code, Effect, Findings, MissingEvidence, Passed, SuccessCode};
use crate::manifest::{self, Manifest, MANIFEST};
use crate::probes::{self, VERIFICATION};
use crate::receipts;
use crate::report::{Meta, PackInfo, ReceiptRow, Report, Sections, TierRow};
use crate::request::{self, Request, REQUEST};
use crate::signature;
use crate::sla::{self, SlaInput};
use crate::steps::{self, StepRecord};
use crate::trust::{self, TrustStore};
use crate::{audit, provenance};
use proofpack_spec::encoding::hex;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{DataClass, MemberName};
use std::io::Read;

/// Why [`verify`] gave no report.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The input could not be read (not a property of the pack).
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A verdict would have been given without its positive evidence: a bug
    /// of the verifier, reported loudly rather than as a verdict.
    #[error(transparent)]
    Internal(#[from] MissingEvidence),
}

/// Verifies a `proof.tar.gz` stream against a trust store (`None`: no
/// trust store was configured). `input_name` is how the caller names the
/// input (a path, or `-` for standard input); with the trust store's
/// identity and the time, it is the report's `meta`.
///
/// Only a failure to read `input` (or an internal error of the verifier) is
/// an `Err`; everything about the pack is a finding in the returned
/// [`Report`].
pub fn verify<R: Read>(
    input: R,
    input_name: &str,
    trust: Option<&TrustStore>,
    limits: &Limits,
) -> Result<Report, VerifyError> {
    let mut run = Run {
        meta: Meta::now(input_name, trust.map(|t| t.identity().clone())),
        ..Run::default()
    };

    // §1 Container.
    let archive = read_archive(input, limits, &mut run.findings)?;
    run.pack = PackInfo {
        sha256: hex(&archive.sha256),
        size: archive.size,
        member_count: archive.members.len(),
        ..PackInfo::default()
    };
    run.members = crate::inspect::listing_against(&archive, None);
    if archive.unreadable {
        return run.finish();
    }
    run.passed(
        SuccessCode::ArchiveRead,
        "the archive was read to its end within the limits",
    );
    let findings = &mut run.findings;
    for name in MemberName::REQUIRED {
        if !archive.has(*name) {
            findings.add(
                Code::ArchiveMissingMember,
                *name,
                format!("the required member {name} is absent"),
            );
        }
    }
    if let Some(text) = archive.content(MemberName::Attestation) {
        check_attestation(text, findings);
    }

    // §2 Manifest.
    let manifest_bytes = archive.content(MANIFEST);
    let manifest = manifest_bytes
        .and_then(|b| manifest::parse(b, findings))
        .unwrap_or_default();
    let files_hashed = manifest
        .files
        .as_ref()
        .is_some_and(|files| manifest::check_files(files, &archive, findings));
    if let Some(subject) = &manifest.subject_id {
        request::check_subject(subject, &format!("{MANIFEST}#/subject_id"), findings);
    }

    // §3 Signature and §4 trust.
    let sig = archive
        .content(signature::SIGNATURE)
        .and_then(|b| signature::parse(b, findings));
    if let (Some(sig), Some(key_id)) = (&sig, &manifest.signature_key_id) {
        signature::check_key_id(sig, key_id, findings);
    }
    let trusted_key = trust::check(&manifest, trust, findings);
    let signing_key = manifest
        .signature_key_id
        .as_deref()
        .and_then(|id| trust.and_then(|t| t.key(id)));
    let signature_verified = match (&sig, manifest_bytes, signing_key) {
        (Some(sig), Some(bytes), Some(key)) => {
            signature::check(sig, bytes, &key.public_key, findings)
        }
        _ => false,
    };

    // §5 Request.
    let request = archive
        .content(REQUEST)
        .and_then(|b| request::parse(b, findings));
    if let Some(r) = &request {
        compare_with_manifest(r, &manifest, findings);
        if let Some(subject) = &r.subject_id {
            request::check_subject(subject, &format!("{REQUEST}#/subject_id"), findings);
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
            legal_basis: request.legal_basis.or(manifest.legal_basis),
            received_at,
            sla_deadline: request
                .sla_deadline
                .as_ref()
                .or(manifest.sla_deadline.as_ref()),
            extension: request.extension.as_ref(),
            extension_malformed: request.extension_malformed,
            completed_at: manifest.completed_at.as_ref(),
        },
        findings,
    );

    // §7 Steps.
    let steps = archive
        .content(steps::STEPS)
        .map(|b| steps::parse(b, findings))
        .unwrap_or_default();
    if archive.has(steps::STEPS) {
        steps::check(&steps, &data_classes, findings);
    }

    // §8 Probes.
    let verification = archive
        .content(VERIFICATION)
        .and_then(|b| probes::parse(b, findings));
    if let Some(v) = &verification {
        probes::check_required(v, &data_classes, findings);
        check_independence(v, &steps, findings);
    }
    let verified_at = verification.as_ref().and_then(|v| v.verified_at.as_ref());
    check_step_times(&steps, received_at, verified_at, findings);
    check_chain(
        &[
            (verified_at, "verification.json#/verified_at"),
            (
                manifest.completed_at.as_ref(),
                "manifest.json#/completed_at",
            ),
            (manifest.signed_at.as_ref(), "manifest.json#/signed_at"),
        ],
        findings,
    );

    // §9 Receipts.
    let receipts = archive
        .content(receipts::RECEIPTS)
        .map(|b| receipts::parse(b, findings))
        .unwrap_or_default();
    if archive.has(receipts::RECEIPTS) {
        receipts::check(&receipts, manifest.subprocessors.as_deref(), findings);
    }

    // §10 Audit witness.
    let request_id = manifest
        .request_id
        .as_deref()
        .or(request.request_id.as_deref());
    let audit_summary = archive
        .content(audit::AUDIT)
        .and_then(|b| audit::parse(b, findings))
        .map(|w| audit::check(&w, trust, request_id, &steps, findings))
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
    let provenance_summary = match archive.content(provenance::PROVENANCE) {
        Some(b) => {
            let graph = provenance::parse(b, findings);
            provenance::check(&graph, findings)
        }
        None => {
            if data_classes.contains(&DataClass::Derivatives) {
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
    check_all_clear(&manifest, findings);

    // The positive evidence that §12's verdicts other than untrusted and
    // invalid need.
    if files_hashed {
        run.passed(
            SuccessCode::FilesHashed,
            "every file the manifest lists is present with its SHA-256 and size",
        );
    }
    if signature_verified && trusted_key.is_some() {
        run.passed(
            SuccessCode::SignatureTrusted,
            "the signature verified with a key trusted for the signer at signed_at",
        );
    }
    if audit_summary.checkpoints_verified && audit_summary.consistency_verified {
        run.passed(
            SuccessCode::CheckpointsVerified,
            "both checkpoints verified with the log's key, and the consistency proof between them",
        );
    }
    if archive.has(audit::AUDIT) && audit_summary.entries_proved == audit_summary.entries {
        run.passed(
            SuccessCode::EntriesProved,
            "every audit-log entry is proved included in the after-tree",
        );
    }

    fill_pack_info(&mut run.pack, &manifest, signature_verified);
    run.pack.all_clear_recomputed = !run.findings.has_effect(Effect::Incomplete);
    run.pack.signer_key_fingerprint = signing_key.map(|k| trust::fingerprint(&k.public_key));
    run.pack.signer_key_owner = signing_key.map(|k| k.owner.clone());
    run.pack.attestation = archive
        .content(MemberName::Attestation)
        .and_then(|b| std::str::from_utf8(b).ok())
        .map(str::to_owned);
    if let Some(v) = &verification {
        run.pack.probes_code_ref = v.code_ref.clone();
        run.pack.probes_verified_at = v.verified_at.as_ref().map(|t| t.raw().to_owned());
    }
    run.members = crate::inspect::listing_against(&archive, manifest_bytes.map(|_| &manifest));
    run.tiers = TierRow::rows(
        &data_classes,
        &steps,
        |probe| verification.as_ref().and_then(|v| v.count(probe)),
        audit_summary.pii_disclosed,
    );
    run.sla = timeline;
    run.receipts = ReceiptRow::rows(&receipts);
    run.audit = audit_summary;
    run.provenance = provenance_summary;
    run.finish()
}

/// What one verification has established so far.
#[derive(Default)]
struct Run {
    findings: Findings,
    passed: Vec<Passed>,
    pack: PackInfo,
    tiers: Vec<TierRow>,
    sla: sla::Timeline,
    receipts: Vec<ReceiptRow>,
    audit: audit::AuditSummary,
    provenance: provenance::ProvenanceSummary,
    members: Vec<crate::report::MemberInfo>,
    meta: Meta,
}

impl Run {
    fn passed(&mut self, code: SuccessCode, message: &str) {
        self.passed.push(Passed::new(code, message));
    }

    fn finish(self) -> Result<Report, VerifyError> {
        let sections = Sections {
            pack: self.pack,
            tiers: self.tiers,
            sla: self.sla,
            receipts: self.receipts,
            audit: self.audit,
            provenance: self.provenance,
            members: self.members,
        };
        Ok(Report::conclude(
            self.findings.into_vec(),
            self.passed,
            sections,
            self.meta,
        )?)
    }
}

fn fill_pack_info(pack: &mut PackInfo, m: &Manifest, signature_verified: bool) {
    pack.pack_id = m.pack_id.clone();
    pack.request_id = m.request_id.clone();
    pack.tenant_id = m.tenant_id.clone();
    pack.legal_basis = m.legal_basis;
    pack.signer = m.signer.clone();
    pack.cascade_runner = m.cascade_runner.clone();
    pack.signature_key_id = m.signature_key_id.clone();
    let raw = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
    pack.signed_at = raw(&m.signed_at);
    pack.received_at = raw(&m.received_at);
    pack.completed_at = raw(&m.completed_at);
    pack.subject_id = m.subject_id.clone();
    pack.subprocessors = m.subprocessors.clone().unwrap_or_default();
    pack.all_clear_claimed = m.all_clear;
    pack.signature_verified = signature_verified;
}

/// §12: the signer's `all_clear` against the recomputed completeness.
fn check_all_clear(manifest: &Manifest, findings: &mut Findings) {
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
}

/// §8: the probes must not run the cascade's own code.
fn check_independence(v: &probes::Verification, steps: &[StepRecord], findings: &mut Findings) {
    let Some(code_ref) = &v.code_ref else {
        return;
    };
    if let Some(s) = steps.iter().find(|s| s.code_ref.as_ref() == Some(code_ref)) {
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

/// `attestation.txt`: valid UTF-8 with at least one non-White_Space character.
fn check_attestation(text: &[u8], findings: &mut Findings) {
    let ok = std::str::from_utf8(text).is_ok_and(|s| s.chars().any(|c| !c.is_whitespace()));
    if !ok {
        findings.add(
            Code::AttestationEmpty,
            MemberName::Attestation,
            "the attestation is not UTF-8 text with at least one visible character",
        );
    }
}

/// §2: members the manifest repeats from `request.json` must be equal.
fn compare_with_manifest(r: &Request, m: &Manifest, findings: &mut Findings) {
    let ts = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
    let pairs = [
        ("request_id", r.request_id.clone(), m.request_id.clone()),
        ("tenant_id", r.tenant_id.clone(), m.tenant_id.clone()),
        ("subject_id", r.subject_id.clone(), m.subject_id.clone()),
        (
            "legal_basis",
            r.legal_basis.map(|b| b.to_string()),
            m.legal_basis.map(|b| b.to_string()),
        ),
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
    steps: &[StepRecord],
    received_at: Option<&Timestamp>,
    verified_at: Option<&Timestamp>,
    findings: &mut Findings,
) {
    for s in steps {
        let at = s.location();
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
