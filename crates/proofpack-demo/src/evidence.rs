//! The pack: the evidence folder written by the producer library, the trust
//! store the recipients use, and the pack authored and signed by the DPO
//! (whose identity is not the cascade runner's) with the author crate.

use crate::audit::{AuditStore, PII_FIELDS};
use crate::cascade::{StepEntry, StepOutcome};
use crate::intake::{Intake, TENANT};
use crate::probe_job::Probes;
use crate::receipts::CollectedReceipt;
use crate::DemoError;
use ed25519_dalek::{SigningKey, VerifyingKey};
use proofpack_author::pack::{build, Authored, Content, Evidence, PackDescription, PackOptions};
use proofpack_author::trust_edit::{PolicyChange, TrustStoreFile};
use proofpack_core::trust::{key_entry_json, Role, TrustStore, TrustedKey};
use proofpack_producer::{
    provenance_jsonl, receipts_jsonl, steps_jsonl, ProvenanceRecord, WitnessSpec,
};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{Channel, MemberName, ReceiptStatus};
use std::path::Path;

/// The engineer who runs the cascade.
pub(crate) const CASCADE_RUNNER: &str = "cascade-runner@demo.example";
/// The DPO who signs (never the cascade runner).
pub(crate) const DPO: &str = "dpo@demo.example";
/// The DPO key's `key_id`.
pub(crate) const DPO_KEY_ID: &str = "demo-dpo";
/// Owner of the audit log's checkpoint key.
pub(crate) const LOG_OWNER: &str = "audit-log@demo.example";

/// A key of the trust store beyond the DPO's and the log's: a witness's
/// or a subprocessor's.
#[derive(Debug, Clone)]
pub(crate) struct Corroborator {
    /// Its `key_id` (a witness's name; a subprocessor's receipt key).
    pub key_id: String,
    /// Its public key.
    pub public_key: VerifyingKey,
    /// Its `owner` (a witness's operator; the subprocessor's name).
    pub owner: String,
    /// `witness` or `subprocessor`.
    pub role: Role,
}

/// The policy of the demo's trust store (§4): both witnesses must cosign
/// the after-checkpoint, and every subprocessor must sign its receipt.
pub(crate) const WITNESS_QUORUM: u64 = 2;

/// Writes `trust.json` as the DPO signs against it: the DPO's key (role
/// `dpo`), the audit log's checkpoint key (role `audit_log`, `key_id` the
/// log origin), the witnesses' and the subprocessors' keys, and the policy
/// `{"witness_quorum": 2, "signed_receipts": true}`. A pack is sealed only
/// after it is signed, so the signer's check cannot demand a seal, nor
/// (§21) anything of the witnesses' clocks: [`for_recipients`] adds those
/// once the pack is sealed.
pub(crate) fn write_trust(
    path: &Path,
    dpo: VerifyingKey,
    audit_log: VerifyingKey,
    corroborators: &[Corroborator],
) -> Result<TrustStore, DemoError> {
    let mut file = TrustStoreFile::open_or_new(path)?;
    let own = [
        (DPO_KEY_ID, dpo, DPO, Role::Dpo),
        (
            crate::audit::LOG_ORIGIN,
            audit_log,
            LOG_OWNER,
            Role::AuditLog,
        ),
    ];
    let own = own
        .iter()
        .map(|(key_id, public_key, owner, role)| Corroborator {
            key_id: (*key_id).to_owned(),
            public_key: *public_key,
            owner: (*owner).to_owned(),
            role: *role,
        });
    for key in own.chain(corroborators.iter().cloned()) {
        file.add(key_entry_json(&TrustedKey {
            key_id: key.key_id,
            public_key: key.public_key,
            owner: key.owner,
            roles: vec![key.role],
            not_before: None,
            not_after: None,
            revoked_at: None,
        }))?;
    }
    let policy = PolicyChange {
        witness_quorum: Some(WITNESS_QUORUM),
        signed_receipts: Some(true),
        ..PolicyChange::default()
    };
    file.set_policy(policy, false)?;
    file.save(path)?;
    Ok(file.store()?)
}

/// Turns `trust.json` into the recipients' store: the policy gains
/// `"witnessed_deadline": true, "sealed_signature": true` (§21, §22), and
/// the DPO's key is revoked at `revoked_at` when given (`--fault
/// key-revoked-before-seal`).
pub(crate) fn for_recipients(path: &Path, revoked_at: Option<&Timestamp>) -> Result<(), DemoError> {
    let mut file = TrustStoreFile::open(path)?;
    let policy = PolicyChange {
        witnessed_deadline: Some(true),
        sealed_signature: Some(true),
        ..PolicyChange::default()
    };
    file.set_policy(policy, false)?;
    if let Some(at) = revoked_at {
        file.revoke(DPO_KEY_ID, at, false)?;
    }
    file.save(path)?;
    Ok(())
}

/// Everything the evidence is made of.
#[derive(Debug)]
pub(crate) struct Material<'a> {
    /// The request.
    pub intake: &'a Intake,
    /// The cascade's records.
    pub steps: &'a [StepEntry],
    /// The probe job's results.
    pub probes: &'a Probes,
    /// When the job ran.
    pub verified_at: &'a str,
    /// The subprocessors' receipts.
    pub receipts: &'a [CollectedReceipt],
    /// `provenance.jsonl`.
    pub provenance: &'a [ProvenanceRecord],
    /// `completed_at`.
    pub completed_at: &'a str,
    /// The audit log's after-checkpoint, with the witnesses' cosignatures.
    pub after_checkpoint: &'a str,
}

/// The DPO's attestation: what the evidence shows, in plain words.
fn attestation(m: &Material<'_>) -> String {
    let mut open = Vec::new();
    for s in m.steps {
        match &s.outcome {
            StepOutcome::Ok { .. } => {}
            StepOutcome::Pending { due_at } => {
                open.push(format!("the {} step is pending (due {due_at})", s.step))
            }
            StepOutcome::Deferred { expires_at } => {
                open.push(format!(
                    "the {} step is deferred until {expires_at}",
                    s.step
                ));
            }
            StepOutcome::Fail { exception_id, .. } => {
                open.push(format!(
                    "the {} step failed (exception {exception_id} is open)",
                    s.step
                ));
            }
        }
    }
    for (_, p) in &m.probes.classes {
        if p.residue > 0 {
            open.push(format!("the {} probe found {} records", p.probe, p.residue));
        }
    }
    let cosignatures =
        proofpack_spec::checkpoint::parse_signed_note(m.after_checkpoint).map_or(0, |note| {
            note.signatures
                .iter()
                .filter(|line| line.key_name != crate::audit::LOG_ORIGIN)
                .count()
        });
    if (cosignatures as u64) < WITNESS_QUORUM {
        open.push(format!(
            "the audit log's after-checkpoint carries {cosignatures} witness cosignature(s), below the quorum of {WITNESS_QUORUM}"
        ));
    }
    if m.probes.subprocessor.residue > 0 {
        open.push(format!(
            "subprocessors still hold {} records",
            m.probes.subprocessor.residue
        ));
    }
    for r in m.receipts {
        if r.status != ReceiptStatus::Confirmed.as_str() || r.channel != Channel::Api.as_str() {
            open.push(format!(
                "{} answered by {} ({})",
                r.subprocessor, r.channel, r.status
            ));
        }
    }
    let body = if open.is_empty() {
        "Every requested data class was erased and independently probed with no residue; every\n\
         subprocessor confirmed the deletion through its API (responses attached); the subject's\n\
         personal data in the audit log was redacted, its entries kept."
            .to_owned()
    } else {
        format!(
            "This pack records what the cascade and the verification job found, including what is\n\
             not done; the verifier's findings are the authoritative list. I noted: {}.",
            open.join("; ")
        )
    };
    format!(
        "I, the Data Protection Officer ({DPO}), have reviewed the evidence in this pack for\n\
         erasure request {} of tenant {TENANT}.\n\n{body}\n\n\
         The cascade was run by {CASCADE_RUNNER}; I did not run it. The verification probes ran\n\
         from code independent of the cascade ({}).\n",
        m.intake.request_id, m.probes.code_ref
    )
}

/// Builds the evidence: every member, by the producer library.
pub(crate) fn assemble(m: &Material<'_>, audit: &AuditStore) -> Result<Evidence, DemoError> {
    let request = m.intake.request()?;
    let records = m
        .steps
        .iter()
        .map(StepEntry::to_record)
        .collect::<Result<Vec<_>, _>>()?;
    let results = m.probes.results(m.verified_at)?;
    let probe_results = results.probe_results(Some(&request))?;
    let mut entries = audit.subject_entries(&m.intake.subject_id);
    entries.extend(audit.log().entries_for_request(&m.intake.request_id));
    let witness = audit.log().witness(&WitnessSpec {
        before_checkpoint: m.intake.checkpoint_before.clone(),
        after_checkpoint: m.after_checkpoint.to_owned(),
        entries,
        pii_fields: PII_FIELDS.iter().map(|f| (*f).to_owned()).collect(),
    })?;
    let receipts = m
        .receipts
        .iter()
        .map(CollectedReceipt::to_receipt)
        .collect::<Result<Vec<_>, _>>()?;
    let mut members = vec![
        (MemberName::Request.to_string(), request.to_json()?),
        (MemberName::Steps.to_string(), steps_jsonl(&records)?),
        (
            MemberName::ProbeResults.to_string(),
            probe_results.to_json()?,
        ),
        (MemberName::Receipts.to_string(), receipts_jsonl(&receipts)?),
        (MemberName::Audit.to_string(), witness),
        (
            MemberName::Attestation.to_string(),
            attestation(m).into_bytes(),
        ),
        (
            MemberName::Provenance.to_string(),
            provenance_jsonl(m.provenance)?,
        ),
    ];
    members.extend(attachments(m)?);
    members.push(results.attachment()?);
    let members = members
        .into_iter()
        .map(|(path, bytes)| (path, Content::Bytes(bytes)))
        .collect();
    Ok(Evidence {
        description: PackDescription {
            pack_id: format!("erasure-{}", m.intake.request_id),
            completed_at: m.completed_at.to_owned(),
            cascade_runner: CASCADE_RUNNER.to_owned(),
            signer: DPO.to_owned(),
            signature_key_id: DPO_KEY_ID.to_owned(),
            subprocessors: m.receipts.iter().map(|r| r.subprocessor.clone()).collect(),
            supersedes: None,
        },
        members,
    })
}

/// The receipts' attachments: every subprocessor's signed statement and
/// every raw exchange behind a receipt.
fn attachments(m: &Material<'_>) -> Result<Vec<(String, Vec<u8>)>, DemoError> {
    let mut members = Vec::new();
    for r in m.receipts {
        members.extend(r.attachments()?);
    }
    Ok(members)
}

/// Writes the evidence folder (`pack.json` and every member) into `dir`.
pub(crate) fn write_folder(dir: &Path, evidence: &Evidence) -> Result<(), DemoError> {
    let description = Content::Bytes(evidence.description.to_json()?);
    let members = evidence.members.iter().map(|(p, c)| (p.as_str(), c));
    for (path, content) in std::iter::once(("pack.json", &description)).chain(members) {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| DemoError::io(parent, e))?;
        }
        std::fs::write(&path, content.read()?).map_err(|e| DemoError::io(&path, e))?;
    }
    Ok(())
}

/// What the DPO accepts to sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Acceptance {
    /// An incomplete or late pack.
    pub incomplete: bool,
    /// A pack whose corroboration falls short of the policy.
    pub uncorroborated: bool,
}

/// Reads the evidence folder back and has the DPO sign it into `out`:
/// `build` verifies the would-be pack against `trust` first and refuses one
/// that does not hold up (nothing is written then); an incomplete or late
/// pack is signed only when `accept_incomplete` (an honest record of open
/// obligations), and one whose corroboration falls short of the trust
/// store's policy only when `accept_uncorroborated` (the manifest records
/// what was accepted).
pub(crate) fn sign(
    dir: &Path,
    key: &SigningKey,
    trust: &TrustStore,
    signed_at: &str,
    options: Acceptance,
    out: &Path,
) -> Result<Authored, DemoError> {
    let evidence = Evidence::from_dir(dir)?;
    let options = PackOptions {
        signed_at: Timestamp::parse(signed_at),
        accept_incomplete: options.incomplete,
        accept_uncorroborated: options.uncorroborated,
    };
    let signed = build(&evidence, key, trust, &options, out).map_err(|e| match e {
        proofpack_author::pack::PackError::Authoring(e) => DemoError::Authoring(e),
        proofpack_author::pack::PackError::Refused { report, .. } => DemoError::Refused(report),
    })?;
    // The run's output folder: a pack of an earlier run is replaced.
    let existing = proofpack_author::pack::Existing::Replace;
    Ok(signed
        .persist(existing)
        .map_err(proofpack_author::AuthoringError::from)?)
}
