//! The spec's vocabulary: every closed set of names in `proof-pack-v1.md`,
//! each one enum whose `Display` and `FromStr` are the spec's strings.
//!
//! The verifier reads packs with these enums and the producer writes packs
//! with them, so no spec string is typed twice. A name outside its set does
//! not parse ([`UnknownName`]); the caller reports it under its section's
//! schema code.

use std::fmt;

/// A string that is not a member of the closed set it was read as.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{value:?} is not one of {allowed}")]
pub struct UnknownName {
    /// The string read.
    pub value: String,
    /// The set's names, comma-separated, for the message.
    pub allowed: String,
}

/// Defines a closed set of spec names: the enum, `ALL` in spec order,
/// `as_str`, `Display`, `FromStr` and (de)serialisation as the string, with
/// a JSON Schema of its strings where the expanding crate has its `schema`
/// feature on. Every closed set of the project is one of these, in this
/// crate or (the verifier's own sets: effects, verdicts, success codes) in
/// `proofpack-core`, so that each string is written once.
#[macro_export]
macro_rules! spec_names {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every name, in the spec's order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The spec's string.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)+ }
            }

            /// The spec's strings, comma-separated (for messages).
            #[must_use]
            pub fn names() -> ::std::string::String {
                Self::ALL.iter().map(|v| v.as_str()).collect::<::std::vec::Vec<_>>().join(", ")
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::vocab::UnknownName;
            fn from_str(text: &str) -> ::std::result::Result<Self, $crate::vocab::UnknownName> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::vocab::UnknownName {
                        value: text.to_owned(),
                        allowed: Self::names(),
                    }),
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                let text = <::std::string::String as ::serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }

        #[cfg(feature = "schema")]
        impl ::schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                let names: ::std::vec::Vec<&str> = Self::ALL.iter().map(|v| v.as_str()).collect();
                ::schemars::json_schema!({ "type": "string", "enum": names })
            }
        }
    };
}

// ---------------------------------------------------------------------------
// Formats and fixed strings

/// `manifest.json` `format` (§2).
pub const PACK_FORMAT: &str = "proof-pack/v1";
/// Trust store `format` (§4).
pub const TRUST_FORMAT: &str = "proof-pack-trust/v1";
/// Report `format` (§13).
pub const REPORT_FORMAT: &str = "proof-pack-report/v1";
/// Register report `format` (§19).
pub const REGISTER_FORMAT: &str = "proof-pack-register/v1";
/// `format` of `proofpack diff --json` (this verifier's own, not the spec's).
pub const DIFF_FORMAT: &str = "proof-pack-diff/v1";
/// The DSSE payload type of the signed manifest (§3).
pub const PAYLOAD_TYPE: &str = "application/vnd.proof-pack.manifest+json";
/// The DSSE payload type of a subprocessor's signed receipt statement (§16).
pub const RECEIPT_PAYLOAD_TYPE: &str = "application/vnd.proof-pack.receipt+json";
/// A receipt statement's `format` (§16).
pub const RECEIPT_FORMAT: &str = "proof-pack-receipt/v1";
/// The DSSE payload type of a verifier's signed verification receipt (§20).
pub const VERIFICATION_PAYLOAD_TYPE: &str = "application/vnd.proof-pack.verification+json";
/// A verification statement's `format` (§20).
pub const VERIFICATION_FORMAT: &str = "proof-pack-verification/v1";

/// The member names of a verification statement (§20), each written once.
pub mod verification_names {
    /// `format`: [`super::VERIFICATION_FORMAT`].
    pub const FORMAT: &str = "format";
    /// `pack`: the pack's identity.
    pub const PACK: &str = "pack";
    /// `pack.sha256`: hex of the whole `proof.tar.gz`.
    pub const SHA256: &str = "sha256";
    /// `pack.pack_id`, or `null`.
    pub const PACK_ID: &str = "pack_id";
    /// `pack.tenant_id`, or `null`.
    pub const TENANT_ID: &str = "tenant_id";
    /// `pack.request_id`, or `null`.
    pub const REQUEST_ID: &str = "request_id";
    /// `trust_store_sha256`: hex of the trust store's bytes, or `null`.
    pub const TRUST_STORE_SHA256: &str = "trust_store_sha256";
    /// `verdict`.
    pub const VERDICT: &str = "verdict";
    /// `codes`: each distinct finding code once, in byte order.
    pub const CODES: &str = "codes";
    /// `verifier`: the verifier and its version.
    pub const VERIFIER: &str = "verifier";
    /// `verified_at`.
    pub const VERIFIED_AT: &str = "verified_at";
    /// `verified_by`: the owner of the signing `verifier` key.
    pub const VERIFIED_BY: &str = "verified_by";
}
/// The folder of optional supporting evidence (§1).
pub const ATTACHMENTS_DIR: &str = "attachments/";

spec_names! {
    /// The signature algorithm of packs, checkpoints and trust-store keys (§3, §4).
    pub enum Alg {
        /// Strict Ed25519.
        Ed25519 = "ed25519",
    }
}

// ---------------------------------------------------------------------------
// §1 archive members

spec_names! {
    /// A named member of the archive root (§1).
    pub enum MemberName {
        /// §2, the signed statement.
        Manifest = "manifest.json",
        /// §3, the DPO's signature over the manifest.
        Signature = "signature.sig",
        /// §5, the validated erasure request.
        Request = "request.json",
        /// §7, one record per cascade step.
        Steps = "steps.jsonl",
        /// §8, the independent verification probes' results.
        ProbeResults = "verification.json",
        /// §9, deletion receipts from subprocessors.
        Receipts = "subprocessor-receipts.jsonl",
        /// §10, the audit-log witness and redaction record.
        Audit = "audit-log-redaction.json",
        /// The DPO's attestation text.
        Attestation = "attestation.txt",
        /// §11, the provenance graph (optional unless `derivatives` is requested).
        Provenance = "provenance.jsonl",
    }
}

impl From<MemberName> for String {
    fn from(name: MemberName) -> String {
        name.as_str().to_owned()
    }
}

impl MemberName {
    /// The members every pack must hold (§1).
    pub const REQUIRED: &'static [MemberName] = &[
        MemberName::Manifest,
        MemberName::Signature,
        MemberName::Request,
        MemberName::Steps,
        MemberName::ProbeResults,
        MemberName::Receipts,
        MemberName::Audit,
        MemberName::Attestation,
    ];

    /// Whether the member is the signed statement or its signature, which
    /// `files` must not list (§2).
    #[must_use]
    pub fn is_unlisted_by_design(self) -> bool {
        matches!(self, MemberName::Manifest | MemberName::Signature)
    }
}

// ---------------------------------------------------------------------------
// §2 / §6 legal bases

spec_names! {
    /// A legal basis (§2, §6).
    pub enum LegalBasis {
        /// EU GDPR: 1 month, extensible to 3 in all.
        Gdpr = "GDPR",
        /// California CCPA: 45 days, extensible once to 90 in all.
        Ccpa = "CCPA",
        /// South Africa POPIA: 30 days, no extension.
        Popia = "POPIA",
        /// Kenya Data Protection Act: 30 days, no extension.
        KeDpa = "KE_DPA",
        /// Uganda Data Protection and Privacy Act: 30 days, no extension.
        UgDppa = "UG_DPPA",
    }
}

// ---------------------------------------------------------------------------
// §4 trust roles

spec_names! {
    /// A trust-store key role (§4).
    pub enum Role {
        /// May sign packs.
        Dpo = "dpo",
        /// May sign audit-log checkpoints (§10).
        AuditLog = "audit_log",
        /// May cosign audit-log checkpoints (§15).
        Witness = "witness",
        /// May sign deletion receipts for the subprocessor named by the
        /// key's `owner` (§16).
        Subprocessor = "subprocessor",
        /// May sign verification receipts (§20).
        Verifier = "verifier",
    }
}

// ---------------------------------------------------------------------------
// §5 data classes, §7 steps and statuses

spec_names! {
    /// A data class (tier) of §5, in cascade order.
    pub enum DataClass {
        /// In-flight session state.
        Working = "working",
        /// Subject-tagged rows.
        Episodic = "episodic",
        /// Subject-attributed nodes of the entity graph.
        Semantic = "semantic",
        /// Vectors and ANN shards.
        Vectors = "vectors",
        /// Training sets and model lineage.
        FineTune = "fine_tune",
        /// Object-store blobs and replicas.
        Uploads = "uploads",
        /// Embeddings, summaries, caches, indexes derived from the subject
        /// (needs `provenance.jsonl`, §11).
        Derivatives = "derivatives",
    }
}

impl DataClass {
    /// The cascade step that erases this class.
    #[must_use]
    pub fn step(self) -> Step {
        match self {
            DataClass::Working => Step::Working,
            DataClass::Episodic => Step::Episodic,
            DataClass::Semantic => Step::Semantic,
            DataClass::Vectors => Step::Vectors,
            DataClass::FineTune => Step::FineTune,
            DataClass::Uploads => Step::Uploads,
            DataClass::Derivatives => Step::Derivatives,
        }
    }

    /// The probe that checks this class (§8).
    #[must_use]
    pub fn probe(self) -> Probe {
        match self {
            DataClass::Working => Probe::Working,
            DataClass::Episodic => Probe::Episodic,
            DataClass::Semantic => Probe::Semantic,
            DataClass::Vectors => Probe::Vectors,
            DataClass::FineTune => Probe::FineTune,
            DataClass::Uploads => Probe::Uploads,
            DataClass::Derivatives => Probe::Derivatives,
        }
    }
}

spec_names! {
    /// A cascade step of §7, in its fixed order; `seq` is the 1-based position.
    pub enum Step {
        /// 1: wipe in-flight session state.
        Working = "working",
        /// 2: delete subject-tagged rows; replication lag drained.
        Episodic = "episodic",
        /// 3: delete subject-attributed nodes; rebuild entity graph.
        Semantic = "semantic",
        /// 4: delete vectors; purge or rebuild ANN shards.
        Vectors = "vectors",
        /// 5: remove examples from training sets; assess model lineage.
        FineTune = "fine_tune",
        /// 6: delete object-store blobs and replicas.
        Uploads = "uploads",
        /// 7: delete embeddings, summaries, caches, indexes derived from the subject.
        Derivatives = "derivatives",
        /// 8: delete at subprocessors, collect receipts.
        Subprocessor = "subprocessor",
        /// 9: redact (never delete) PII in the action audit log.
        AuditLog = "audit_log",
    }
}

impl Step {
    /// The steps required whatever the request (§7).
    pub const ALWAYS_REQUIRED: [Step; 2] = [Step::Subprocessor, Step::AuditLog];

    /// `seq`: the 1-based position in the cascade.
    #[must_use]
    pub fn seq(self) -> u64 {
        Step::ALL
            .iter()
            .position(|s| *s == self)
            .map_or(0, |p| p as u64 + 1)
    }

    /// The data class this step erases, for the first seven.
    #[must_use]
    pub fn data_class(self) -> Option<DataClass> {
        DataClass::ALL.iter().copied().find(|c| c.step() == self)
    }
}

impl From<DataClass> for Step {
    fn from(class: DataClass) -> Step {
        class.step()
    }
}

spec_names! {
    /// A step's `status` (§7).
    pub enum StepStatus {
        /// Done; `after_count` is 0.
        Ok = "ok",
        /// Failed; needs `error` and `exception_id`.
        Fail = "fail",
        /// Not done yet; needs `due_at`.
        Pending = "pending",
        /// Bounded by a TTL; needs `expires_at`.
        Deferred = "deferred",
        /// Kept under a documented legal basis; needs `exemption`.
        Exempt = "exempt",
    }
}

spec_names! {
    /// How the `vectors` step purged the ANN shards (§7). Removal from the
    /// serving index alone is not erasure and is not in this set.
    pub enum Purge {
        /// The shards were rebuilt without the vectors.
        Rebuilt = "rebuilt",
        /// The shards were compacted, physically dropping them.
        Compacted = "compacted",
        /// The shards were deleted.
        Deleted = "deleted",
    }
}

spec_names! {
    /// What happened to one affected model release (§7 `fine_tune`).
    pub enum ModelAction {
        /// The release never saw the subject's data.
        NotTrainedOn = "not_trained_on",
        /// Retrained without it.
        Retrained = "retrained",
        /// Machine unlearning; needs `method` and `evaluation_ref`.
        Unlearned = "unlearned",
        /// No longer served.
        Retired = "retired",
        /// Output suppression only, an interim control.
        Suppressed = "suppressed",
        /// Kept under a documented exemption; needs `exemption`.
        RetainedWithExemption = "retained_with_exemption",
    }
}

spec_names! {
    /// The state of a tier's backup (§17).
    pub enum BackupState {
        /// Deleted from the backup.
        Purged = "purged",
        /// Kept only until the backup expires, never restored into use;
        /// needs `retention_until` and `restore_suppression`.
        BeyondUse = "beyond_use",
        /// Restored into use, or otherwise serving: the data is in a live copy.
        Live = "live",
    }
}

// ---------------------------------------------------------------------------
// §8 probes

spec_names! {
    /// A judged member of `verification.json`'s `probes` (§8).
    pub enum Probe {
        /// The `working` tier.
        Working = "working",
        /// The `episodic` tier.
        Episodic = "episodic",
        /// The `semantic` tier.
        Semantic = "semantic",
        /// The `vectors` tier.
        Vectors = "vectors",
        /// The `fine_tune` tier.
        FineTune = "fine_tune",
        /// The `uploads` tier.
        Uploads = "uploads",
        /// The `derivatives` tier.
        Derivatives = "derivatives",
        /// The subprocessors.
        Subprocessor = "subprocessor",
        /// The audit log's redaction (counts `unredacted_pii_count`).
        AuditLogRedacted = "audit_log_redacted",
    }
}

impl Probe {
    /// The probes required whatever the request (§8).
    pub const ALWAYS_REQUIRED: [Probe; 2] = [Probe::Subprocessor, Probe::AuditLogRedacted];

    /// The count member this probe carries.
    #[must_use]
    pub const fn count_member(self) -> &'static str {
        match self {
            Probe::AuditLogRedacted => "unredacted_pii_count",
            _ => "residue",
        }
    }

    /// The cascade step whose residue this probe counts.
    #[must_use]
    pub fn step(self) -> Step {
        match self {
            Probe::Subprocessor => Step::Subprocessor,
            Probe::AuditLogRedacted => Step::AuditLog,
            other => DataClass::ALL
                .iter()
                .find(|c| c.probe() == other)
                .map_or(Step::AuditLog, |c| c.step()),
        }
    }
}

// ---------------------------------------------------------------------------
// §9 receipts

spec_names! {
    /// A receipt's `status` (§9).
    pub enum ReceiptStatus {
        /// Confirmed; needs `confirmed_at`.
        Confirmed = "confirmed",
        /// Pending; needs `due_at`.
        Pending = "pending",
        /// Failed.
        Failed = "failed",
    }
}

/// A receipt's `channel` (§9). Only `api` counts towards erasure; the spec
/// names e-mail and phone as examples of the others, and any other string is
/// a channel too, so this set is open.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Channel {
    /// `api`: the only channel that can erase.
    Api,
    /// `email`
    Email,
    /// `phone`
    Phone,
    /// Any other channel name.
    Other(String),
}

impl Channel {
    /// The channel's name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Channel::Api => "api",
            Channel::Email => "email",
            Channel::Phone => "phone",
            Channel::Other(name) => name,
        }
    }

    /// Reads a channel name (never fails: the set is open).
    #[must_use]
    pub fn parse(text: &str) -> Channel {
        [Channel::Api, Channel::Email, Channel::Phone]
            .into_iter()
            .find(|c| c.as_str() == text)
            .unwrap_or_else(|| Channel::Other(text.to_owned()))
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Channel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Channel {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Channel".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string" })
    }
}

// ---------------------------------------------------------------------------
// §10 audit log

spec_names! {
    /// An audit-log leaf's `event_class` the verifier looks for (§10).
    pub enum EventClass {
        /// The request was accepted.
        ErasureRequestAccepted = "erasure_request_accepted",
        /// A cascade step ran.
        ErasureStep = "erasure_step",
        /// The pack was signed: the leaf a seal proves included (§22).
        PackSigned = "pack_signed",
    }
}

/// The member names of a trust store's `policy` (§4), each written once:
/// the verifier reads them, the store's editor writes them.
pub mod policy_names {
    /// `policy`: absent or `null`, every member at its default.
    pub const POLICY: &str = "policy";
    /// `witness_quorum`: distinct witnesses that must cosign `checkpoint_after` (§15).
    pub const WITNESS_QUORUM: &str = "witness_quorum";
    /// `signed_receipts`: a subprocessor's erasure needs its own signed receipt (§16).
    pub const SIGNED_RECEIPTS: &str = "signed_receipts";
    /// `witnessed_deadline`: a completion on time must be witnessed (§21).
    pub const WITNESSED_DEADLINE: &str = "witnessed_deadline";
    /// `sealed_signature`: the pack signature must be sealed (§22).
    pub const SEALED_SIGNATURE: &str = "sealed_signature";
    /// Every member, in the spec's order: a `policy` has no others.
    pub const ALL: [&str; 4] = [
        WITNESS_QUORUM,
        SIGNED_RECEIPTS,
        WITNESSED_DEADLINE,
        SEALED_SIGNATURE,
    ];
}

/// The member names of `signature.sig` (§3), each written once: the
/// verifier reads them, the producer reads a signed pack's `sig` by them.
pub mod signature_names {
    /// `alg`: [`super::Alg`].
    pub const ALG: &str = "alg";
    /// `key_id`: the trust store's key that signed.
    pub const KEY_ID: &str = "key_id";
    /// `sig`: base64 of the 64-byte Ed25519 signature.
    pub const SIG: &str = "sig";
}

/// The member names of a seal (§22), each written once: the verifier reads
/// them, the producer writes them.
pub mod seal_names {
    /// `seal`, the member of `signature.sig` that carries it.
    pub const SEAL: &str = "seal";
    /// `seal.checkpoint`: the signed note of the log that holds the leaf.
    pub const CHECKPOINT: &str = "checkpoint";
    /// `seal.consistency_proof`: from `checkpoint_after` to the seal checkpoint.
    pub const CONSISTENCY_PROOF: &str = "consistency_proof";
    /// `seal.entry`: the `pack_signed` leaf and its inclusion proof.
    pub const ENTRY: &str = "entry";
    /// `seal.entry.index`: the leaf's 0-based position in the log.
    pub const INDEX: &str = "index";
    /// `seal.entry.leaf`: base64 of the leaf's bytes.
    pub const LEAF: &str = "leaf";
    /// `seal.entry.inclusion_proof`: the leaf in the seal checkpoint's tree.
    pub const INCLUSION_PROOF: &str = "inclusion_proof";
    /// The leaf's `seq`, equal to `index`.
    pub const SEQ: &str = "seq";
    /// The leaf's `ts`.
    pub const TS: &str = "ts";
    /// The leaf's `event_class`: [`super::EventClass::PackSigned`].
    pub const EVENT_CLASS: &str = "event_class";
    /// The leaf's `pack_id`: the manifest's.
    pub const PACK_ID: &str = "pack_id";
    /// The leaf's `manifest_sha256`: hex SHA-256 of `manifest.json`'s bytes.
    pub const MANIFEST_SHA256: &str = "manifest_sha256";
    /// The leaf's `signature_sha256`: hex SHA-256 of the 64 signature bytes.
    pub const SIGNATURE_SHA256: &str = "signature_sha256";
    /// The leaf's `_sd`: §10 disclosure digests.
    pub const SD: &str = "_sd";
}

// ---------------------------------------------------------------------------
// §11 provenance

spec_names! {
    /// A provenance record's `type` (§11). Other strings are ignored.
    pub enum RecordType {
        /// The first line: graph version and reverse-index availability.
        Header = "header",
        /// A registered scope.
        Scope = "scope",
        /// An erased source node.
        Tombstone = "tombstone",
        /// A derived artefact.
        Artifact = "artifact",
        /// An open obligation.
        Obligation = "obligation",
    }
}

spec_names! {
    /// The header's `reverse_index` (§11).
    pub enum ReverseIndex {
        /// Reachability can be attested.
        Available = "available",
        /// Erasure cannot be attested (`provenance.unverifiable`).
        Unavailable = "unavailable",
    }
}

spec_names! {
    /// An artifact's `state` (§11).
    pub enum ArtifactState {
        /// Still served: reachable from a tombstone, `provenance.live_derivation`.
        Live = "live",
        /// Erased.
        Tombstoned = "tombstoned",
        /// Personal content removed.
        Redacted = "redacted",
        /// Will expire at `expires_at`: a deferral.
        Expiring = "expiring",
    }
}

impl ArtifactState {
    /// Whether the state satisfies the reachability invariant.
    #[must_use]
    pub fn is_erased(self) -> bool {
        matches!(self, ArtifactState::Tombstoned | ArtifactState::Redacted)
    }
}

spec_names! {
    /// An obligation's `kind` (§11; only `deferred` in v1).
    pub enum ObligationKind {
        /// A deferred erasure, bounded by `expires_at`.
        Deferred = "deferred",
    }
}

spec_names! {
    /// The `kind` of an open item of a register's request (§19): what is
    /// still to be done, and by when the pack said it would be.
    pub enum OpenItemKind {
        /// A `pending` step (`due_at`) or a `deferred` one (`expires_at`).
        Step = "step",
        /// A `pending` receipt of a subprocessor §9 does not count as erased (`due_at`).
        Receipt = "receipt",
        /// An `obligation` of the provenance graph (`expires_at`).
        Obligation = "obligation",
        /// An `expiring` artifact reachable from a tombstone (`expires_at`).
        Artifact = "artifact",
        /// The request itself, of a head whose verdict is `incomplete`
        /// (due at the effective deadline of §6).
        Deadline = "deadline",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn round_trip<T: Copy + PartialEq + fmt::Debug + fmt::Display + FromStr>(all: &[T]) {
        let mut seen = std::collections::HashSet::new();
        for v in all {
            let text = v.to_string();
            assert!(seen.insert(text.clone()), "{text} twice");
            assert!(text.parse::<T>().ok() == Some(*v), "{text} round-trips");
        }
    }

    #[test]
    fn every_set_round_trips() {
        round_trip(Alg::ALL);
        round_trip(MemberName::ALL);
        round_trip(LegalBasis::ALL);
        round_trip(Role::ALL);
        round_trip(DataClass::ALL);
        round_trip(Step::ALL);
        round_trip(StepStatus::ALL);
        round_trip(Purge::ALL);
        round_trip(ModelAction::ALL);
        round_trip(BackupState::ALL);
        round_trip(Probe::ALL);
        round_trip(ReceiptStatus::ALL);
        round_trip(EventClass::ALL);
        round_trip(RecordType::ALL);
        round_trip(ReverseIndex::ALL);
        round_trip(ArtifactState::ALL);
        round_trip(ObligationKind::ALL);
        round_trip(OpenItemKind::ALL);
        assert!("Working".parse::<Step>().is_err());
    }

    #[test]
    fn cascade_positions_and_classes() {
        assert_eq!(Step::Working.seq(), 1);
        assert_eq!(Step::AuditLog.seq(), 9);
        for (i, class) in DataClass::ALL.iter().enumerate() {
            assert_eq!(class.step().seq(), i as u64 + 1);
            assert_eq!(class.step().data_class(), Some(*class));
            assert_eq!(class.as_str(), class.step().as_str());
            assert_eq!(class.as_str(), class.probe().as_str());
            assert_eq!(class.probe().step(), class.step());
        }
        assert_eq!(Step::Subprocessor.data_class(), None);
        assert_eq!(Probe::AuditLogRedacted.step(), Step::AuditLog);
    }

    #[test]
    fn channels_are_open() {
        assert_eq!(Channel::parse("api"), Channel::Api);
        assert_eq!(Channel::parse("fax"), Channel::Other("fax".to_owned()));
        assert_eq!(Channel::parse("fax").as_str(), "fax");
    }
}
