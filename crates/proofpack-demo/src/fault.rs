//! The faults a run can inject (`--fault NAME`). Each is a real defect in
//! the store, the cascade or a subprocessor, never a flag written into the
//! evidence: the verifier finds it from what the evidence records.

use proofpack_core::Code;

/// A defect to inject into one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Fault {
    /// The vectors step removes the subject's vectors from the serving
    /// generation and never rebuilds the shards: the older generation
    /// still holds them.
    VectorIndexNotRebuilt,
    /// The answer cache holding an answer derived from the subject's note
    /// has no purge API: the entry can only expire by TTL.
    CacheTtl,
    /// One subprocessor has no deletion API and confirms by e-mail.
    SubprocessorEmailOnly,
    /// One subprocessor accepts the deletion but has not confirmed it.
    SubprocessorPending,
    /// The summariser reads the subject's note before its tombstone and
    /// writes a summary after it, without checking the tombstone.
    SummarizerRace,
    /// The fine-tuned model trained on the subject's examples is only
    /// output-suppressed, not retrained.
    ModelSuppressedOnly,
    /// The request was received so long ago that its deadline has passed.
    Late,
    /// After the cascade, the episodic backup is restored without applying
    /// the suppression ledger.
    BackupRestored,
    /// One of the two witnesses is unreachable: the audit log's
    /// after-checkpoint gets one cosignature, below the quorum.
    WitnessOffline,
    /// The log showed one witness a forked history (another tree of the
    /// same origin and size, signed with the log's key); that witness
    /// refuses the real after-checkpoint.
    LogFork,
    /// The collator writes one subprocessor's signed receipt itself, with
    /// its own key, instead of the one the subprocessor signed.
    ReceiptForged,
    /// The episodic backup snapshot was restored into use (it serves
    /// reads), and the episodic step declares it `live`.
    BackupLive,
    /// A later import added a malformed example (an empty completion) to
    /// the late fine-tune dataset: retraining on its next version fails, so
    /// the fine-tune step fails and opens an exception.
    StepFails,
    /// The platform's clock runs 35 days slow: its times (the request's
    /// receipt, the cascade, `completed_at`) claim completion well within
    /// the deadline, but the witnesses, on their own clocks, first see the
    /// log after it.
    Backdated,
    /// Both witnesses are unreachable when the signed pack is to be sealed:
    /// the seal step fails and the pack is delivered without one.
    Unsealed,
    /// The DPO's key is revoked in the trust store after the pack was
    /// signed but before the witnesses cosign its seal.
    KeyRevokedBeforeSeal,
}

impl Fault {
    /// Every fault, in the order of the table.
    pub const ALL: [Fault; 16] = [
        Fault::VectorIndexNotRebuilt,
        Fault::CacheTtl,
        Fault::SubprocessorEmailOnly,
        Fault::SubprocessorPending,
        Fault::SummarizerRace,
        Fault::ModelSuppressedOnly,
        Fault::Late,
        Fault::BackupRestored,
        Fault::WitnessOffline,
        Fault::LogFork,
        Fault::ReceiptForged,
        Fault::BackupLive,
        Fault::StepFails,
        Fault::Backdated,
        Fault::Unsealed,
        Fault::KeyRevokedBeforeSeal,
    ];

    /// The finding the verifier must report for this fault.
    #[must_use]
    pub fn expected_code(self) -> Code {
        match self {
            Fault::VectorIndexNotRebuilt => Code::StepsVectorsNotPurged,
            Fault::CacheTtl => Code::ProvenanceDeferred,
            Fault::SubprocessorEmailOnly => Code::ReceiptsNotApi,
            Fault::SubprocessorPending => Code::ReceiptsPending,
            Fault::SummarizerRace => Code::ProvenanceLiveDerivation,
            Fault::ModelSuppressedOnly => Code::StepsModelSuppressedOnly,
            Fault::Late => Code::SlaBreached,
            Fault::BackupRestored => Code::ProbesResidue,
            Fault::WitnessOffline | Fault::LogFork => Code::AuditWitnessQuorumNotMet,
            Fault::ReceiptForged => Code::ReceiptsUnattested,
            Fault::BackupLive => Code::StepsBackupLive,
            Fault::StepFails => Code::StepsFailed,
            Fault::Backdated => Code::SlaUnwitnessed,
            Fault::Unsealed => Code::SignatureUnsealed,
            Fault::KeyRevokedBeforeSeal => Code::TrustKeyRevokedBeforeSeal,
        }
    }

    /// Every untrusted finding the delivered pack gets under the demo's
    /// trust store (its policy asking for witnessed deadlines and sealed
    /// signatures): the faults that lose the witness quorum lose it on the
    /// after-checkpoint (no witnessed completion) and on the seal alike.
    #[must_use]
    pub fn untrusted_codes(self) -> Vec<Code> {
        match self {
            Fault::WitnessOffline | Fault::LogFork => vec![
                Code::AuditWitnessQuorumNotMet,
                Code::SlaUnwitnessed,
                Code::SignatureUnsealed,
            ],
            Fault::ReceiptForged
            | Fault::Backdated
            | Fault::Unsealed
            | Fault::KeyRevokedBeforeSeal => vec![self.expected_code()],
            _ => Vec::new(),
        }
    }

    /// Whether the pack is signed with `accept_uncorroborated`: the fault
    /// leaves the corroboration the trust store's policy asks for short.
    #[must_use]
    pub fn uncorroborated(self) -> bool {
        matches!(
            self,
            Fault::WitnessOffline | Fault::LogFork | Fault::ReceiptForged
        )
    }

    /// Its `--fault` name.
    #[must_use]
    pub fn name(self) -> String {
        clap::ValueEnum::to_possible_value(&self)
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }
}
