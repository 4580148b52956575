//! Each finding's one-line message as an identifier with its values
//! (§13's `message`), so that a renderer can write it in the reader's
//! language while the §13 JSON keeps the English text.
//!
//! The English template of every message is written once, in the table
//! below (grouped by the spec's sections); the English `message` is that
//! template with its values placed. The render crate's message files hold
//! each id in every language (`finding-<id>`), and its tests check that
//! the English one is this template. Why a text or a proof does not hold
//! is itself a message with values (`crate::why`), placed in its finding's.
//! Every finding the verifier makes has an id; a message made from a plain
//! string (none is, but for the placeholder of a code's summary, written
//! once its count is known) would be shown in English.
//!
//! The placing of values is written here rather than with `format!`
//! because a template must be data (one per id, shared with the tests),
//! and no templating crate is needed for `{name}` placeholders alone.

/// Defines [`MessageId`]: each message's id and English template.
macro_rules! messages {
    ( $( $(#[$doc:meta])* $variant:ident = $id:literal => $english:literal, )* ) => {
        /// A finding message's identifier (its text is in the render
        /// crate's message files as `finding-<id>`, in every language).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum MessageId {
            $( $(#[$doc])* #[doc = $english] $variant, )*
        }

        impl MessageId {
            /// Every message id, in the table's order.
            pub const ALL: &'static [MessageId] = &[$(MessageId::$variant,)*];

            /// The identifier, as the message files name it after `finding-`.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(MessageId::$variant => $id,)* }
            }

            /// The English template: `{name}` marks where a value goes.
            #[must_use]
            pub const fn english(self) -> &'static str {
                match self { $(MessageId::$variant => $english,)* }
            }

            /// The English message: the template with each `{name}`
            /// replaced by its value in `args` (for findings made outside
            /// this crate, the register's).
            #[must_use]
            pub fn english_with(self, args: &[(&'static str, MessageArg)]) -> String {
                fill(self.english(), args)
            }
        }
    };
}

messages! {
    // Findings (§13): the summary of unlisted line findings.
    FindingsUnlisted = "findings-unlisted" => "{count} more findings of this code in this member's lines are not listed (the first {listed} are)",
    // §0 Shapes: a member of a JSON object.
    SchemaMember = "schema-member" => "member `{name}`: {why}",
    SchemaNotTime = "schema-not-time" => "member `{name}`: {text} is not an RFC 3339 date-time with an offset",
    SchemaExpectedObject = "schema-expected-object" => "expected a JSON object",
    JsonMalformed = "json-malformed" => "not well-formed JSON: {why}",
    JsonlBlankLine = "jsonl-blank-line" => "a JSONL line must not be blank or hold a \\r",
    JsonlNotObject = "jsonl-not-object" => "a JSONL record must be a JSON object",
    // §0 Shapes: why a member is wrong (a `{why}` of `schema-member`).
    WhyMissing = "why-missing" => "missing",
    WhyNotString = "why-not-string" => "not a string",
    WhyEmpty = "why-empty" => "empty",
    WhyNotBoolean = "why-not-boolean" => "not a boolean",
    WhyNotArray = "why-not-array" => "not an array",
    WhyNotStringArray = "why-not-string-array" => "not an array of strings",
    WhyNotCount = "why-not-count" => "not a count (an integer 0..2^53-1 without sign, fraction or exponent)",
    WhyNotHashes = "why-not-hashes" => "must be an array of base64 32-byte hashes",
    WhyNotObject = "why-not-object" => "not an object",
    WhyNotBase64 = "why-not-base64" => "not strict base64",
    WhyNotDigests = "why-not-digests" => "must be an array of base64url 32-byte digests",
    WhyNeverExempt = "why-never-exempt" => "the audit_log step is never exempt",
    WhyNeedsExemption = "why-needs-exemption" => "needs non-empty `legal_basis` and `justification`",
    WhyNotMemberName = "why-not-member-name" => "not a string naming a member of the pack",
    WhyNotSignature = "why-not-signature" => "not strict base64 of 64 bytes",
    WhyHeaderFirstOnly = "why-header-first-only" => "the first record, and only it, is the header",
    WhyNotTime = "why-not-time" => "not an RFC 3339 date-time with an offset",
    WhyNotOneOf = "why-not-one-of" => "{value} is not one of {allowed}",
    WhySeqNotIndex = "why-seq-not-index" => "is {seq}, the entry's index is {index}",
    WhyNeedsCount = "why-needs-count" => "needs a count `{name}`",
    WhyNonEmptySetOf = "why-non-empty-set-of" => "must be a non-empty set of {names}",
    WhyNullOrShape = "why-null-or-shape" => "must be null or {shape}",
    WhyOfShape = "why-of-shape" => "must be {shape}",
    WhyArrayOfShape = "why-array-of-shape" => "must be an array of {shape}",
    WhyFilesEntryNotObject = "why-files-entry-not-object" => "a files entry must be an object",
    WhyPathNotString = "why-path-not-string" => "`path` must be a string",
    WhyListedByDesign = "why-listed-by-design" => "manifest.json and signature.sig must not be listed",
    WhySha256NotHex = "why-sha256-not-hex" => "`sha256` must be 64 lowercase hex digits",
    WhySizeNotCount = "why-size-not-count" => "`size` must be a count",
    // §16 Receipt attestations: why an envelope or its statement is not one.
    WhyEnvelopeNotObject = "why-envelope-not-object" => "the envelope is not a JSON object",
    WhyMissingOrNotString = "why-missing-or-not-string" => "`{name}` is missing or not a string",
    WhyMustBe = "why-must-be" => "`{name}` must be {expected}",
    WhyNotStrictBase64 = "why-not-strict-base64" => "`{name}` is not strict base64",
    WhyNotNonEmptyArray = "why-not-non-empty-array" => "`{name}` must be a non-empty array",
    WhySignatureNotObject = "why-signature-not-object" => "a signature is not an object",
    WhyNotBase64Of64 = "why-not-base64-of-64" => "`{name}` is not strict base64 of 64 bytes",
    WhyPayloadNotJson = "why-payload-not-json" => "the payload is not well-formed JSON: {why}",
    WhyStatementNotObject = "why-statement-not-object" => "the statement is not a JSON object",
    WhyNotConfirmed = "why-not-confirmed" => "the statement's `{name}` is not confirmed",
    WhyNotRfc3339 = "why-not-rfc3339" => "`{name}` is not an RFC 3339 date-time",
    // §0 JSON: why bytes are not well-formed JSON (a `{why}`; `crate::why`).
    WhyJsonUtf8 = "why-json-utf8" => "invalid UTF-8 at byte {offset}",
    WhyJsonBom = "why-json-bom" => "byte-order mark at byte {offset}",
    WhyJsonSyntax = "why-json-syntax" => "syntax error at byte {offset}",
    WhyJsonEnd = "why-json-end" => "unexpected end of input at byte {offset}",
    WhyJsonTrailing = "why-json-trailing" => "characters after the value at byte {offset}",
    WhyJsonDuplicate = "why-json-duplicate" => "duplicate member name at byte {offset}",
    WhyJsonSurrogate = "why-json-surrogate" => "lone surrogate escape at byte {offset}",
    WhyJsonDeep = "why-json-deep" => "nesting deeper than 64 levels at byte {offset}",
    WhyJsonLarge = "why-json-large" => "a document of 4 GiB or more at byte {offset}",
    // §10 Signed notes and checkpoints: why a text is not one.
    WhyNoteControl = "why-note-control" => "note contains a control character other than newline",
    WhyNoteNoBlock = "why-note-no-block" => "note has no blank line before a signature block",
    WhyNoteNoSignatures = "why-note-no-signatures" => "note has no signature lines",
    WhyNoteUnterminated = "why-note-unterminated" => "signature block does not end with a newline",
    WhyNoteTooMany = "why-note-too-many" => "note has more than {max} signature lines",
    WhyNoteNotSignatureLine = "why-note-not-signature-line" => "signature line {line} does not start with an em dash and a space",
    WhyNoteKeyName = "why-note-key-name" => "signature line {line} has an invalid key name",
    WhyNoteBase64 = "why-note-base64" => "signature line {line} is not strict base64",
    WhyNoteShort = "why-note-short" => "signature line {line} is shorter than a key hash and a signature",
    WhyCheckpointShort = "why-checkpoint-short" => "checkpoint has fewer than three lines",
    WhyCheckpointOrigin = "why-checkpoint-origin" => "checkpoint origin is empty",
    WhyCheckpointSize = "why-checkpoint-size" => "checkpoint tree size is not a canonical decimal u64",
    WhyCheckpointRoot = "why-checkpoint-root" => "checkpoint root hash is not base64 of 32 bytes",
    WhyCheckpointExtension = "why-checkpoint-extension" => "checkpoint has an empty extension line",
    WhyCheckpointKeyUnknown = "why-checkpoint-key-unknown" => "no line of it is by the log's audit_log key",
    WhyCheckpointSignature = "why-checkpoint-signature" => "a signature by the log's own key does not verify",
    // §15 Cosignatures: why a witness's line is not a valid cosignature.
    WhyCosignatureLength = "why-cosignature-length" => "a cosignature is {length} bytes, this one {got}",
    WhyCosignatureTimestamp = "why-cosignature-timestamp" => "cosignature timestamp {timestamp} is above 2^63-1",
    WhyCosignatureSignature = "why-cosignature-signature" => "cosignature does not verify",
    // §10 Merkle proofs: why a proof does not hold.
    WhyMerkleIndex = "why-merkle-index" => "leaf index {index} is out of range for tree size {tree_size}",
    WhyMerkleLength = "why-merkle-length" => "wrong proof length: expected {expected} hashes, got {got}",
    WhyMerkleRoot = "why-merkle-root" => "root mismatch: expected {expected}, computed {got}",
    WhyMerkleRoot1 = "why-merkle-root1" => "first root mismatch: expected {expected}, computed {got}",
    WhyMerkleRoot2 = "why-merkle-root2" => "second root mismatch: expected {expected}, computed {got}",
    WhyMerkleEqualSizes = "why-merkle-equal-sizes" => "trees of equal size {size} have different roots {root1} and {root2}",
    WhyMerkleEmptyFirst = "why-merkle-empty-first" => "consistency from an empty tree (size1 = 0, size2 = {size2}) is not accepted",
    WhyMerkleSizeOrder = "why-merkle-size-order" => "size1 {size1} is larger than size2 {size2}",
    WhyMerkleNonEmpty = "why-merkle-non-empty" => "trees of equal size {size} require an empty proof, got {got} hashes",
    WhyMerkleBeyond = "why-merkle-beyond" => "requested tree size {requested} exceeds the {available} leaves available",
    // §1 Archive.
    ArchiveGzipCorrupt = "archive-gzip-corrupt" => "the gzip stream is corrupt, truncated or not gzip",
    ArchiveDecompressedTooLarge = "archive-decompressed-too-large" => "the decompressed stream exceeds {limit} bytes",
    ArchiveGzipTrailing = "archive-gzip-trailing" => "bytes follow the end of the gzip member",
    ArchiveTooManyHeaders = "archive-too-many-headers" => "more than {limit} tar headers",
    ArchiveTarTrailing = "archive-tar-trailing" => "non-zero bytes follow the end-of-archive marker",
    ArchiveMemberTooLarge = "archive-member-too-large" => "a member declares {size} bytes, more than the limit of {limit}",
    ArchiveDuplicatePath = "archive-duplicate-path" => "two members have this path",
    ArchiveForbidden = "archive-forbidden" => "{kind} is not allowed in a pack (typeflag {typeflag})",
    KindHardLink = "kind-hard-link" => "a hard link",
    KindSymlink = "kind-symlink" => "a symbolic link",
    KindDevice = "kind-device" => "a device",
    KindSizedDirectory = "kind-sized-directory" => "a directory with a size",
    KindFifo = "kind-fifo" => "a FIFO",
    KindContiguous = "kind-contiguous" => "a contiguous file",
    KindPax = "kind-pax" => "a pax extended header",
    KindLongName = "kind-long-name" => "a GNU long-name record",
    KindSparse = "kind-sparse" => "a GNU sparse file",
    KindUnknown = "kind-unknown" => "an entry of an unknown type",
    PathAfterNul = "path-after-nul" => "bytes follow the NUL that ends a path field",
    TarNoEndMarker = "tar-no-end-marker" => "the archive ends without its end-of-archive marker",
    TarLoneZeroBlock = "tar-lone-zero-block" => "a lone zero block is not an end-of-archive marker",
    TarNotUstar = "tar-not-ustar" => "the header is neither ustar nor GNU",
    TarChecksumNotNumber = "tar-checksum-not-number" => "the header checksum is not a number",
    TarChecksumWrong = "tar-checksum-wrong" => "the header checksum is wrong",
    TarSizeNotNumber = "tar-size-not-number" => "the size field is not a number",
    PathNotUtf8 = "path-not-utf8" => "the path is not UTF-8",
    PathEmpty = "path-empty" => "the path is empty",
    PathTooLong = "path-too-long" => "the path is longer than 255 bytes",
    PathAbsolute = "path-absolute" => "the path is absolute",
    PathBackslash = "path-backslash" => "the path contains a backslash or NUL",
    PathDotSegment = "path-dot-segment" => "the path has an empty, '.' or '..' segment",
    ArchiveMissingMember = "archive-missing-member" => "the required member {name} is absent",
    // §2 Manifest.
    ManifestAllClearFalse = "manifest-all-clear-false" => "all_clear is true but the erasure is not complete",
    ManifestAllClearUnderstated = "manifest-all-clear-understated" => "all_clear is false but nothing incomplete was found",
    ManifestUnsupportedFormat = "manifest-unsupported-format" => "`format` must be {format}",
    ManifestListedTwice = "manifest-listed-twice" => "{path} is listed more than once",
    ManifestFileMissing = "manifest-file-missing" => "{path} is listed but not in the archive",
    ManifestSizeMismatch = "manifest-size-mismatch" => "size is {size} bytes, the manifest says {listed}",
    ManifestHashMismatch = "manifest-hash-mismatch" => "SHA-256 is {actual}, the manifest says {listed}",
    ManifestUnlisted = "manifest-unlisted" => "the member is not listed in the manifest's files",
    ManifestFieldMismatch = "manifest-field-mismatch" => "{name} is {manifest} in the manifest but {request} in request.json",
    AttestationEmpty = "attestation-empty" => "the attestation is not UTF-8 text with at least one visible character",
    TimeOutOfOrder = "time-out-of-order" => "{later} ({later_time}) is before {earlier} ({earlier_time})",
    // §3 Signature, §4 Trust.
    SignatureKeyIdMismatch = "signature-key-id-mismatch" => "signature.sig names key {key}, the manifest {manifest_key}",
    SignatureInvalid = "signature-invalid" => "the signature does not verify over manifest.json with the trust store's key",
    TrustNotConfigured = "trust-not-configured" => "no trust store was given: the signer cannot be trusted",
    TrustKeyUnknown = "trust-key-unknown" => "key {key} is not in the trust store",
    TrustRoleMissing = "trust-role-missing" => "key {key} lacks the dpo role",
    TrustSignerMismatch = "trust-signer-mismatch" => "the key belongs to {owner}, not to the signer",
    TrustKeyNotValid = "trust-key-not-valid" => "key {key} is not valid at signed_at {signed}",
    TrustKeyRevoked = "trust-key-revoked" => "key {key} was revoked at {revoked}, before signing",
    TrustKeyRevokedLater = "trust-key-revoked-later" => "key {key} was revoked at {revoked}, after the claimed signed_at (the signer's own word)",
    TrustKeyRevokedBeforeSeal = "trust-key-revoked-before-seal" => "key {key} was revoked at {revoked}; the seal proves the signature only by {sealed}, not before",
    SodSignerIsRunner = "sod-signer-is-runner" => "the engineer who ran the cascade also signs the proof",
    // §5 Request.
    RequestNotPseudonymous = "request-not-pseudonymous" => "subject_id is not `sub_` followed by 64 lowercase hex digits: the proof may carry the raw identifier",
    // §6 SLA.
    SlaExtensionMalformed = "sla-extension-malformed" => "the extension is malformed and is ignored for the deadline",
    SlaDeadlineOverstated = "sla-deadline-overstated" => "sla_deadline {deadline} is not before the end of the first period, {first_period}",
    SlaNoExtensionAllowed = "sla-no-extension-allowed" => "{basis} allows no extension; it is ignored for the deadline",
    SlaExtensionOutOfTime = "sla-extension-out-of-time" => "the extension must be notified within the first period and end within the whole period; it is ignored",
    SlaBreached = "sla-breached" => "completed at {completed}, at or after the effective deadline {deadline}",
    // §7 Steps.
    StepsResidueAfterOk = "steps-residue-after-ok" => "step {step} is ok with after_count {after}",
    StepsSilentFailure = "steps-silent-failure" => "step {step} failed without opening an exception",
    StepsFailed = "steps-failed" => "step {step} failed",
    StepsPending = "steps-pending" => "step {step} is pending",
    StepsPendingDue = "steps-pending-due" => "step {step} is pending (due {due})",
    StepsDeferred = "steps-deferred" => "step {step} is deferred until a TTL expires",
    StepsDeferredAt = "steps-deferred-at" => "step {step} is deferred until a TTL expires (at {expires})",
    StepsExempt = "steps-exempt" => "step {step} is exempt under a documented legal basis",
    StepsReplicationNotDrained = "steps-replication-not-drained" => "episodic: output.replication_lag_drained is not true",
    StepsVectorsNotPurged = "steps-vectors-not-purged" => "vectors: purge is {purge}; removal from the serving index alone is not erasure",
    StepsLineageMissing = "steps-lineage-missing" => "fine_tune: output.models does not list the affected model releases",
    StepsModelEntryIncomplete = "steps-model-entry-incomplete" => "fine_tune: a model entry lacks a model_id, a known action, or what its action needs",
    StepsModelSuppressed = "steps-model-suppressed" => "fine_tune: a model is only suppressed, an interim control",
    StepsWrongSeq = "steps-wrong-seq" => "step {step} must have seq {seq}",
    StepsNotAscending = "steps-not-ascending" => "records are not in ascending seq",
    StepsTwice = "steps-twice" => "step {step} appears twice",
    PurgeAbsent = "purge-absent" => "absent",
    StepsBackupNotObject = "steps-backup-not-object" => "a backup must be a JSON object",
    StepsMissing = "steps-missing" => "no record for the required step {step}",
    StepsBackupLive = "steps-backup-live" => "step {step}: backup {name} is live: the data is still in a copy in use",
    StepsBackupUnsuppressed = "steps-backup-unsuppressed" => "step {step}: backup {name} is beyond use, but a restore would not re-apply the erasure",
    // §8 Probes.
    ProbesResidue = "probes-residue" => "the {name} probe found {count} records that should be gone",
    ProbesUnredactedPii = "probes-unredacted-pii" => "the audit-log probe found {count} unredacted PII fields",
    ProbesAllClearInconsistent = "probes-all-clear-inconsistent" => "all_clear is {claim} but the probe counts say {clear}",
    ProbesMissing = "probes-missing" => "no probe for {name}",
    ProbesAuditMismatch = "probes-audit-mismatch" => "the probe reports {claimed} unredacted PII fields, the audit witness shows {computed}",
    ProbesSameCodePath = "probes-same-code-path" => "the probes ran the cascade's own code ({code_ref}, as step {step})",
    // §9 Receipts.
    ReceiptsConfirmedBeforeRequested = "receipts-confirmed-before-requested" => "confirmed_at is before requested_at",
    ReceiptsUnattested = "receipts-unattested" => "the erasure at {who} is the controller's word only: no receipt has the subprocessor's verified signature",
    ReceiptsMissing = "receipts-missing" => "no receipt for the subprocessor {name}",
    ReceiptsUnlisted = "receipts-unlisted" => "{name} is not in the manifest's subprocessors",
    ReceiptsNotApi = "receipts-not-api" => "receipt for {who} came by {channel}, not by API",
    ReceiptsNoTicket = "receipts-no-ticket" => "receipt for {who} has no ticket id",
    ReceiptsPending = "receipts-pending" => "deletion at {who} is pending",
    ReceiptsPendingDue = "receipts-pending-due" => "deletion at {who} is pending (due {due})",
    ReceiptsFailed = "receipts-failed" => "deletion at {who} failed",
    // §10 Audit witness.
    AuditPiiDisclosed = "audit-pii-disclosed" => "entry {index} still discloses {count} PII fields",
    AuditOriginMismatch = "audit-origin-mismatch" => "checkpoint origin {origin} is not log_origin",
    AuditCheckpointKeyUnknown = "audit-checkpoint-key-unknown" => "no signature by the trust store's audit_log key for the log {origin}",
    AuditCheckpointSignatureInvalid = "audit-checkpoint-signature-invalid" => "a signature by the log's own key does not verify",
    AuditDisclosureNotBase64 = "audit-disclosure-not-base64" => "a disclosure is not strict base64url",
    AuditDisclosureShape = "audit-disclosure-shape" => "a disclosure must be [salt, field_name, value]",
    AuditDisclosureUnmatched = "audit-disclosure-unmatched" => "the digest of the disclosure of {field} is not in the leaf's _sd",
    AuditRedactionNoEntry = "audit-redaction-no-entry" => "the redaction names index {index}, which is not an entry of the witness",
    AuditRedactionStillThere = "audit-redaction-still-there" => "field {field} of entry {index} is recorded as redacted but is still there",
    AuditConsistencyFailed = "audit-consistency-failed" => "the before-tree is not proved a prefix of the after-tree: {why}",
    AuditInclusionFailed = "audit-inclusion-failed" => "leaf {index} is not proved in the after-tree: {why}",
    AuditCheckpointMalformed = "audit-checkpoint-malformed" => "not a signed checkpoint: {why}",
    AuditLeafNotJson = "audit-leaf-not-json" => "leaf is not well-formed JSON: {why}",
    AuditDisclosureNotJson = "audit-disclosure-not-json" => "disclosure is not well-formed JSON: {why}",
    AuditStepNotLogged = "audit-step-not-logged" => "step {step} ({status}) is not on the audit log",
    AuditRequestNotLogged = "audit-request-not-logged" => "no {event} entry for {request} on the audit log",
    // §15 Witness cosignatures.
    CosignatureInvalid = "cosignature-invalid" => "the cosignature of witness {witness}: {why}",
    CosignedBeforeSigning = "cosigned-before-signing" => "witness {witness} cosigned at {at}, before the manifest's signed_at",
    CosignedAfterSigning = "cosigned-after-signing" => "witness {witness} cosigned at {at}, after the manifest's signed_at",
    WitnessQuorumNotMet = "witness-quorum-not-met" => "{counted} witness(es) count on checkpoint_after; the policy asks for {quorum}",
    // §16 Receipt attestations.
    AttestationUnreadable = "attestation-unreadable" => "{why}",
    AttestationNoMember = "attestation-no-member" => "`attestation` names {path}, which is no member of the pack",
    AttestationTooLarge = "attestation-too-large" => "an attestation of {size} bytes (this verifier reads at most {limit})",
    AttestationDiffers = "attestation-differs" => "the signed statement differs from the receipt in {fields}",
    AttestationSignatureFails = "attestation-signature-fails" => "the signature by {keys} does not verify",
    AttestationUnverified = "attestation-unverified" => "no signature is by a subprocessor key of {name} in the trust store, valid at {at}",
    // §21 Witnessed completion.
    WitnessedAfterDeadline = "witnessed-after-deadline" => "completed on time by the controller's clock, but {k} witness(es) had seen the cascade's log only by {seen}, at or after the effective deadline {deadline}",
    UnwitnessedLate = "unwitnessed-late" => "the policy asks for a witnessed time before the effective deadline {deadline}; the witnessed time is not before it",
    UnwitnessedTooFew = "unwitnessed-too-few" => "the policy asks for a witnessed time before the effective deadline {deadline}; fewer than {k} witness(es) count on checkpoint_after",
    // §11 Provenance.
    ProvenanceHeaderFirst = "provenance-header-first" => "the first record must be the header",
    ProvenanceMissing = "provenance-missing" => "derivatives were requested but the pack has no provenance graph",
    ProvenanceUnverifiable = "provenance-unverifiable" => "the reverse index is unavailable: erasure of derivatives cannot be attested",
    ProvenanceObligationOpen = "provenance-obligation-open" => "an obligation is open: a derived copy is still pending erasure",
    ProvenanceScopeNotRegistered = "provenance-scope-not-registered" => "scope {scope} has no scope record",
    ProvenanceScopesOmitted = "provenance-scopes-omitted" => "tombstone {node} omits the scopes of its derivatives: {scopes}",
    ProvenanceScopesOmittedMore = "provenance-scopes-omitted-more" => "tombstone {node} omits the scopes of its derivatives: {scopes}, and {more} more",
    ProvenanceScopesTooFar = "provenance-scopes-too-far" => "tombstone {node} omits the scopes of its derivatives: (not named: too far to walk)",
    ProvenanceLive = "provenance-live" => "{node} derives from erased data and is still live",
    ProvenanceDeferred = "provenance-deferred" => "{node} derives from erased data and only expires later",
    ProvenanceUndeclaredDeferral = "provenance-undeclared-deferral" => "no deferred obligation covers {node} until it expires",
    // §22 Seal.
    SignatureNoSeal = "signature-no-seal" => "the policy asks for a sealed signature; signature.sig has no seal",
    SignatureNoSealedTime = "signature-no-sealed-time" => "the policy asks for a sealed signature; the seal gives no sealed time",
    SealNotCheckpoint = "seal-not-checkpoint" => "the seal's checkpoint is not a signed checkpoint: {why}",
    SealOtherLog = "seal-other-log" => "the seal's checkpoint is of the log {origin}, not of the pack's log_origin",
    SealCheckpointFails = "seal-checkpoint-fails" => "the seal's checkpoint: {why}",
    SealNotConsistent = "seal-not-consistent" => "checkpoint_after is not proved a prefix of the seal's checkpoint: {why}",
    SealNotIncluded = "seal-not-included" => "the leaf is not proved at index {index} of the seal's checkpoint: {why}",
    SealLeafDiffers = "seal-leaf-differs" => "the leaf's {name} is {in_leaf}; this pack's is {in_pack}",
    // §19 Register (the register's own findings, over several packs).
    RegisterDuplicateFile = "register-duplicate-file" => "{count} files have the same bytes as {file}: one pack",
    RegisterSupersedesUnknown = "register-supersedes-unknown" => "{file} supersedes {sha256}, which is not in the set",
    RegisterSupersedesMismatch = "register-supersedes-mismatch" => "{file} supersedes {earlier}, which differs in {fields}: the link is void",
    RegisterSupersededTwice = "register-superseded-twice" => "{count} packs supersede {file}: every such link is void",
    RegisterForkRoots = "register-fork-roots" => "the log {origin} shows two roots at tree size {size}: its key signed two histories",
    RegisterForkLeaves = "register-fork-leaves" => "the log {origin} shows two leaves at index {index}: its key signed two histories",
    RegisterCompetingPacks = "register-competing-packs" => "request {request} has {count} packs that no pack supersedes",
    RegisterOverdue = "register-overdue" => "{kind} {what} was due at {due}, before as_of",
}

/// A value placed in a message: text (pack text included, made inert by
/// whoever writes it) or a whole number a language may choose its words by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageArg {
    /// Text, placed as it is.
    Text(String),
    /// A whole number, placed in decimal digits.
    Number(i64),
    /// A phrase that is itself a message without values (why a member is
    /// wrong, what kind of entry a tar header is), in the same language.
    Phrase(MessageId),
    /// A phrase that is itself a message with values (why a proof or a
    /// text does not hold: `crate::why`), in the same language.
    Said(MessageId, Vec<(&'static str, MessageArg)>),
}

impl From<MessageId> for MessageArg {
    fn from(id: MessageId) -> Self {
        MessageArg::Phrase(id)
    }
}

impl std::fmt::Display for MessageArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageArg::Text(text) => f.write_str(text),
            MessageArg::Number(n) => write!(f, "{n}"),
            MessageArg::Phrase(id) => f.write_str(id.english()),
            MessageArg::Said(id, args) => f.write_str(&fill(id.english(), args)),
        }
    }
}

impl From<&str> for MessageArg {
    fn from(text: &str) -> Self {
        MessageArg::Text(text.to_owned())
    }
}

impl From<String> for MessageArg {
    fn from(text: String) -> Self {
        MessageArg::Text(text)
    }
}

impl From<&String> for MessageArg {
    fn from(text: &String) -> Self {
        MessageArg::Text(text.clone())
    }
}

impl From<i64> for MessageArg {
    fn from(n: i64) -> Self {
        MessageArg::Number(n)
    }
}

impl From<u64> for MessageArg {
    fn from(n: u64) -> Self {
        // Beyond i64 (a tar size field can say so), the digits as text.
        i64::try_from(n).map_or_else(|_| MessageArg::Text(n.to_string()), MessageArg::Number)
    }
}

impl From<usize> for MessageArg {
    fn from(n: usize) -> Self {
        MessageArg::from(n as u64)
    }
}

impl From<u32> for MessageArg {
    fn from(n: u32) -> Self {
        MessageArg::Number(i64::from(n))
    }
}

/// A finding's message: its id and values, and the English text (§13's
/// `message`). Without an id, the English text alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    pub(crate) id: Option<MessageId>,
    pub(crate) args: Vec<(&'static str, MessageArg)>,
    pub(crate) english: String,
}

impl Message {
    /// The message `id` with its values; its English text is the template
    /// with each `{name}` replaced by its value.
    pub(crate) fn new(id: MessageId, args: Vec<(&'static str, MessageArg)>) -> Message {
        let english = fill(id.english(), &args);
        Message {
            id: Some(id),
            args,
            english,
        }
    }
}

impl From<MessageId> for Message {
    fn from(id: MessageId) -> Self {
        Message::new(id, Vec::new())
    }
}

impl From<String> for Message {
    fn from(english: String) -> Self {
        Message {
            id: None,
            args: Vec::new(),
            english,
        }
    }
}

impl From<&str> for Message {
    fn from(english: &str) -> Self {
        Message::from(english.to_owned())
    }
}

/// `template` with each `{name}` of `args` replaced by its value; any other
/// brace is kept as it is.
pub(crate) fn fill(template: &str, args: &[(&str, MessageArg)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(&v.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A finding's message: `message!(Id, name = value, ...)`, each value
/// anything a [`MessageArg`] is made from.
macro_rules! message {
    ($id:ident $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::messages::Message::new(
            $crate::messages::MessageId::$id,
            vec![$((stringify!($name), $crate::messages::MessageArg::from($value)),)*],
        )
    };
}
pub(crate) use message;

/// Pack text as the English messages quote it (Rust's debug form: quotes,
/// escapes).
pub(crate) fn quoted(text: &str) -> String {
    format!("{text:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_templates_place_their_values() {
        let mut seen = std::collections::HashSet::new();
        for id in MessageId::ALL {
            assert!(seen.insert(id.as_str()), "{}", id.as_str());
        }
        let m = message!(ProbesResidue, name = "uploads", count = 9_u64);
        assert_eq!(
            m.english,
            "the uploads probe found 9 records that should be gone"
        );
        // A value's own braces are not read again; unknown names stay.
        let args = [("a", MessageArg::from("{b}")), ("b", MessageArg::from("x"))];
        assert_eq!(fill("{a} {b} {c} {", &args), "{b} x {c} {");
    }
}
