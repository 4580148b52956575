//! The verifier: parse, then verify, in the order of the spec's sections.
//! Every check runs on whatever earlier checks could parse, and reports into
//! one [`Findings`]; the checks that pass are recorded beside them, and the
//! verdict is derived from both at the end (§12).

use crate::archive::{
    read_archive, read_archive_hashing, Archive, Limits, MemberHasher, ReadError,
};
pub use crate::cancel::Cancel;
use crate::cosignatures;
use crate::findings::{Code, Effect, Findings, MissingEvidence, Passed, SuccessCode};
use crate::manifest::{self, Manifest, MANIFEST};
use crate::messages::{message, quoted};
use crate::probes::{self, PROBE_RESULTS};
use crate::receipts;
use crate::register_facts::RegisterFacts;
use crate::report::{Meta, PackInfo, Report, Sections, SupersededPack};
use crate::request::{self, Request, REQUEST};
use crate::signature;
use crate::sla::{self, SlaInput};
use crate::steps::{self, StepRecord};
use crate::trust::{self, TrustStore, TrustedKey};
use crate::{audit, provenance, witnessed};
use proofpack_spec::encoding::hex;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{DataClass, MemberName};
use sha2::{Digest as _, Sha256};
use std::io::Read;

/// Why [`verify`] gave no report. Its words never name the input: each
/// front end says which pack it was as it lists packs (a path, a file name,
/// a line of a batch).
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The pack file could not be opened ([`crate::PackFile::open`]).
    #[error("{source}")]
    Open {
        /// The path as given.
        path: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The input could not be read (not a property of the pack).
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A verdict would have been given without its positive evidence: a bug
    /// of the verifier, reported loudly rather than as a verdict.
    #[error(transparent)]
    Internal(#[from] MissingEvidence),
    /// The caller cancelled the verification ([`Cancel`]) before it ended.
    #[error("the verification was cancelled")]
    Cancelled,
}

impl Cancel {
    /// `Err(Cancelled)` once the flag is raised.
    fn check(&self) -> Result<(), VerifyError> {
        if self.is_cancelled() {
            return Err(VerifyError::Cancelled);
        }
        Ok(())
    }
}

/// Verifies a `proof.tar.gz` stream against a trust store (`None`: no
/// trust store was configured). `input_name` is how the caller names the
/// input (a path, or `-` for standard input); with the trust store's
/// identity and the time, it is the report's `meta`.
///
/// Only a failure to read `input` (or an internal error of the verifier) is
/// an `Err`; everything about the pack is a finding in the returned
/// [`Report`].
///
/// The sections run in the spec's order, each a stage that returns only
/// what it established, which the later stages take as their input.
pub fn verify<R: Read>(
    input: R,
    input_name: &str,
    trust: Option<&TrustStore>,
    limits: &Limits,
) -> Result<Report, VerifyError> {
    verify_until(input, input_name, trust, limits, &Cancel::new())
}

/// [`verify`], stopped with [`VerifyError::Cancelled`] once `cancel` is
/// raised (looked at between the spec's sections and every few thousand
/// records of a section's long loops; a caller that also wants the reading
/// stopped makes `input` fail once it is raised).
pub fn verify_until<R: Read>(
    input: R,
    input_name: &str,
    trust: Option<&TrustStore>,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<Report, VerifyError> {
    let mut run = Run::new(input_name, trust);
    let archive = read_archive(input, limits, &mut run.findings)?;
    check_archive(archive, trust, cancel, run)
}

/// [`verify_until`], the content of members of 1 MiB or more hashed by
/// `hasher` while the pack is inflated, rather than on a second thread:
/// for a caller that cannot start threads but has somewhere else to hash
/// (the browser's verifier, which hashes in a second Web Worker). The
/// report is the one [`verify_until`] gives, as long as `hasher` gives each
/// member's SHA-256.
pub fn verify_with_hasher<R: Read>(
    input: R,
    input_name: &str,
    trust: Option<&TrustStore>,
    limits: &Limits,
    cancel: &Cancel,
    hasher: Box<dyn MemberHasher>,
) -> Result<Report, VerifyError> {
    let mut run = Run::new(input_name, trust);
    let archive = read_archive_hashing(input, limits, hasher, &mut run.findings)?;
    check_archive(archive, trust, cancel, run)
}

/// §1 on what the reader established, then the other sections.
fn check_archive(
    archive: Archive,
    trust: Option<&TrustStore>,
    cancel: &Cancel,
    mut run: Run,
) -> Result<Report, VerifyError> {
    // §1 Container.
    run.sections.pack = PackInfo {
        sha256: hex(&archive.sha256),
        size: archive.size,
        member_count: archive.members.len(),
        ..PackInfo::default()
    };
    if archive.unreadable {
        // No manifest to list the members against: what was read, as is.
        run.sections.members = crate::inspect::listing_against(&archive, None);
        return run.finish();
    }
    run.passed(
        SuccessCode::ArchiveRead,
        "the archive was read to its end within the limits",
    );
    check_container(&archive, &mut run.findings);

    cancel.check()?;
    check_sections(&archive, trust, cancel, run)
}

/// §2 to §12 and §21-§22 on an archive read whole, looking at `cancel`
/// after each section (the long loops inside look at it too), then the
/// report.
fn check_sections(
    archive: &Archive,
    trust: Option<&TrustStore>,
    cancel: &Cancel,
    mut run: Run,
) -> Result<Report, VerifyError> {
    let findings = &mut run.findings;
    let manifest = ReadManifest::check(archive, findings); // §2
    let mut signer = Signer::check(archive, &manifest, trust, findings); // §3, §4
    let mut request = ReadRequest::check(archive, &manifest.manifest, findings); // §5, §6
    cancel.check()?;
    let cascade = Cascade::check(archive, &manifest.manifest, &request, cancel, findings); // §7, §8
    cancel.check()?;
    let (receipts, judged) = check_receipts(archive, &manifest.manifest, trust, cancel, findings); // §9
    cancel.check()?;
    let facts = &mut run.sections.facts;
    steps::open_items(&cascade.steps, &mut facts.open_items); // §19
    receipts::open_items(&receipts, &mut facts.open_items); // §19
    let log = check_witness(
        archive,
        &manifest.manifest,
        (&request, &cascade),
        trust,
        cancel,
        findings,
        facts,
    ); // §10, §15
    cancel.check()?;
    let provenance = check_provenance(archive, &request.data_classes, cancel, findings, facts); // §11
    let corroborated = Corroborated::check(
        (&manifest, &mut signer, &mut request),
        &log,
        trust,
        findings,
    ); // §21, §22
    check_all_clear(&manifest.manifest, findings); // §12
    cancel.check()?;

    run.record_evidence(archive, &manifest, &signer, &log.summary);
    let attested = judged.all_attested(&receipts, manifest.manifest.subprocessors.as_deref());
    run.record_corroboration(&log.summary, attested, &corroborated);
    run.sections.pack = pack_info(
        run.sections.pack,
        archive,
        &manifest.manifest,
        &signer,
        &cascade,
    );
    run.sections.pack.all_clear_recomputed = !run.findings.has_effect(Effect::Incomplete);
    run.sections.members =
        crate::inspect::listing_against(archive, manifest.bytes.map(|_| &manifest.manifest));
    run.sections.tiers = steps::tier_rows(
        &request.data_classes,
        &cascade.steps,
        |probe| cascade.probe_results.as_ref().and_then(|v| v.count(probe)),
        log.summary.pii_disclosed,
    );
    run.sections.sla = request.timeline;
    run.sections.receipts = judged.rows(&receipts);
    run.sections.audit = log.summary;
    run.sections.seal = corroborated.seal;
    run.sections.facts.seal = corroborated.seal_fact;
    run.sections.provenance = provenance;
    run.finish()
}

/// §1 beyond the reader: the required members, and the attestation's text.
fn check_container(archive: &Archive, findings: &mut Findings) {
    for name in MemberName::REQUIRED {
        if !archive.has(*name) {
            findings.add(
                Code::ArchiveMissingMember,
                *name,
                message!(ArchiveMissingMember, name = name.to_string()),
            );
        }
    }
    if let Some(text) = archive.content(MemberName::Attestation) {
        check_attestation(text, findings);
    }
}

/// What §2 established: the manifest as far as it could be read (all of its
/// members optional: an invalid pack's claims are still shown, marked
/// unverified), its exact bytes, and whether every listed file is present
/// with its digest and size.
struct ReadManifest<'a> {
    bytes: Option<&'a [u8]>,
    manifest: Manifest,
    files_hashed: bool,
}

impl<'a> ReadManifest<'a> {
    fn check(archive: &'a Archive, findings: &mut Findings) -> Self {
        let bytes = archive.content(MANIFEST);
        let manifest = bytes
            .and_then(|b| manifest::parse(b, findings))
            .unwrap_or_default();
        let files_hashed = manifest
            .files
            .as_ref()
            .is_some_and(|files| manifest::check_files(files, archive, findings));
        if let Some(subject) = &manifest.subject_id {
            request::check_subject(subject, &format!("{MANIFEST}#/subject_id"), findings);
        }
        ReadManifest {
            bytes,
            manifest,
            files_hashed,
        }
    }
}

/// What §3 and §4 established: the key the manifest names, if the store
/// holds it, whether it is trusted for this signer at `signed_at`, whether
/// the signature verified with it, and what §22 needs of `signature.sig`.
struct Signer<'t> {
    key: Option<&'t TrustedKey>,
    trusted: bool,
    verified: bool,
    /// The seal, as its check 1 read it (§22).
    seal: Option<crate::seal::Seal>,
    /// Hex SHA-256 of the 64 signature bytes, when `sig` holds them.
    sig_sha256: Option<String>,
    /// A revocation after `signed_at`, left for the seal to judge (§22).
    revoked_later: Option<trust::RevokedLater>,
}

impl<'t> Signer<'t> {
    fn check(
        archive: &Archive,
        manifest: &ReadManifest<'_>,
        trust: Option<&'t TrustStore>,
        findings: &mut Findings,
    ) -> Self {
        let m = &manifest.manifest;
        let read = archive
            .content(signature::SIGNATURE)
            .map(|b| signature::parse(b, findings))
            .unwrap_or_default();
        let sig = &read.signature;
        if let (Some(sig), Some(key_id)) = (sig, &m.signature_key_id) {
            signature::check_key_id(sig, key_id, findings);
        }
        let checked = trust::check(m, trust, read.seal.is_some(), findings);
        let key = m
            .signature_key_id
            .as_deref()
            .and_then(|id| trust.and_then(|t| t.key(id)));
        let verified = match (sig, manifest.bytes, key) {
            (Some(sig), Some(bytes), Some(key)) => {
                signature::check(sig, bytes, &key.public_key, findings)
            }
            _ => false,
        };
        Signer {
            key,
            trusted: checked.trusted.is_some(),
            verified,
            sig_sha256: read.sig.as_deref().map(|sig| hex(&Sha256::digest(sig))),
            seal: read.seal,
            revoked_later: checked.revoked_later,
        }
    }
}

/// What §21 and §22 established: whether a witnessed time is before the
/// effective deadline, and the seal's section, sealed time and facts.
struct Corroborated {
    witnessed: bool,
    seal: Option<crate::seal::SealSummary>,
    sealed: bool,
    seal_fact: crate::register_facts::SealFact,
}

impl Corroborated {
    /// §21 on the witnesses of `checkpoint_after`, then §22's checks 2 to 6
    /// on the seal, the revocation the seal decides (§4, §22) and the
    /// policy's `sealed_signature`.
    fn check(
        (manifest, signer, request): (&ReadManifest<'_>, &mut Signer<'_>, &mut ReadRequest),
        log: &AuditLog,
        trust: Option<&TrustStore>,
        findings: &mut Findings,
    ) -> Corroborated {
        let m = &manifest.manifest;
        let policy = trust.map(TrustStore::policy).unwrap_or_default();
        let claim = witnessed::Claim {
            after: &log.after,
            completed_at: m.completed_at.as_ref(),
            effective: request.effective_deadline,
            policy: &policy,
        };
        let witnessed = witnessed::check(&claim, &mut request.timeline, findings); // §21
        let sealed = signer.seal.as_ref().map(|seal| {
            let context = crate::seal::Context {
                trust,
                log_origin: log.summary.log_origin.as_deref(),
                checkpoints: &log.checkpoints,
                signed_at: m.signed_at.as_ref(),
                pack_id: m.pack_id.as_deref(),
                manifest_sha256: manifest.bytes.map(|b| hex(&Sha256::digest(b))),
                signature_sha256: signer.sig_sha256.clone(),
                k: witnessed::k(&policy),
            };
            crate::seal::check(seal, &context, findings)
        });
        let sealed_time = sealed.as_ref().and_then(|s| s.sealed_time);
        if let Some(later) = &signer.revoked_later {
            signer.trusted &= later.judge(sealed_time, findings);
        }
        if policy.sealed_signature && sealed_time.is_none() {
            findings.add(
                Code::SignatureUnsealed,
                crate::seal::LOCATION,
                match &signer.seal {
                    None => message!(SignatureNoSeal),
                    Some(_) => message!(SignatureNoSealedTime),
                },
            );
        }
        let (seal, seal_fact) =
            sealed.map_or((None, Default::default()), |s| (Some(s.summary), s.fact));
        Corroborated {
            witnessed,
            seal,
            sealed: sealed_time.is_some(),
            seal_fact,
        }
    }
}

/// What §5 and §6 established: the request as far as it could be read, the
/// data classes it asks to erase, when it was received, and the SLA
/// timeline.
struct ReadRequest {
    request: Request,
    data_classes: Vec<DataClass>,
    received_at: Option<Timestamp>,
    timeline: sla::Timeline,
    effective_deadline: Option<time::OffsetDateTime>,
}

impl ReadRequest {
    fn check(archive: &Archive, manifest: &Manifest, findings: &mut Findings) -> Self {
        let request = archive
            .content(REQUEST)
            .and_then(|b| request::parse(b, findings));
        if let Some(r) = &request {
            compare_with_manifest(r, manifest, findings);
            if let Some(subject) = &r.subject_id {
                request::check_subject(subject, &format!("{REQUEST}#/subject_id"), findings);
            }
        }
        let request = request.unwrap_or_default();
        let data_classes = request.data_classes.clone().unwrap_or_default();
        let received_at = request
            .received_at
            .as_ref()
            .or(manifest.received_at.as_ref())
            .cloned();
        let sla = sla::check(
            &SlaInput {
                legal_basis: request.legal_basis.or(manifest.legal_basis),
                received_at: received_at.as_ref(),
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
        ReadRequest {
            request,
            data_classes,
            received_at,
            timeline: sla.timeline,
            effective_deadline: sla.effective,
        }
    }
}

/// What §7 and §8 established: the step records and the independent
/// probes' results, with their times in order.
struct Cascade {
    steps: Vec<StepRecord>,
    probe_results: Option<probes::ProbeResults>,
}

impl Cascade {
    fn check(
        archive: &Archive,
        manifest: &Manifest,
        request: &ReadRequest,
        cancel: &Cancel,
        findings: &mut Findings,
    ) -> Self {
        let steps = archive
            .content(steps::STEPS)
            .map(|b| steps::parse(b, cancel, findings))
            .unwrap_or_default();
        if archive.has(steps::STEPS) {
            steps::check(&steps, &request.data_classes, findings);
        }
        let probe_results = archive
            .content(PROBE_RESULTS)
            .and_then(|b| probes::parse(b, findings));
        if let Some(v) = &probe_results {
            probes::check_required(v, &request.data_classes, findings);
            check_independence(v, &steps, findings);
        }
        let verified_at = probe_results.as_ref().and_then(|v| v.verified_at.as_ref());
        check_step_times(&steps, request.received_at.as_ref(), verified_at, findings);
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
        Cascade {
            steps,
            probe_results,
        }
    }
}

/// §9: the subprocessors' receipts against the manifest's list.
fn check_receipts(
    archive: &Archive,
    manifest: &Manifest,
    trust: Option<&TrustStore>,
    cancel: &Cancel,
    findings: &mut Findings,
) -> (Vec<receipts::ReceiptRecord>, receipts::Judged) {
    let records = archive
        .content(receipts::RECEIPTS)
        .map(|b| receipts::parse(b, cancel, findings))
        .unwrap_or_default();
    let mut judged = receipts::Judged::default();
    if archive.has(receipts::RECEIPTS) {
        let context = crate::attestation::Context {
            archive,
            tenant_id: manifest.tenant_id.as_deref(),
            subject_id: manifest.subject_id.as_deref(),
            trust,
        };
        judged = receipts::check(
            &records,
            manifest.subprocessors.as_deref(),
            &context,
            findings,
        ); // §9, §16
    }
    (records, judged)
}

/// What §10 and §15 established of the audit log: the report's summary,
/// the checkpoints read, and the witnesses counting on `checkpoint_after`.
struct AuditLog {
    summary: audit::AuditSummary,
    checkpoints: audit::Checkpoints,
    after: cosignatures::Cosigned,
}

/// §10: the audit witness, and the probe's count of unredacted PII fields
/// against the one the witness shows; §15: its cosignatures and quorum.
fn check_witness(
    archive: &Archive,
    manifest: &Manifest,
    (request, cascade): (&ReadRequest, &Cascade),
    trust: Option<&TrustStore>,
    cancel: &Cancel,
    findings: &mut Findings,
    facts: &mut RegisterFacts,
) -> AuditLog {
    let request_id = manifest
        .request_id
        .as_deref()
        .or(request.request.request_id.as_deref());
    let mut log = archive
        .content(audit::AUDIT)
        .and_then(|b| audit::parse(b, cancel, findings))
        .map(|w| {
            let steps = &cascade.steps;
            let audited = audit::check(&w, trust, request_id, steps, cancel, findings, facts);
            let (mut summary, checkpoints) = (audited.summary, audited.checkpoints);
            let signed_at = manifest.signed_at.as_ref();
            let after =
                cosignatures::check_witness(&checkpoints, trust, signed_at, findings, &mut summary); // §15
            AuditLog {
                summary,
                checkpoints,
                after,
            }
        })
        .unwrap_or_else(|| AuditLog {
            summary: Default::default(),
            checkpoints: Default::default(),
            after: Default::default(),
        });
    let summary = &mut log.summary;
    summary.witness_quorum = trust.map_or(0, |t| t.policy().witness_quorum);
    let after = format!("{}#/{}", audit::AUDIT, audit::CHECKPOINT_AFTER);
    cosignatures::check_quorum(summary.witnesses_counted, trust, &after, findings);
    if let (Some(claimed), Some(computed)) = (
        cascade
            .probe_results
            .as_ref()
            .and_then(|v| v.unredacted_pii_count),
        summary.pii_disclosed,
    ) {
        if claimed != computed {
            findings.add(
                Code::ProbesAuditMismatch,
                format!("{PROBE_RESULTS}#/probes/audit_log_redacted"),
                message!(ProbesAuditMismatch, claimed = claimed, computed = computed),
            );
        }
    }
    log
}

/// §11: the provenance graph, required when derivatives were requested.
fn check_provenance(
    archive: &Archive,
    data_classes: &[DataClass],
    cancel: &Cancel,
    findings: &mut Findings,
    facts: &mut RegisterFacts,
) -> provenance::ProvenanceSummary {
    match archive.content(provenance::PROVENANCE) {
        Some(b) => {
            let graph = provenance::parse(b, cancel, findings);
            provenance::check(&graph, cancel, findings, facts)
        }
        None => {
            if data_classes.contains(&DataClass::Derivatives) {
                findings.add(
                    Code::ProvenanceMissing,
                    provenance::PROVENANCE,
                    message!(ProvenanceMissing),
                );
            }
            Default::default()
        }
    }
}

/// What one verification has established so far: its findings, the checks
/// that passed, and the report's sections.
struct Run {
    findings: Findings,
    passed: Vec<Passed>,
    sections: Sections,
    meta: Meta,
}

impl Run {
    fn new(input_name: &str, trust: Option<&TrustStore>) -> Run {
        let mut sections = Sections::default();
        sections.sla.witness_k = witnessed::k(&trust.map(TrustStore::policy).unwrap_or_default());
        Run {
            findings: Findings::default(),
            passed: Vec::new(),
            sections,
            meta: Meta::now(input_name, trust.map(|t| t.identity().clone())),
        }
    }

    fn passed(&mut self, code: SuccessCode, message: &str) {
        self.passed.push(Passed::new(code, message));
    }

    /// The positive evidence that §12's verdicts other than untrusted and
    /// invalid need.
    fn record_evidence(
        &mut self,
        archive: &Archive,
        manifest: &ReadManifest<'_>,
        signer: &Signer<'_>,
        audit: &audit::AuditSummary,
    ) {
        if manifest.files_hashed {
            self.passed(
                SuccessCode::FilesHashed,
                "every file the manifest lists is present with its SHA-256 and size",
            );
        }
        if signer.verified && signer.trusted {
            self.passed(
                SuccessCode::SignatureTrusted,
                "the signature verified with a key trusted for the signer at signed_at",
            );
        }
        if audit.checkpoints_verified && audit.consistency_verified {
            self.passed(
                SuccessCode::CheckpointsVerified,
                "both checkpoints verified with the log's key, and the consistency proof between them",
            );
        }
        if archive.has(audit::AUDIT) && audit.entries_proved == audit.entries {
            self.passed(
                SuccessCode::EntriesProved,
                "every audit-log entry is proved included in the after-tree",
            );
        }
    }

    /// The positive evidence of revision 2 and 3 (§15, §16, §21, §22):
    /// what the corroboration a policy may ask for established.
    fn record_corroboration(
        &mut self,
        audit: &audit::AuditSummary,
        receipts_attested: bool,
        corroborated: &Corroborated,
    ) {
        if audit.witness_quorum > 0 && audit.witnesses_counted as u64 >= audit.witness_quorum {
            self.passed(
                SuccessCode::WitnessQuorumMet,
                "the policy's quorum of distinct witnesses cosigned checkpoint_after",
            );
        }
        if receipts_attested {
            self.passed(
                SuccessCode::ReceiptsAttested,
                "every listed subprocessor's erasure is shown by its own verified attestation",
            );
        }
        if corroborated.witnessed {
            self.passed(
                SuccessCode::SlaWitnessed,
                "the witnesses had seen the cascade's log before the effective deadline",
            );
        }
        if corroborated.sealed {
            self.passed(
                SuccessCode::SignatureSealed,
                "the seal holds: the witnesses had seen this signature logged by the sealed time",
            );
        }
    }

    fn finish(self) -> Result<Report, VerifyError> {
        Ok(Report::conclude(
            self.findings.into_vec(),
            self.passed,
            self.sections,
            self.meta,
        )?)
    }
}

/// The report's pack identity: what the archive is (`read`), what the
/// manifest claims, who signed it, and what the probes say of themselves.
fn pack_info(
    read: PackInfo,
    archive: &Archive,
    m: &Manifest,
    signer: &Signer<'_>,
    cascade: &Cascade,
) -> PackInfo {
    let raw = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
    let probe_results = cascade.probe_results.as_ref();
    PackInfo {
        pack_id: m.pack_id.clone(),
        request_id: m.request_id.clone(),
        tenant_id: m.tenant_id.clone(),
        legal_basis: m.legal_basis,
        signer: m.signer.clone(),
        cascade_runner: m.cascade_runner.clone(),
        signature_key_id: m.signature_key_id.clone(),
        signed_at: raw(&m.signed_at),
        subject_id: m.subject_id.clone(),
        received_at: raw(&m.received_at),
        completed_at: raw(&m.completed_at),
        all_clear_claimed: m.all_clear,
        subprocessors: m.subprocessors.clone().unwrap_or_default(),
        signature_verified: signer.verified,
        signer_key_fingerprint: signer.key.map(|k| trust::fingerprint(&k.public_key)),
        signer_key_owner: signer.key.map(|k| k.owner.clone()),
        attestation: archive
            .content(MemberName::Attestation)
            .and_then(|b| std::str::from_utf8(b).ok())
            .map(str::to_owned),
        probes_code_ref: probe_results.and_then(|v| v.code_ref.clone()),
        probes_verified_at: probe_results
            .and_then(|v| v.verified_at.as_ref())
            .map(|t| t.raw().to_owned()),
        supersedes: m.supersedes.as_ref().map(|s| SupersededPack {
            pack_id: s.pack_id.clone(),
            sha256: s.sha256.clone(),
        }),
        ..read
    }
}

/// §12: the signer's `all_clear` against the recomputed completeness.
fn check_all_clear(manifest: &Manifest, findings: &mut Findings) {
    let incomplete = findings.has_effect(Effect::Incomplete);
    match manifest.all_clear {
        Some(true) if incomplete => findings.add(
            Code::ManifestAllClearFalseClaim,
            format!("{MANIFEST}#/all_clear"),
            message!(ManifestAllClearFalse),
        ),
        Some(false) if !incomplete => findings.add(
            Code::ManifestAllClearUnderstated,
            format!("{MANIFEST}#/all_clear"),
            message!(ManifestAllClearUnderstated),
        ),
        _ => {}
    }
}

/// §8: the probes must not run the cascade's own code.
fn check_independence(v: &probes::ProbeResults, steps: &[StepRecord], findings: &mut Findings) {
    let Some(code_ref) = &v.code_ref else {
        return;
    };
    if let Some(s) = steps.iter().find(|s| s.code_ref.as_ref() == Some(code_ref)) {
        findings.add(
            Code::IndependenceSameCodePath,
            format!("{PROBE_RESULTS}#/code_ref"),
            message!(
                ProbesSameCodePath,
                code_ref = code_ref,
                step = s.step.to_string()
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
            message!(AttestationEmpty),
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
                    message!(
                        ManifestFieldMismatch,
                        name = name,
                        manifest = quoted(&b),
                        request = quoted(&a)
                    ),
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
                        message!(
                            TimeOutOfOrder,
                            later = *later_at,
                            later_time = l.raw(),
                            earlier = *earlier_at,
                            earlier_time = e.raw()
                        ),
                    );
                }
            }
        }
    }
}
