//! Plain-language explanations of every finding code (spec §12), written for
//! reviewers such as regulators who are not engineers.
//!
//! Each [`Code`] has three short texts: what the finding means, why it matters
//! for the erasure claim, and what to ask the controller. The match below has
//! one arm per code and no wildcard, so adding a code without an explanation
//! does not compile.

use proofpack_core::{Code, Effect};

/// What a finding means to a reviewer who is not an engineer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Explanation {
    /// What the finding means, in plain language.
    pub meaning: &'static str,
    /// Why it matters for the erasure claim.
    pub why: &'static str,
    /// What to ask the controller.
    pub ask: &'static str,
}

/// The plain-language explanation of a finding code.
///
/// This is one long function on purpose: the match is the table of texts,
/// one arm per [`Code`] and no wildcard, so adding a code without an
/// explanation does not compile. Split into parts, the match would need a
/// wildcard or a second list of codes, and lose that check.
pub fn explanation(code: Code) -> Explanation {
    let (meaning, why, ask) = match code {
        // ---- The container (the compressed .tar.gz file holding the pack) ----
        Code::ArchiveMalformed => (
            "The proof pack file itself is damaged or is not the expected kind of compressed archive: it is cut short, corrupted, or its internal structure is broken, so none of its contents could be checked.",
            "Nothing inside the pack could be examined, so the erasure claim has no usable evidence behind it. The pack is invalid.",
            "Ask the controller for a fresh, complete copy of the proof pack, and how the file was produced and sent to you.",
        ),
        Code::ArchiveTrailingData => (
            "Extra data was found after the official end of the pack file. Some tools ignore such data, others may read it as additional content.",
            "Hidden content after the end means different readers can see different packs, so the evidence is ambiguous. The pack is invalid.",
            "Ask the controller why data was appended after the end of the pack, and for a pack produced by its standard tool with nothing added.",
        ),
        Code::ArchiveForbiddenEntry => (
            "The pack contains something other than ordinary files, such as a shortcut (link) to another file, a device entry, or a special entry that renames or resizes the next file.",
            "Such entries make different tools unpack different contents, so what was signed may not be what you read. The pack is invalid.",
            "Ask the controller why the entry is in the pack, and for a regenerated pack containing only ordinary files.",
        ),
        Code::ArchiveBadPath => (
            "A file inside the pack has a name that is not a plain location within the pack: it may point outside the pack, start at the top of a disk, contain '..' or unusual characters, or be stored ambiguously.",
            "Ambiguous or escaping file names can make tools read the wrong file or overwrite files on the reviewer's computer. The pack is invalid.",
            "Ask the controller which tool produced the pack and for a regenerated pack in which every file has a plain name.",
        ),
        Code::ArchiveDuplicateEntry => (
            "Two files inside the pack have exactly the same name.",
            "Different tools keep different copies, so two reviewers could read different evidence from the same pack. The pack is invalid.",
            "Ask the controller which copy is the genuine one and why there are two, and for a regenerated pack in which every file appears once.",
        ),
        Code::ArchiveLimitExceeded => (
            "The pack exceeds the verifier's safety limits (too much data once unpacked, one file too large, or too many entries), so checking stopped.",
            "Oversized packs can be used to overwhelm review tools, and without a full check the erasure claim cannot be accepted. The pack is invalid.",
            "Ask the controller why the pack is so large, and for a pack of normal size, with bulky supporting material supplied separately if needed.",
        ),
        Code::ArchiveMissingMember => (
            "One of the documents every pack must contain is absent: the signed statement, its signature, the request, the step records, the verification results, the subprocessor receipts, the audit-log record or the attestation.",
            "Without every required document the erasure cannot be checked from end to end. The pack is invalid.",
            "Ask the controller for a complete pack including the missing document, and why it was left out.",
        ),

        // ---- General data rules ----
        Code::JsonMalformed => (
            "A document in the pack is not valid structured data (JSON, the machine-readable text format the pack uses): it is broken, repeats a field name, has invalid characters or is nested too deeply.",
            "A broken document cannot be read reliably, and a repeated field can mean different things to different tools. The pack is invalid.",
            "Ask the controller which system produced the document, and for a correctly formed replacement pack.",
        ),
        Code::TimeInvalid => (
            "A date and time in the pack cannot be read, or does not say which time zone it is in.",
            "Deadlines and the order of events cannot be checked without exact times. The pack is invalid.",
            "Ask the controller for the exact date, time and time zone of the event concerned, and for a corrected pack.",
        ),
        Code::TimeOutOfOrder => (
            "Dates in the pack are in an impossible order, for example a step ending before it started, the checks run before the work finished, or the statement signed before the erasure was completed.",
            "An impossible timeline means the records are wrong or were edited afterwards. The pack contradicts itself and is invalid.",
            "Ask the controller to explain the real sequence of events, with the original system records showing when each action happened.",
        ),
        Code::AttestationEmpty => (
            "The written attestation of the data protection officer (DPO), the human statement that the erasure was done, is blank.",
            "The pack must carry an accountable person's own statement; without it the claim has no declared author. The pack is invalid.",
            "Ask for the DPO's written attestation describing what was erased, when, and on what basis.",
        ),

        // ---- The signed statement (manifest) ----
        Code::ManifestUnsupportedFormat => (
            "The signed statement (the manifest, the pack's main summary document) does not declare itself as version 1 of this proof pack format.",
            "The rules used to check the pack may not be the ones its producer followed, so the results cannot be relied on. The pack is invalid.",
            "Ask the controller which format and tool version produced the pack, and for a pack in the supported format.",
        ),
        Code::ManifestSchema => (
            "The signed statement (manifest) lacks required information, holds information of the wrong kind, or has a value that is not allowed, such as an unknown legal basis or a malformed file fingerprint.",
            "The central statement of the claim cannot be read reliably. The pack is invalid.",
            "Ask the controller which detail was wrong and why, and for a corrected, re-signed pack.",
        ),
        Code::ManifestFileMissing => (
            "The signed statement lists a file as part of the evidence, but that file is not in the pack.",
            "Evidence the signer vouched for is absent, so that part of the claim cannot be checked. The pack is invalid.",
            "Ask the controller for the missing file in a regenerated pack, and why it was absent.",
        ),
        Code::ManifestUnlistedMember => (
            "The pack contains a file that the signed statement does not list, so the signature does not cover that file.",
            "Content that is not covered by the signature could have been added by anyone after signing. The pack is invalid.",
            "Ask who added the file and when, and for a pack in which every file is listed in the signed statement.",
        ),
        Code::ManifestDuplicatePath => (
            "The signed statement lists the same file more than once.",
            "A file listed twice, possibly with different fingerprints, makes the statement ambiguous. The pack is invalid.",
            "Ask the controller which entry is correct and why the file was listed twice, and for a corrected, re-signed pack.",
        ),
        Code::ManifestHashMismatch => (
            "A file's content does not match the digital fingerprint (hash) recorded for it in the signed statement: the file was changed after signing, or the wrong file was included.",
            "This is the main sign of tampering or error: the evidence is not what was signed. The pack is invalid.",
            "Ask the controller for the file exactly as signed, and who changed it, when and why.",
        ),
        Code::ManifestSizeMismatch => (
            "A file's size differs from the size recorded for it in the signed statement.",
            "The evidence is not what was signed, a sign of alteration or error. The pack is invalid.",
            "Ask the controller for the file exactly as signed, and why its size changed.",
        ),
        Code::ManifestFieldMismatch => (
            "Key details in the signed statement (request number, organisation, data subject reference, legal basis, date of receipt or deadline) differ from the same details in the erasure request.",
            "The signed claim may concern a different request or deadline than the one recorded. The pack contradicts itself and is invalid.",
            "Ask the controller which values are correct, with the original request record, and why the two documents disagree.",
        ),
        Code::ManifestAllClearFalseClaim => (
            "The signed statement claims the erasure is fully complete, but the verifier's own checks show that parts of it are not complete.",
            "The signer asserted something the evidence contradicts. The pack is self-contradictory and invalid.",
            "Ask the DPO why the erasure was certified as complete despite the outstanding items, and what review was done before signing.",
        ),

        // ---- The digital signature ----
        Code::SignatureMalformed => (
            "The digital signature file, which should prove who approved the statement, is not in the expected form: wrong structure, an unsupported signature method, or a signature of the wrong length.",
            "Without a usable signature nobody can confirm who approved the statement or that it is unchanged. The pack is invalid.",
            "Ask the controller for a pack with a correctly formed signature from the DPO's registered signing key.",
        ),
        Code::SignatureKeyIdMismatch => (
            "The digital signature says it was made with a different signing key than the one the signed statement names.",
            "The statement and its signature disagree about which key signed, so authenticity cannot be established. The pack is invalid.",
            "Ask the controller which signing key was actually used, and for a pack in which the signature and the statement name the same key.",
        ),
        Code::SignatureInvalid => (
            "The digital signature does not match the signed statement: either the statement was changed after signing, or the signature was not made with the named key.",
            "The central authenticity check fails, so the statement cannot be relied on at all. The pack is invalid.",
            "Ask the controller whether the statement was edited after signing, how the mismatch arose, and for a pack properly re-signed by the DPO.",
        ),

        // ---- Request, steps, verification checks, receipts ----
        Code::RequestSchema => (
            "The erasure request record lacks required information or has invalid values, for example no reference to the requester's identity check, unknown or repeated data categories, or an incomplete extension notice.",
            "The request defines the scope and deadline of the erasure; if it cannot be read, the claim cannot be assessed. The pack is invalid.",
            "Ask for the original request record, including the identity-check reference, the categories of data covered and any extension notice.",
        ),
        Code::StepsSchema => (
            "A record of an erasure step is incomplete or malformed, for example a failed step with no error description, a deferred step with no expiry date, or an exemption with no legal basis or justification.",
            "The step records are the core evidence of what was done; a malformed one cannot be assessed. The pack is invalid.",
            "Ask the controller for the complete, corrected step records from the system that ran the erasure.",
        ),
        Code::StepsOrder => (
            "The records of the erasure steps are not in the required fixed order, are numbered wrongly, or a step appears more than once.",
            "A disordered or repeated record makes it unclear which entry is the real outcome of a step. The pack is invalid.",
            "Ask the controller for the original run log and which record for each step is authoritative.",
        ),
        Code::StepsResidueAfterOk => (
            "A step is reported as successful, yet its own count shows records of the person's data still remaining afterwards.",
            "The step record contradicts itself, so its claim of success cannot be believed. The pack is invalid.",
            "Ask what the remaining records are, whether they have since been erased, and why the step was marked successful.",
        ),
        Code::StepsSilentFailure => (
            "An erasure step failed, but no incident or exception ticket was opened to track and fix the failure.",
            "Failures that nobody tracks tend not to be fixed, and the controller's process did not record this one as required. The pack is invalid.",
            "Ask for the incident record for the failure, who is responsible for fixing it, and when the step will be completed.",
        ),
        Code::ProbesSchema => (
            "The results of the verification checks (searches run after the erasure to confirm the data is gone) are incomplete or malformed.",
            "Without readable verification results there is no confirmation that the data is gone. The pack is invalid.",
            "Ask the controller for the complete verification results, including the date they were run and the software version used.",
        ),
        Code::ProbesAllClearInconsistent => (
            "The verification results declare 'all clear' while their own counts show data left behind, or declare a problem while every count is zero.",
            "The results contradict themselves, so neither the summary nor the counts can be relied on. The pack is invalid.",
            "Ask the controller to explain the discrepancy and to provide the raw results of each verification check.",
        ),
        Code::ProbesAuditMismatch => (
            "The verification results report a different number of personal details left readable in the audit log than the verifier counts in the audit-log evidence in the pack.",
            "The check of the audit log either looked at different evidence or misreported what it found. The pack is invalid.",
            "Ask the controller how the audit-log check was performed and on which log data, and to reconcile its count with the evidence.",
        ),
        Code::ReceiptsSchema => (
            "A deletion receipt from a subprocessor (an outside company processing data for the controller) is incomplete or malformed, e.g. a confirmed receipt with no confirmation time.",
            "Receipts are the evidence that outside companies deleted the data; a malformed one cannot be assessed. The pack is invalid.",
            "Ask the controller for the complete receipt as issued by the subprocessor, with its request and confirmation dates.",
        ),

        // ---- Deadline ----
        Code::SlaDeadlineOverstated => (
            "The deadline the controller recorded for this request falls on or after the end of the initial legal period (for example one calendar month after receipt under GDPR), even where an extension was later made.",
            "The controller allowed itself more time than the law gives, which could hide a late erasure. The pack is invalid.",
            "Ask the controller how the deadline was calculated, on what legal basis, and what the data subject was told.",
        ),

        // ---- The tamper-evident audit log ----
        Code::AuditSchema => (
            "The audit-log evidence, an extract of the tamper-evident audit log (a log whose past entries cannot be changed without detection), is incomplete or malformed.",
            "The audit log is the independent witness of what happened; malformed evidence cannot be checked. The pack is invalid.",
            "Ask the controller for a complete, correctly formed extract of the audit log for this request.",
        ),
        Code::AuditCheckpointMalformed => (
            "A checkpoint of the tamper-evident audit log (a signed snapshot of the log at one moment) cannot be read.",
            "Without readable snapshots the integrity of the audit log cannot be confirmed. The pack is invalid.",
            "Ask the controller for the original signed snapshots of the audit log from before and after the erasure.",
        ),
        Code::AuditCheckpointSignatureInvalid => (
            "The signature on a snapshot of the tamper-evident audit log, made with the log operator's trusted key, does not verify.",
            "The snapshot may be forged or altered, so the audit-log evidence cannot be relied on. The pack is invalid.",
            "Ask the controller, or the audit-log operator, for the genuine signed snapshots and an explanation of the failure.",
        ),
        Code::AuditOriginMismatch => (
            "A snapshot of the audit log names a different log than the one the pack says its evidence comes from.",
            "The evidence may come from another log, for example a test system or another customer's log. The pack is invalid.",
            "Ask the controller which audit log holds the records for this request, and for snapshots from that log.",
        ),
        Code::AuditConsistencyFailed => (
            "The proof that the audit log only grew between the snapshots taken before and after the erasure, and was not rewritten, fails.",
            "Past log entries may have been altered or removed, which destroys the log's value as a witness. The pack is invalid.",
            "Ask the controller and the log operator whether the audit log was rewritten or reset, and for a valid proof covering the period.",
        ),
        Code::AuditInclusionFailed => (
            "A log entry shown in the pack cannot be proven to be part of the tamper-evident audit log at the stated position.",
            "The entry may be fabricated or altered, so it cannot serve as evidence. The pack is invalid.",
            "Ask the controller for the genuine entry as recorded in the audit log, with its proof of inclusion.",
        ),
        Code::AuditDisclosureUnmatched => (
            "The log keeps personal details apart from its entries so they can be deleted later; here a detail does not match the sealed fingerprint stored in its entry.",
            "The detail is not the one originally recorded, a sign of alteration. The pack is invalid.",
            "Ask the controller how this detail came to differ from what was originally logged.",
        ),
        Code::AuditRedactionInconsistent => (
            "The record of what was blanked out (redacted) in the audit log contradicts the log evidence: it claims a detail was removed that is still there, or refers to an entry not in the evidence.",
            "The controller's description of its redaction does not match what it actually did. The pack is invalid.",
            "Ask the controller to reconcile the redaction record with the audit-log entries and to show which details were removed.",
        ),
        Code::ProvenanceSchema => (
            "A record in the data lineage file (the map of summaries, embeddings, caches and other items produced from the person's data) is incomplete or malformed.",
            "The lineage map is how derived copies of the data are found; a malformed record cannot be assessed. The pack is invalid.",
            "Ask the controller for a complete, correctly formed lineage file for this request.",
        ),

        // ---- Trust in the signer and the witness ----
        Code::TrustNotConfigured => (
            "The check was run without a list of trusted signing keys (the trust store), so it could not confirm who signed the pack.",
            "Without that list anyone could have signed; the pack is intact but untrusted. This usually concerns how the check was run, not the pack.",
            "Ask the controller to supply its list of trusted signing keys through a channel separate from the pack, so the check can be repeated.",
        ),
        Code::TrustKeyUnknown => (
            "The key used to sign the pack is not in the list of trusted keys.",
            "The signature may be genuine, but nothing shows that the signer is authorised to certify erasures. The pack is untrusted.",
            "Ask who holds this key and why it is not registered, or for a pack signed with a registered DPO key.",
        ),
        Code::TrustKeyNotValidAtSigning => (
            "The pack claims to have been signed at a time when the signing key was not yet valid or had already expired.",
            "A key outside its validity period is not authorised to sign. The pack is untrusted.",
            "Ask the controller when the pack was really signed and with which key, and for a pack signed with a key valid at that time.",
        ),
        Code::TrustKeyRevoked => (
            "The signing key had already been withdrawn (revoked), for example because it was lost or compromised, at or before the time the pack says it was signed.",
            "A revoked key may be in the wrong hands, so the signature cannot be trusted. The pack is untrusted.",
            "Ask why and when the key was revoked, and for the pack to be re-signed with a current DPO key.",
        ),
        Code::TrustRoleMissing => (
            "The signing key is registered, but it is not authorised for the data protection officer (DPO) role that may certify erasures.",
            "The person or system that signed is not entitled to make this claim. The pack is untrusted.",
            "Ask the controller why the pack was not signed by the DPO, and for a pack signed with the DPO's key.",
        ),
        Code::TrustSignerMismatch => (
            "The person named as signer in the statement is not the registered owner of the key that signed it.",
            "Someone may have signed on another person's behalf, which breaks the chain of accountability. The pack is untrusted.",
            "Ask who actually signed the pack, and for a pack signed by the named signer with their own key.",
        ),
        Code::SodSignerIsRunner => (
            "The person who signed off the erasure is the same person who carried it out (segregation of duties requires the sign-off to come from someone independent).",
            "Nobody independent checked the work before it was certified. The pack is untrusted.",
            "Ask who independently reviewed the erasure, and for a sign-off by the DPO or another person who did not carry it out.",
        ),
        Code::AuditCheckpointKeyUnknown => (
            "The snapshots of the tamper-evident audit log are not signed by any key trusted to sign for this log.",
            "The audit-log evidence cannot be traced to the trusted log operator, so it is no independent witness. The pack is untrusted.",
            "Ask the controller for the audit log's registered signing key and for snapshots signed with it.",
        ),
        Code::AuditRequestNotLogged => (
            "The tamper-evident audit-log evidence shows no record of this erasure request being accepted.",
            "There is no independent record of the request; the claim rests on the controller's own documents. The pack is untrusted.",
            "Ask the controller for the audit-log entry recording when the request was accepted.",
        ),
        Code::AuditStepNotLogged => (
            "An erasure step, with the outcome reported in the pack, has no matching entry in the audit-log evidence.",
            "The reported outcome is not independently witnessed and could have been written afterwards. The pack is untrusted.",
            "Ask the controller for the audit-log entry of this step, or why the step was not logged.",
        ),

        // ---- The erasure is not complete ----
        Code::MinimizationSubjectNotPseudonymous => (
            "The pack identifies the person by a real identifier (such as an e-mail address or name) instead of a coded reference that cannot be read without the controller's secret key.",
            "The proof itself then holds a copy of the personal data it claims was erased, so the erasure is incomplete.",
            "Ask the controller to reissue the pack using the coded reference and to confirm that no other copies of the real identifier remain.",
        ),
        Code::StepsMissing => (
            "One of the required erasure steps has no record: each requested category of data needs one, as do deletion at subprocessors and redaction of the audit log.",
            "A category of the person's data may not have been erased at all. The erasure is incomplete.",
            "Ask the controller whether that step was carried out, and for its record and evidence.",
        ),
        Code::StepsFailed => (
            "An erasure step is recorded as failed.",
            "Some of the person's data was not erased. The erasure is incomplete.",
            "Ask what went wrong, for the incident ticket, when the step will be re-run, and for evidence once it succeeds.",
        ),
        Code::StepsPending => (
            "An erasure step has not been carried out yet; it is scheduled for a later date.",
            "Until the step is done the data still exists. The erasure is incomplete.",
            "Ask for the scheduled date, why the step was not done in time, and for confirmation once it is finished.",
        ),
        Code::StepsDeferred => (
            "An erasure step was not carried out directly but left to happen automatically after a set time, for example a cache that expires on its own.",
            "Until that time passes the data still exists; a deferred erasure is not a completed one. The erasure is incomplete.",
            "Ask exactly when the data will expire, whether it can be used until then, and for confirmation after expiry.",
        ),
        Code::StepsReplicationNotDrained => (
            "Records of the person's past interactions were deleted from the main database, but there is no confirmation that its synchronised copies (replicas) have caught up with the deletion.",
            "Copies of the data may still exist on other servers. The erasure is incomplete.",
            "Ask the controller for evidence that every copy of the database has applied the deletion.",
        ),
        Code::StepsVectorsNotPurged => (
            "The person's data was hidden from search, but the stored search data (embeddings, numeric representations of text used for similarity search) was not purged or rebuilt, so it may remain.",
            "Hiding data from search is not erasing it. The erasure is incomplete.",
            "Ask the controller for evidence that the underlying search data was purged or rebuilt without the person's data.",
        ),
        Code::StepsModelLineageMissing => (
            "The pack does not fully account for which AI model releases were trained on the person's data and what was done with each (retrained, unlearned, retired...), or an action lacks its evidence.",
            "The person's data may persist inside AI models. The erasure is incomplete.",
            "Ask for a list of every model release trained on the data and the action taken for each, with the method and test results for any unlearning.",
        ),
        Code::StepsModelSuppressedOnly => (
            "An AI model trained on the person's data has only been blocked from outputting it (suppressed); the data's influence remains inside the model.",
            "Suppression is an interim control, not erasure. The erasure is incomplete.",
            "Ask the controller for its plan and date to retrain, unlearn or retire the model.",
        ),
        Code::ProbesMissing => (
            "A required verification check (a search run after the erasure to confirm the data is gone) is missing for a data category, for subprocessors, or for the audit log.",
            "Nothing confirms that the data in that area is gone. The erasure is incomplete.",
            "Ask the controller to run the missing check and to provide its results.",
        ),
        Code::ProbesResidue => (
            "A verification check found records of the person's data that should have been erased but still exist.",
            "Personal data that should be gone is still held. The erasure is incomplete.",
            "Ask what the remaining records are, why they were missed, and for evidence of their deletion.",
        ),
        Code::ProbesUnredactedPii => (
            "The verification check of the audit log found personal details that have not been blanked out (redacted).",
            "Personal data remains readable in the audit log. The erasure is incomplete.",
            "Ask the controller to redact the remaining details and to provide a new check showing none are left.",
        ),
        Code::AuditPiiDisclosed => (
            "The audit-log evidence in the pack still contains personal details, such as an e-mail address, name or IP address, in readable form.",
            "Personal data remains in the audit log, and in the proof itself. The erasure is incomplete.",
            "Ask the controller to redact those details from the audit log and to provide updated evidence.",
        ),
        Code::ReceiptsMissing => (
            "A subprocessor (an outside company that the controller lists as holding the person's data) has no deletion receipt in the pack.",
            "Nothing shows that the outside company deleted the data. The erasure is incomplete.",
            "Ask the controller for the subprocessor's deletion receipt, or whether deletion was ever requested from it.",
        ),
        Code::ReceiptsNotApi => (
            "A subprocessor's deletion was handled through an informal channel, such as an e-mail or a phone call, rather than through its automated deletion service, and no automated confirmation exists.",
            "An informal message is weak, hard-to-verify evidence of deletion. The erasure is incomplete.",
            "Ask the controller for a confirmation from the subprocessor's deletion service, with its reference number.",
        ),
        Code::ReceiptsNoTicket => (
            "A subprocessor's deletion receipt has no reference (ticket) number, and no other receipt from that subprocessor has one.",
            "Without a reference the deletion cannot be traced or checked with the subprocessor. The erasure is incomplete.",
            "Ask the controller for the subprocessor's reference number for the deletion, or a receipt that carries one.",
        ),
        Code::ReceiptsPending => (
            "A subprocessor has received the deletion request but has not yet confirmed that the deletion was done.",
            "Until it confirms, the outside company may still hold the data. The erasure is incomplete.",
            "Ask when the subprocessor is due to confirm, and for its confirmation once received.",
        ),
        Code::ReceiptsFailed => (
            "A subprocessor reported that the deletion failed.",
            "The outside company still holds the data. The erasure is incomplete.",
            "Ask why the deletion failed, what the controller is doing about it, and for a confirmed receipt when it succeeds.",
        ),
        Code::ProvenanceMissing => (
            "The request covers derived data (summaries, embeddings, caches and other items produced from the person's data), but the pack has no data lineage file mapping those items.",
            "Without the map there is no evidence that derived copies were found and erased. The erasure is incomplete.",
            "Ask the controller for the lineage file showing every item derived from the person's data and its state.",
        ),
        Code::ProvenanceUnverifiable => (
            "The controller's lineage index, which finds every item derived from the person's data, was unavailable, so derived copies could not be traced.",
            "Absence of evidence is not evidence of absence: derived copies may remain unnoticed. The erasure is incomplete.",
            "Ask the controller when the index will be available again, and for a new pack once derived copies have been traced.",
        ),
        Code::ProvenanceScopeNotRegistered => (
            "The lineage file refers to a storage area (a 'scope') that is not declared in the file's own list of areas.",
            "The map is inconsistent, so items in undeclared areas may have been missed. The erasure is incomplete.",
            "Ask the controller to list every storage area holding the person's data or items derived from it.",
        ),
        Code::ProvenanceLiveDerivation => (
            "An item derived from the erased data, such as a summary, an embedding or a cached answer, is still live and usable.",
            "The person's information survives in derived form. The erasure is incomplete.",
            "Ask the controller to delete or redact the derived item and to show evidence that it is gone.",
        ),
        Code::ProvenanceDeferred => (
            "An item derived from the erased data has not been deleted but is set to expire automatically at a later date.",
            "Until it expires the derived item still exists. The erasure is incomplete.",
            "Ask when the item expires, whether it can be used until then, and for confirmation after expiry.",
        ),
        Code::ProvenanceUndeclaredDeferral => (
            "An item derived from the erased data is left to expire, but no recorded commitment covers it until its expiry date.",
            "Nothing binds the controller to make sure the item really expires. The erasure is incomplete.",
            "Ask the controller to record and honour a commitment covering the item until it expires, or to delete it now.",
        ),
        Code::ProvenanceReferenceScopesIncomplete => (
            "The deletion marker (tombstone) for an erased item does not list every storage area where items derived from it are kept.",
            "Derived copies in unlisted areas may escape the erasure. The erasure is incomplete.",
            "Ask the controller to list every storage area holding items derived from the erased data, and to confirm they were cleared.",
        ),
        Code::ProvenanceObligationOpen => (
            "The lineage file records an outstanding commitment, such as waiting for a cache to expire, that is not yet finished.",
            "Work remains to be done before the erasure is complete. The erasure is incomplete.",
            "Ask when the commitment will be fulfilled and for evidence once it is.",
        ),

        // ---- Late ----
        Code::SlaBreached => (
            "The erasure was completed at or after the effective deadline: the earlier of the legal deadline and the deadline the controller set (or the extended date the person was told).",
            "The erasure appears complete, but late: the verdict is late, which may breach the legal time limit (e.g. GDPR Art. 12(3)).",
            "Ask the controller why the erasure was late, whether the data subject was told, and what will prevent delays in future.",
        ),

        // ---- Warnings (they do not change the verdict) ----
        Code::ManifestAllClearUnderstated => (
            "The signed statement says the erasure is not complete, but the verifier found nothing outstanding.",
            "This is only a warning: the claim is cautious, but the signer may know of a problem that the pack does not show.",
            "Ask the DPO why the erasure was not declared complete and whether anything remains to be done.",
        ),
        Code::TrustKeyRevokedLater => (
            "The signing key was withdrawn (revoked) after the time the pack says it was signed. That signing time is the signer's own word and is not independently confirmed.",
            "Only a warning, but if the key was compromised, someone could have backdated a signature with it.",
            "Ask why and when the key was revoked, and for independent evidence of when the pack was signed.",
        ),
        Code::StepsExempt => (
            "A step was not carried out because the controller relies on a documented legal exemption to keep that data (for example GDPR Art. 17(3)).",
            "Only a warning: lawful retention does not make the erasure incomplete, but the exemption must really apply.",
            "Ask the controller to justify the exemption, what data is kept, for how long, and who can access it.",
        ),
        Code::IndependenceSameCodePath => (
            "The verification checks ran the same software version as the erasure itself, so they are not an independent check.",
            "Only a warning, but a fault in that software could both miss data and fail to notice it.",
            "Ask whether the result was confirmed with separate tools or by a separate team.",
        ),
        Code::ReceiptsUnlisted => (
            "The pack holds a deletion receipt from a subprocessor that is not in the signed list of subprocessors.",
            "Only a warning, but the signed list may be incomplete: the data may have gone to more outside companies than declared.",
            "Ask the controller for a complete list of outside companies that received the person's data.",
        ),
        Code::SlaExtensionInvalid => (
            "The request records a deadline extension that does not meet the legal conditions (not allowed under this law, notified too late, or too long) or is malformed, so it was ignored.",
            "Only a warning, but the deadline is then judged without the extension, which may make the erasure late.",
            "Ask for the extension notice sent to the data subject, its date, and the legal basis relied on.",
        ),
        Code::AuditCosignatureInvalid => (
            "A witness's cosignature on one of the audit log's checkpoints is broken: its bytes have the wrong length, its time is impossible, or the signature does not verify with the witness's key.",
            "A cosignature is a third party's word that the log showed it a consistent history. A broken one means the checkpoint was altered or the cosignature forged. The pack is invalid.",
            "Ask the controller for the checkpoint exactly as the witness cosigned it, and ask the witness's operator to confirm the cosignature from its own records.",
        ),
        Code::ReceiptsAttestationInvalid => (
            "The subprocessor's signed statement attached to a receipt is damaged or of the wrong form, or its signature by a trusted subprocessor key does not verify.",
            "The attestation is what makes a receipt the subprocessor's word rather than the controller's. A broken one cannot support the receipt, and a failed signature means it was altered. The pack is invalid.",
            "Ask the controller for the subprocessor's original signed deletion statement, and ask the subprocessor to confirm it directly.",
        ),
        Code::ReceiptsAttestationMismatch => (
            "The subprocessor's signed statement does not say what the receipt says: another ticket, status or time, or another tenant or data subject than the pack's.",
            "A statement about a different deletion proves nothing about this one, and a receipt that differs from what the subprocessor signed contradicts it. The pack is invalid.",
            "Ask which deletion the subprocessor actually confirmed, and for the statement that matches this request.",
        ),
        Code::AuditWitnessQuorumNotMet => (
            "Fewer independent witnesses than your trust store's policy requires vouch for the audit log's final checkpoint.",
            "Without enough witnesses, the log's history rests on the controller's own key: it could have shown you a different history than others saw. Your policy does not trust it. The pack is untrusted.",
            "Ask the controller to have the checkpoint cosigned by the witnesses your policy names, or which witnesses it uses and how to obtain their keys.",
        ),
        Code::ReceiptsUnattested => (
            "Your trust store's policy requires subprocessors to sign their deletion receipts, and a subprocessor's deletion is shown only by a receipt the controller copied, with no verified signed statement from the subprocessor.",
            "The deletion at that subprocessor then rests on the controller's word alone, which your policy does not accept. The pack is untrusted.",
            "Ask for the subprocessor's signed deletion statement, and for the subprocessor's public key through a channel of its own.",
        ),
        Code::StepsBackupLive => (
            "A step declares that a backup holding the person's data is live: restored into use, so the data is still there.",
            "Data in a backup in use has not been erased, whatever the primary store shows. The erasure is incomplete.",
            "Ask which backup it is, when it will be purged or taken out of use, and for a follow-up pack once it is.",
        ),
        Code::StepsBackupUnsuppressed => (
            "A step keeps a backup until it expires but without a way to re-apply the erasure if it is ever restored.",
            "If that backup is restored, the person's data comes back into use. Regulators found backups the most common gap in erasure. The erasure is incomplete.",
            "Ask how a restore of this backup would re-apply the erasure (a suppression list, for example), or when the backup is purged.",
        ),
        Code::ReceiptsAttestationUnverified => (
            "A receipt carries a statement signed by the subprocessor, but your trust store holds no key of that subprocessor to check the signature.",
            "Only a warning: the statement may be genuine, but it cannot be checked, so the receipt still rests on the controller's word.",
            "Ask the subprocessor for its public signing key through a channel of its own, and add it to your trust store.",
        ),
    };
    Explanation { meaning, why, ask }
}

/// A code with its effect and explanation, as `proofpack explain --json`
/// prints it and the desktop app shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ExplainedCode {
    /// The §12 code.
    pub code: Code,
    /// Its effect on the verdict.
    pub effect: Effect,
    /// What it means, why it matters, what to ask.
    #[serde(flatten)]
    pub explanation: Explanation,
}

impl From<Code> for ExplainedCode {
    fn from(code: Code) -> Self {
        ExplainedCode {
            code,
            effect: code.effect(),
            explanation: explanation(code),
        }
    }
}

/// Every code with its explanation, in the order of the spec's table.
pub fn all() -> Vec<ExplainedCode> {
    Code::ALL.iter().map(|c| ExplainedCode::from(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_all_three_texts() {
        assert_eq!(Code::ALL.len(), 93);
        for code in Code::ALL {
            let e = explanation(*code);
            for (name, text) in [("meaning", e.meaning), ("why", e.why), ("ask", e.ask)] {
                assert!(text.trim().len() > 20, "{code}: {name} is too short");
                assert!(!text.contains('\n'), "{code}: {name} is one paragraph");
            }
        }
    }
}
