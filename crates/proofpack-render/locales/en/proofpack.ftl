# ProofPack's words in English: the fallback of every message, and the
# reference the French and German files follow (the same ids, the same
# placeholders).
#
# Rules of these files:
# - Finding codes, spec strings (vocabulary, field names such as all_clear)
#   and JSON never translate; the human words around them do.
# - Pack text arrives in placeholders already made inert; never add markup.
# - One line per message: Fluent keeps the line breaks of a multi-line value.
# - Leading and trailing spaces are dropped by Fluent: the layout (padding,
#   separators) is the program's, not the message's.

language-name = English

## Verdicts and effects: the words a reader sees (the spec's strings, in
## the JSON and in the codes, never change).

verdict-complete = complete
verdict-late = late
verdict-incomplete = incomplete
verdict-untrusted = untrusted
verdict-invalid = invalid

verdict-meaning-complete = The pack is authentic and trusted, and shows the erasure complete and on time.
verdict-meaning-late = The pack is authentic and trusted, and shows the erasure complete, but after the effective deadline.
verdict-meaning-incomplete = The pack is authentic and trusted, but the erasure it shows is not complete.
verdict-meaning-untrusted = The pack is intact, but the signer or the audit-log witness is not trusted for this claim.
verdict-meaning-invalid = The pack is malformed, tampered with, or contradicts itself: its claims cannot be relied on.

effect-warning = warning
effect-late = late
effect-incomplete = incomplete
effect-untrusted = untrusted
effect-invalid = invalid

## The checks that passed, by success code.

passed-archive-read = the archive was read to its end within the limits
passed-manifest-files_hashed = every file the manifest lists is present with its SHA-256 and size
passed-signature-trusted = the signature verified with a key trusted for the signer at signed_at
passed-audit-checkpoints_verified = both checkpoints verified with the log's key, and the consistency proof between them
passed-audit-entries_proved = every audit-log entry is proved included in the after-tree
passed-audit-witness_quorum_met = the policy's quorum of distinct witnesses cosigned checkpoint_after
passed-receipts-attested = every listed subprocessor's erasure is shown by its own verified attestation
passed-sla-witnessed = the witnesses had seen the cascade's log before the effective deadline
passed-signature-sealed = the seal holds: the witnesses had seen this signature logged by the sealed time

## Words of both reports (and of the desktop app).

yes = yes
no = no

tier-exempt = exempt under { $basis }: { $justification }
tier-deferred = deferred until { $until }
tier-pending = pending, due { $due }
tier-failed = failed: { $error } (exception { $exception })
tier-replication-drained = replication lag drained: { $drained }
tier-purge = purge: { $purge }
tier-models-none = models: none affected
tier-model = model { $model }: { $action }
tier-model-incomplete = model { $model }: { $action } (incomplete entry)

backup = backup { $location }: { $state }
backup-purged = purged
backup-live = LIVE: the data is still in a copy in use
backup-beyond-use = beyond use until { $until }, { $restore }
backup-restore-suppressed = a restore re-applies the erasure
backup-restore-unsuppressed = a restore would NOT re-apply the erasure

attestation-verified = signed by the subprocessor, verified
attestation-unverified = signed, but by no key the trust store holds for it
attestation-invalid = signature or statement INVALID
attestation-mismatch = signed statement DIFFERS from the receipt
attestation-absent = not signed by the subprocessor

not-counted-invalid = not a valid cosignature
not-counted-after_signed_at = made after the pack was signed
not-counted-before_signed_at = made before the pack was signed (a seal can only log a signature already made)
not-counted-outside_key_window = made outside the witness key's validity
not-counted-log_or_dpo_key = the key is also the log's or the DPO's
not-counted-same_witness = the same witness, already counted

quorum = { $counted } distinct witness(es) count on checkpoint_after; the policy asks for { $quorum } ({ $met })
quorum-met = met
quorum-not-met = NOT met

policy = witness quorum { $quorum }, signed receipts { $receipts }, witnessed deadline { $deadline ->
        [on] required
       *[off] not required
    }, sealed signature { $seal ->
        [on] required
       *[off] not required
    }
policy-required = required
policy-not-required = not required

cosignature-counts = counts

witnessed-at = { $at } (k = { $k })
witnessed-none = none: fewer than { $k } witness(es) count on checkpoint_after
seal = checkpoint size { $size }, entry { $index }; { $holds }; { $sealed }
seal-holds = the seal holds
seal-does-not-hold = the seal does NOT hold
seal-sealed-at = sealed time { $at }
seal-no-sealed-time = no sealed time
seal-witnesses = { $counted } distinct witness(es) count on the seal's checkpoint; the sealed time needs { $k }

# A margin of days, hours and minutes; $sign is "-" when late, else empty.
margin = { $sign }{ $days }d { $hours }h { $minutes }m

## `proofpack ls`: whether the manifest lists a member.

ls-listing-listed = listed
ls-listing-unlisted = unlisted
ls-listing-not_listed_by_design = not listed by design
ls-listing-unknown = unknown

## The terminal report.

text-verdict = verdict: { $verdict }  (exit { $status })
text-claims-unverified = NOTE: the pack is invalid, so what the tables below show are the pack's own claims, not verified facts.

text-pack = pack:
text-pack-file = file
text-pack-sha256 = sha256
text-pack-pack_id = pack_id
text-pack-request_id = request_id
text-pack-tenant = tenant
text-pack-subject = subject
text-pack-legal-basis = legal basis
text-pack-received = received
text-pack-completed = completed
text-pack-cascade-runner = cascade run by
text-pack-signed-by = signed by
text-pack-signing-key = signing key
text-pack-signature = signature
text-pack-all_clear = all_clear
text-pack-probes = probes
text-pack-subprocessors = subprocessors
text-pack-supersedes = supersedes
text-pack-size = { $sha256 }  ({ $size } bytes)
text-pack-signed-at = { $signer }  at { $at }
text-pack-key = { $key_id }  { $fingerprint }  owner { $owner }
text-pack-key-not-trusted = (not in the trust store)
text-pack-signature-verified = verified with the trust store's key
text-pack-signature-not-verified = NOT verified
text-pack-all-clear-value = claimed { $claimed }, recomputed { $recomputed }
text-pack-probes-value = code { $code }  at { $at }
text-pack-supersedes-value = { $pack_id }  sha256 { $sha256 }

text-passed = checks passed ({ $count }):

text-no-findings = findings: none
text-findings = findings ({ $count }):
text-finding-at = at { $location }
text-means = means:
text-why = why:
text-ask = ask:

text-tiers = tiers:
text-tier-tier = tier
text-tier-requested = requested
text-tier-status = status
text-tier-before = before
text-tier-after = after
text-tier-residue = residue

text-sla = sla:
text-sla-received = received
text-sla-base = end of first period
text-sla-max = end of max period
text-sla-statutory = statutory
text-sla-declared = declared
text-sla-effective = effective
text-sla-completed = completed
text-sla-margin = margin
text-sla-extended = (extended)
text-sla-witnessed = witnessed

text-receipts = receipts ({ $count }):
text-receipt-due = due { $at }
text-receipt-at = at { $at }
text-receipt-ticket = ticket
text-erased = erased
text-not-erased = NOT erased

text-audit-witness = audit witness:
text-audit = log { $log }  tree { $before } -> { $after }  checkpoints { $checkpoints }  consistency { $consistency }  entries proved { $proved }/{ $entries }  PII disclosed { $pii }
text-checkpoints-verified = verified
text-checkpoints-not-verified = NOT verified
text-consistency-proved = proved
text-consistency-not-proved = NOT proved
text-witnesses = witnesses:
text-cosignature = { $witness } ({ $owner }) at { $time }: { $counts }
text-provenance = provenance:
text-provenance-graph = graph { $version }  index { $index }  { $tombstones } tombstones  { $artifacts } artefacts ({ $reachable } reachable, { $live } live, { $expiring } expiring)  { $obligations } obligations
text-provenance-absent = absent
text-seal = seal:
text-seal-none = none: the signature is not sealed

text-members = members ({ $count }):
text-listing-listed = listed
text-listing-unlisted = NOT LISTED
text-listing-not_listed_by_design = signed statement
text-listing-unknown = unknown

text-attestation = attestation:
text-attestation-absent = (absent or not UTF-8 text)

text-verified-with-trust = verified by { $verifier } at { $time }, trust store { $path } (sha256 { $sha256 }, { $keys } keys; { $policy })
text-verified-without-trust = verified by { $verifier } at { $time }, no trust store

## The HTML report.

html-title = Proof-of-erasure pack report: { $pack } — { $verdict }
html-heading = Proof-of-erasure pack report
html-pack-line = pack { $pack } · sha256 { $sha256 }
html-verdict = { $verdict } (exit { $status })
html-claims-unverified = The pack is invalid: what the tables below show are the pack's own claims, not verified facts.
html-none = None.

html-pack = The pack
html-pack-pack = Pack
html-pack-sha256 = File SHA-256
html-pack-request = Request
html-pack-tenant = Tenant
html-pack-subject = Subject (pseudonym)
html-pack-legal-basis = Legal basis
html-pack-received = Received
html-pack-completed = Completed
html-pack-cascade-runner = Cascade run by
html-pack-signed-by = Signed by
html-pack-signing-key = Signing key
html-pack-signature = Signature
html-pack-all_clear = all_clear
html-pack-probes = Independent probes
html-pack-subprocessors = Subprocessors
html-pack-supersedes = Supersedes
html-pack-size = { $sha256 } ({ $size } bytes)
html-pack-signed-at = { $signer } at { $at }
html-pack-key = { $key_id } · { $fingerprint } · owner { $owner }
html-pack-key-not-trusted = not in the trust store
html-pack-signature-verified = verified with the trust store's key
html-pack-signature-not-verified = not verified
html-pack-all-clear-value = claimed { $claimed }; recomputed by the verifier { $recomputed }
html-pack-probes-value = { $code } at { $at }
html-pack-supersedes-value = { $pack_id } · sha256 { $sha256 }

html-passed = Checks that passed ({ $count })
html-passed-check = Check
html-passed-established = What it established

html-findings = Findings ({ $count })
html-finding-at = at { $location }
html-means = What it means
html-why = Why it matters
html-ask = What to ask

html-tiers = Tiers of the cascade
html-tier-tier = Tier
html-tier-requested = Requested
html-tier-status = Status
html-tier-before = Before
html-tier-after = After
html-tier-residue = Residue
html-tier-evidence = Evidence

html-sla = Deadlines (SLA)
html-sla-received = Received
html-sla-base = End of first period
html-sla-max = End of extended period
html-sla-statutory = Statutory deadline
html-sla-declared = Declared deadline
html-sla-effective = Effective deadline
html-sla-completed = Completed
html-sla-margin = Margin
html-sla-extended = (extended)
html-sla-witnessed = Witnessed time
html-no-timeline = No timeline: the dates could not be read.
html-timeline-caption = The shaded band is the margin between completion and the effective deadline: green when completed before it, red when after.
# Which rule of §6 applied (the report's sla.rule in the reader's words).
sla-rule-months = { $count ->
    [one] 1 calendar month
   *[other] { $count } calendar months
}
sla-rule-days = { $count ->
    [one] 1 day
   *[other] { $count } days
}
sla-rule-base = { $basis }: { $period } from the local date of receipt
sla-rule-extended = { $base }, extended to { $whole } in all
sla-rule-extensible = { $base } (extensible to { $whole } in all; not extended)
sla-rule-no-extension = { $base } (no extension allowed)
html-timeline-rule = Rule: { $rule }.
html-timeline-label = SLA timeline
html-timeline-witnessed = The violet mark is the witnessed time: by then the witnesses had seen the cascade's log, whatever the controller's clock says.
html-timeline-unwitnessed = There is no witnessed time: fewer witnesses than needed cosigned the log that holds the cascade.
timeline-received = received
timeline-base = first period
timeline-max = extended period
timeline-declared = declared
timeline-effective = effective deadline
timeline-completed = completed
timeline-witnessed = witnessed

html-receipts = Subprocessor receipts ({ $count })
html-receipt-line = Line
html-receipt-subprocessor = Subprocessor
html-receipt-channel = Channel
html-receipt-status = Status
html-receipt-when = When
html-receipt-ticket = Ticket
html-receipt-endpoint = Endpoint
html-receipt-erased = Erased
html-receipt-attestation = Subprocessor's signature
html-receipt-due = due { $at }
html-erased = erased
html-not-erased = not erased

html-witness = Audit-log witness
html-witness-log = Log
html-witness-tree = Tree size
html-witness-checkpoints = Checkpoints
html-witness-consistency = Consistency
html-witness-entries = Entries proved
html-witness-disclosures = Disclosures
html-witness-pii = PII fields disclosed
html-witness-redactions = Redaction records
html-witness-witnesses = Witnesses
html-witness-entries-value = { $proved } of { $entries }
html-verified = verified
html-not-verified = not verified
html-proved = proved
html-not-proved = not proved
html-cosignature-checkpoint = Checkpoint
html-cosignature-witness = Witness
html-cosignature-operator = Operator
html-cosignature-time = Cosigned at
html-cosignature-counts = Counts
html-does-not-count = does not count: { $why }

html-seal = Seal of the signature
html-seal-none = The signature is not sealed.
html-seal-checkpoint = Checkpoint tree size
html-seal-entry = Entry index
html-seal-holds = Seal
html-seal-sealed-time = Sealed time
html-seal-witnesses = Witnesses

html-provenance = Provenance graph
html-no-provenance = No provenance graph in the pack.
html-provenance-version = Graph version
html-provenance-index = Reverse index
html-provenance-scopes = Scopes
html-provenance-tombstones = Tombstones
html-provenance-derived = Derived artefacts
html-provenance-obligations = Open obligations
html-provenance-derived-value = { $artifacts } ({ $reachable } reachable from erased data: { $live } live, { $expiring } expiring)
html-graph-caption = Tombstones (dark) on the left; derived artefacts to their right: red live, orange expiring, grey tombstoned, blue redacted; dashed boxes are open obligations.
html-graph-omitted = { $omitted } records are not drawn; the counts below include them.
html-graph-label = Provenance graph
graph-tombstone = tombstone
graph-open-until = open until { $until }

html-members = Members ({ $count })
html-member-path = Path
html-member-size = Size
html-member-sha256 = SHA-256
html-member-listing = In the manifest
html-listing-listed = listed
html-listing-unlisted = NOT listed
html-listing-not_listed_by_design = the signed statement
html-listing-unknown = unknown

html-attestation = Attestation
html-attestation-absent = Absent, or not UTF-8 text.

html-footer-verified = Verified by { $verifier } at { $time }
html-footer-input = · input { $input }
html-footer-trust = · trust store { $path } (sha256 { $sha256 }, { $keys } keys; { $policy })
html-footer-no-trust = · no trust store

## The explanation of each finding code (spec §12), for reviewers who are
## not engineers: what it means, why it matters, what to ask the controller.

code-archive-malformed =
    .meaning = The proof pack file itself is damaged or is not the expected kind of compressed archive: it is cut short, corrupted, or its internal structure is broken, so none of its contents could be checked.
    .why = Nothing inside the pack could be examined, so the erasure claim has no usable evidence behind it. The pack is invalid.
    .ask = Ask the controller for a fresh, complete copy of the proof pack, and how the file was produced and sent to you.

code-archive-trailing_data =
    .meaning = Extra data was found after the official end of the pack file. Some tools ignore such data, others may read it as additional content.
    .why = Hidden content after the end means different readers can see different packs, so the evidence is ambiguous. The pack is invalid.
    .ask = Ask the controller why data was appended after the end of the pack, and for a pack produced by its standard tool with nothing added.

code-archive-forbidden_entry =
    .meaning = The pack contains something other than ordinary files, such as a shortcut (link) to another file, a device entry, or a special entry that renames or resizes the next file.
    .why = Such entries make different tools unpack different contents, so what was signed may not be what you read. The pack is invalid.
    .ask = Ask the controller why the entry is in the pack, and for a regenerated pack containing only ordinary files.

code-archive-bad_path =
    .meaning = A file inside the pack has a name that is not a plain location within the pack: it may point outside the pack, start at the top of a disk, contain '..' or unusual characters, or be stored ambiguously.
    .why = Ambiguous or escaping file names can make tools read the wrong file or overwrite files on the reviewer's computer. The pack is invalid.
    .ask = Ask the controller which tool produced the pack and for a regenerated pack in which every file has a plain name.

code-archive-duplicate_entry =
    .meaning = Two files inside the pack have exactly the same name.
    .why = Different tools keep different copies, so two reviewers could read different evidence from the same pack. The pack is invalid.
    .ask = Ask the controller which copy is the genuine one and why there are two, and for a regenerated pack in which every file appears once.

code-archive-limit_exceeded =
    .meaning = The pack exceeds the verifier's safety limits (too much data once unpacked, one file too large, or too many entries), so checking stopped.
    .why = Oversized packs can be used to overwhelm review tools, and without a full check the erasure claim cannot be accepted. The pack is invalid.
    .ask = Ask the controller why the pack is so large, and for a pack of normal size, with bulky supporting material supplied separately if needed.

code-archive-missing_member =
    .meaning = One of the documents every pack must contain is absent: the signed statement, its signature, the request, the step records, the verification results, the subprocessor receipts, the audit-log record or the attestation.
    .why = Without every required document the erasure cannot be checked from end to end. The pack is invalid.
    .ask = Ask the controller for a complete pack including the missing document, and why it was left out.

code-json-malformed =
    .meaning = A document in the pack is not valid structured data (JSON, the machine-readable text format the pack uses): it is broken, repeats a field name, has invalid characters or is nested too deeply.
    .why = A broken document cannot be read reliably, and a repeated field can mean different things to different tools. The pack is invalid.
    .ask = Ask the controller which system produced the document, and for a correctly formed replacement pack.

code-time-invalid =
    .meaning = A date and time in the pack cannot be read, or does not say which time zone it is in.
    .why = Deadlines and the order of events cannot be checked without exact times. The pack is invalid.
    .ask = Ask the controller for the exact date, time and time zone of the event concerned, and for a corrected pack.

code-time-out_of_order =
    .meaning = Dates in the pack are in an impossible order, for example a step ending before it started, the checks run before the work finished, or the statement signed before the erasure was completed.
    .why = An impossible timeline means the records are wrong or were edited afterwards. The pack contradicts itself and is invalid.
    .ask = Ask the controller to explain the real sequence of events, with the original system records showing when each action happened.

code-attestation-empty =
    .meaning = The written attestation of the data protection officer (DPO), the human statement that the erasure was done, is blank.
    .why = The pack must carry an accountable person's own statement; without it the claim has no declared author. The pack is invalid.
    .ask = Ask for the DPO's written attestation describing what was erased, when, and on what basis.

code-manifest-unsupported_format =
    .meaning = The signed statement (the manifest, the pack's main summary document) does not declare itself as version 1 of this proof pack format.
    .why = The rules used to check the pack may not be the ones its producer followed, so the results cannot be relied on. The pack is invalid.
    .ask = Ask the controller which format and tool version produced the pack, and for a pack in the supported format.

code-manifest-schema =
    .meaning = The signed statement (manifest) lacks required information, holds information of the wrong kind, or has a value that is not allowed, such as an unknown legal basis or a malformed file fingerprint.
    .why = The central statement of the claim cannot be read reliably. The pack is invalid.
    .ask = Ask the controller which detail was wrong and why, and for a corrected, re-signed pack.

code-manifest-file_missing =
    .meaning = The signed statement lists a file as part of the evidence, but that file is not in the pack.
    .why = Evidence the signer vouched for is absent, so that part of the claim cannot be checked. The pack is invalid.
    .ask = Ask the controller for the missing file in a regenerated pack, and why it was absent.

code-manifest-unlisted_member =
    .meaning = The pack contains a file that the signed statement does not list, so the signature does not cover that file.
    .why = Content that is not covered by the signature could have been added by anyone after signing. The pack is invalid.
    .ask = Ask who added the file and when, and for a pack in which every file is listed in the signed statement.

code-manifest-duplicate_path =
    .meaning = The signed statement lists the same file more than once.
    .why = A file listed twice, possibly with different fingerprints, makes the statement ambiguous. The pack is invalid.
    .ask = Ask the controller which entry is correct and why the file was listed twice, and for a corrected, re-signed pack.

code-manifest-hash_mismatch =
    .meaning = A file's content does not match the digital fingerprint (hash) recorded for it in the signed statement: the file was changed after signing, or the wrong file was included.
    .why = This is the main sign of tampering or error: the evidence is not what was signed. The pack is invalid.
    .ask = Ask the controller for the file exactly as signed, and who changed it, when and why.

code-manifest-size_mismatch =
    .meaning = A file's size differs from the size recorded for it in the signed statement.
    .why = The evidence is not what was signed, a sign of alteration or error. The pack is invalid.
    .ask = Ask the controller for the file exactly as signed, and why its size changed.

code-manifest-field_mismatch =
    .meaning = Key details in the signed statement (request number, organisation, data subject reference, legal basis, date of receipt or deadline) differ from the same details in the erasure request.
    .why = The signed claim may concern a different request or deadline than the one recorded. The pack contradicts itself and is invalid.
    .ask = Ask the controller which values are correct, with the original request record, and why the two documents disagree.

code-manifest-all_clear_false_claim =
    .meaning = The signed statement claims the erasure is fully complete, but the verifier's own checks show that parts of it are not complete.
    .why = The signer asserted something the evidence contradicts. The pack is self-contradictory and invalid.
    .ask = Ask the DPO why the erasure was certified as complete despite the outstanding items, and what review was done before signing.

code-signature-malformed =
    .meaning = The digital signature file, which should prove who approved the statement, is not in the expected form: wrong structure, an unsupported signature method, or a signature of the wrong length.
    .why = Without a usable signature nobody can confirm who approved the statement or that it is unchanged. The pack is invalid.
    .ask = Ask the controller for a pack with a correctly formed signature from the DPO's registered signing key.

code-signature-key_id_mismatch =
    .meaning = The digital signature says it was made with a different signing key than the one the signed statement names.
    .why = The statement and its signature disagree about which key signed, so authenticity cannot be established. The pack is invalid.
    .ask = Ask the controller which signing key was actually used, and for a pack in which the signature and the statement name the same key.

code-signature-invalid =
    .meaning = The digital signature does not match the signed statement: either the statement was changed after signing, or the signature was not made with the named key.
    .why = The central authenticity check fails, so the statement cannot be relied on at all. The pack is invalid.
    .ask = Ask the controller whether the statement was edited after signing, how the mismatch arose, and for a pack properly re-signed by the DPO.

code-request-schema =
    .meaning = The erasure request record lacks required information or has invalid values, for example no reference to the requester's identity check, unknown or repeated data categories, or an incomplete extension notice.
    .why = The request defines the scope and deadline of the erasure; if it cannot be read, the claim cannot be assessed. The pack is invalid.
    .ask = Ask for the original request record, including the identity-check reference, the categories of data covered and any extension notice.

code-steps-schema =
    .meaning = A record of an erasure step is incomplete or malformed, for example a failed step with no error description, a deferred step with no expiry date, or an exemption with no legal basis or justification.
    .why = The step records are the core evidence of what was done; a malformed one cannot be assessed. The pack is invalid.
    .ask = Ask the controller for the complete, corrected step records from the system that ran the erasure.

code-steps-order =
    .meaning = The records of the erasure steps are not in the required fixed order, are numbered wrongly, or a step appears more than once.
    .why = A disordered or repeated record makes it unclear which entry is the real outcome of a step. The pack is invalid.
    .ask = Ask the controller for the original run log and which record for each step is authoritative.

code-steps-residue_after_ok =
    .meaning = A step is reported as successful, yet its own count shows records of the person's data still remaining afterwards.
    .why = The step record contradicts itself, so its claim of success cannot be believed. The pack is invalid.
    .ask = Ask what the remaining records are, whether they have since been erased, and why the step was marked successful.

code-steps-silent_failure =
    .meaning = An erasure step failed, but no incident or exception ticket was opened to track and fix the failure.
    .why = Failures that nobody tracks tend not to be fixed, and the controller's process did not record this one as required. The pack is invalid.
    .ask = Ask for the incident record for the failure, who is responsible for fixing it, and when the step will be completed.

code-probes-schema =
    .meaning = The results of the verification checks (searches run after the erasure to confirm the data is gone) are incomplete or malformed.
    .why = Without readable verification results there is no confirmation that the data is gone. The pack is invalid.
    .ask = Ask the controller for the complete verification results, including the date they were run and the software version used.

code-probes-all_clear_inconsistent =
    .meaning = The verification results declare 'all clear' while their own counts show data left behind, or declare a problem while every count is zero.
    .why = The results contradict themselves, so neither the summary nor the counts can be relied on. The pack is invalid.
    .ask = Ask the controller to explain the discrepancy and to provide the raw results of each verification check.

code-probes-audit_mismatch =
    .meaning = The verification results report a different number of personal details left readable in the audit log than the verifier counts in the audit-log evidence in the pack.
    .why = The check of the audit log either looked at different evidence or misreported what it found. The pack is invalid.
    .ask = Ask the controller how the audit-log check was performed and on which log data, and to reconcile its count with the evidence.

code-receipts-schema =
    .meaning = A deletion receipt from a subprocessor (an outside company processing data for the controller) is incomplete or malformed, e.g. a confirmed receipt with no confirmation time.
    .why = Receipts are the evidence that outside companies deleted the data; a malformed one cannot be assessed. The pack is invalid.
    .ask = Ask the controller for the complete receipt as issued by the subprocessor, with its request and confirmation dates.

code-sla-deadline_overstated =
    .meaning = The deadline the controller recorded for this request falls on or after the end of the initial legal period (for example one calendar month after receipt under GDPR), even where an extension was later made.
    .why = The controller allowed itself more time than the law gives, which could hide a late erasure. The pack is invalid.
    .ask = Ask the controller how the deadline was calculated, on what legal basis, and what the data subject was told.

code-audit-schema =
    .meaning = The audit-log evidence, an extract of the tamper-evident audit log (a log whose past entries cannot be changed without detection), is incomplete or malformed.
    .why = The audit log is the independent witness of what happened; malformed evidence cannot be checked. The pack is invalid.
    .ask = Ask the controller for a complete, correctly formed extract of the audit log for this request.

code-audit-checkpoint_malformed =
    .meaning = A checkpoint of the tamper-evident audit log (a signed snapshot of the log at one moment) cannot be read.
    .why = Without readable snapshots the integrity of the audit log cannot be confirmed. The pack is invalid.
    .ask = Ask the controller for the original signed snapshots of the audit log from before and after the erasure.

code-audit-checkpoint_signature_invalid =
    .meaning = The signature on a snapshot of the tamper-evident audit log, made with the log operator's trusted key, does not verify.
    .why = The snapshot may be forged or altered, so the audit-log evidence cannot be relied on. The pack is invalid.
    .ask = Ask the controller, or the audit-log operator, for the genuine signed snapshots and an explanation of the failure.

code-audit-origin_mismatch =
    .meaning = A snapshot of the audit log names a different log than the one the pack says its evidence comes from.
    .why = The evidence may come from another log, for example a test system or another customer's log. The pack is invalid.
    .ask = Ask the controller which audit log holds the records for this request, and for snapshots from that log.

code-audit-consistency_failed =
    .meaning = The proof that the audit log only grew between the snapshots taken before and after the erasure, and was not rewritten, fails.
    .why = Past log entries may have been altered or removed, which destroys the log's value as a witness. The pack is invalid.
    .ask = Ask the controller and the log operator whether the audit log was rewritten or reset, and for a valid proof covering the period.

code-audit-inclusion_failed =
    .meaning = A log entry shown in the pack cannot be proven to be part of the tamper-evident audit log at the stated position.
    .why = The entry may be fabricated or altered, so it cannot serve as evidence. The pack is invalid.
    .ask = Ask the controller for the genuine entry as recorded in the audit log, with its proof of inclusion.

code-audit-disclosure_unmatched =
    .meaning = The log keeps personal details apart from its entries so they can be deleted later; here a detail does not match the sealed fingerprint stored in its entry.
    .why = The detail is not the one originally recorded, a sign of alteration. The pack is invalid.
    .ask = Ask the controller how this detail came to differ from what was originally logged.

code-audit-redaction_inconsistent =
    .meaning = The record of what was blanked out (redacted) in the audit log contradicts the log evidence: it claims a detail was removed that is still there, or refers to an entry not in the evidence.
    .why = The controller's description of its redaction does not match what it actually did. The pack is invalid.
    .ask = Ask the controller to reconcile the redaction record with the audit-log entries and to show which details were removed.

code-audit-cosignature_invalid =
    .meaning = A witness's cosignature on one of the audit log's checkpoints is broken: its bytes have the wrong length, its time is impossible, or the signature does not verify with the witness's key.
    .why = A cosignature is a third party's word that the log showed it a consistent history. A broken one means the checkpoint was altered or the cosignature forged. The pack is invalid.
    .ask = Ask the controller for the checkpoint exactly as the witness cosigned it, and ask the witness's operator to confirm the cosignature from its own records.

code-receipts-attestation_invalid =
    .meaning = The subprocessor's signed statement attached to a receipt is damaged or of the wrong form, or its signature by a trusted subprocessor key does not verify.
    .why = The attestation is what makes a receipt the subprocessor's word rather than the controller's. A broken one cannot support the receipt, and a failed signature means it was altered. The pack is invalid.
    .ask = Ask the controller for the subprocessor's original signed deletion statement, and ask the subprocessor to confirm it directly.

code-receipts-attestation_mismatch =
    .meaning = The subprocessor's signed statement does not say what the receipt says: another ticket, status or time, or another tenant or data subject than the pack's.
    .why = A statement about a different deletion proves nothing about this one, and a receipt that differs from what the subprocessor signed contradicts it. The pack is invalid.
    .ask = Ask which deletion the subprocessor actually confirmed, and for the statement that matches this request.

code-seal-schema =
    .meaning = The seal attached to the pack's signature (the proof that the signature was logged and seen by independent witnesses by a certain time) is not in the expected form, or the log entry it carries is not.
    .why = A seal that cannot be read proves nothing, and a damaged one may have been tampered with. The pack is invalid.
    .ask = Ask the controller for the seal exactly as its audit log recorded it, and which tool produced it.

code-seal-checkpoint_invalid =
    .meaning = The snapshot of the audit log in the seal cannot be read, belongs to another log, or is not signed by this log's trusted key.
    .why = A seal the log's own key did not sign is no seal of this log: it cannot show when the signature was logged. The pack is invalid.
    .ask = Ask the controller for the log snapshot that holds the seal, signed with the audit log's registered key.

code-seal-consistency_failed =
    .meaning = The seal's snapshot of the audit log is not shown to extend the log the pack's evidence comes from: the proof linking the two fails.
    .why = The seal may come from another history of the log than the one the erasure was recorded in. The pack is invalid.
    .ask = Ask the controller for the proof linking the pack's final log snapshot to the seal's, and whether the log was ever rewritten.

code-seal-inclusion_failed =
    .meaning = The log entry recording the signature is not proved to be part of the seal's snapshot of the audit log.
    .why = Without that proof nothing shows that the signature was ever logged. The pack is invalid.
    .ask = Ask the controller for the proof that the signing entry is in the sealed log snapshot.

code-seal-entry_mismatch =
    .meaning = The log entry in the seal records another event, another pack, another signed statement or another signature than this pack's.
    .why = The seal belongs to something else, so it says nothing about when this signature existed; it may have been moved from another pack. The pack is invalid.
    .ask = Ask the controller which pack the sealed entry belongs to, and for the seal of this pack's own signature.

code-provenance-schema =
    .meaning = A record in the data lineage file (the map of summaries, embeddings, caches and other items produced from the person's data) is incomplete or malformed.
    .why = The lineage map is how derived copies of the data are found; a malformed record cannot be assessed. The pack is invalid.
    .ask = Ask the controller for a complete, correctly formed lineage file for this request.

code-trust-not_configured =
    .meaning = The check was run without a list of trusted signing keys (the trust store), so it could not confirm who signed the pack.
    .why = Without that list anyone could have signed; the pack is intact but untrusted. This usually concerns how the check was run, not the pack.
    .ask = Ask the controller to supply its list of trusted signing keys through a channel separate from the pack, so the check can be repeated.

code-trust-key_unknown =
    .meaning = The key used to sign the pack is not in the list of trusted keys.
    .why = The signature may be genuine, but nothing shows that the signer is authorised to certify erasures. The pack is untrusted.
    .ask = Ask who holds this key and why it is not registered, or for a pack signed with a registered DPO key.

code-trust-key_not_valid_at_signing =
    .meaning = The pack claims to have been signed at a time when the signing key was not yet valid or had already expired.
    .why = A key outside its validity period is not authorised to sign. The pack is untrusted.
    .ask = Ask the controller when the pack was really signed and with which key, and for a pack signed with a key valid at that time.

code-trust-key_revoked =
    .meaning = The signing key had already been withdrawn (revoked), for example because it was lost or compromised, at or before the time the pack says it was signed.
    .why = A revoked key may be in the wrong hands, so the signature cannot be trusted. The pack is untrusted.
    .ask = Ask why and when the key was revoked, and for the pack to be re-signed with a current DPO key.

code-trust-role_missing =
    .meaning = The signing key is registered, but it is not authorised for the data protection officer (DPO) role that may certify erasures.
    .why = The person or system that signed is not entitled to make this claim. The pack is untrusted.
    .ask = Ask the controller why the pack was not signed by the DPO, and for a pack signed with the DPO's key.

code-trust-signer_mismatch =
    .meaning = The person named as signer in the statement is not the registered owner of the key that signed it.
    .why = Someone may have signed on another person's behalf, which breaks the chain of accountability. The pack is untrusted.
    .ask = Ask who actually signed the pack, and for a pack signed by the named signer with their own key.

code-sod-signer_is_runner =
    .meaning = The person who signed off the erasure is the same person who carried it out (segregation of duties requires the sign-off to come from someone independent).
    .why = Nobody independent checked the work before it was certified. The pack is untrusted.
    .ask = Ask who independently reviewed the erasure, and for a sign-off by the DPO or another person who did not carry it out.

code-audit-checkpoint_key_unknown =
    .meaning = The snapshots of the tamper-evident audit log are not signed by any key trusted to sign for this log.
    .why = The audit-log evidence cannot be traced to the trusted log operator, so it is no independent witness. The pack is untrusted.
    .ask = Ask the controller for the audit log's registered signing key and for snapshots signed with it.

code-audit-request_not_logged =
    .meaning = The tamper-evident audit-log evidence shows no record of this erasure request being accepted.
    .why = There is no independent record of the request; the claim rests on the controller's own documents. The pack is untrusted.
    .ask = Ask the controller for the audit-log entry recording when the request was accepted.

code-audit-step_not_logged =
    .meaning = An erasure step, with the outcome reported in the pack, has no matching entry in the audit-log evidence.
    .why = The reported outcome is not independently witnessed and could have been written afterwards. The pack is untrusted.
    .ask = Ask the controller for the audit-log entry of this step, or why the step was not logged.

code-audit-witness_quorum_not_met =
    .meaning = Fewer independent witnesses than your trust store's policy requires vouch for the audit log's final checkpoint.
    .why = Without enough witnesses, the log's history rests on the controller's own key: it could have shown you a different history than others saw. Your policy does not trust it. The pack is untrusted.
    .ask = Ask the controller to have the checkpoint cosigned by the witnesses your policy names, or which witnesses it uses and how to obtain their keys.

code-receipts-unattested =
    .meaning = Your trust store's policy requires subprocessors to sign their deletion receipts, and a subprocessor's deletion is shown only by a receipt the controller copied, with no verified signed statement from the subprocessor.
    .why = The deletion at that subprocessor then rests on the controller's word alone, which your policy does not accept. The pack is untrusted.
    .ask = Ask for the subprocessor's signed deletion statement, and for the subprocessor's public key through a channel of its own.

code-sla-unwitnessed =
    .meaning = Your trust store's policy requires independent witnesses to confirm that the erasure was finished on time, and they do not: they saw the audit log of the erasure only at or after the deadline, or too few of them saw it.
    .why = The claim that the deadline was met rests on the controller's own clock, which your policy does not accept. The pack is untrusted.
    .ask = Ask the controller why the audit log reached the witnesses only after the deadline, and for the log's checkpoints cosigned before it.

code-trust-key_revoked_before_seal =
    .meaning = The signing key was withdrawn (revoked) after the time the pack says it was signed, and the seal proves that the signature existed only from the revocation or later.
    .why = Nothing proves the signature was made before the key was revoked: whoever held the key afterwards could have made it and dated it earlier. The pack is untrusted.
    .ask = Ask why the key was revoked and whether it was compromised, and for the pack re-signed by the DPO with a valid key and sealed promptly.

code-signature-unsealed =
    .meaning = Your trust store's policy requires the pack's signature to be sealed (logged and cosigned by independent witnesses, which proves when it existed), and it is not, or its seal does not hold or has too few witnesses.
    .why = Without a seal the signing time is the signer's own word, and a signature whose key is later revoked can no longer be trusted. Your policy does not accept it. The pack is untrusted.
    .ask = Ask the controller to seal the signature through its audit log and witnesses, and to send the sealed pack.

code-minimization-subject_not_pseudonymous =
    .meaning = The pack identifies the person by a real identifier (such as an e-mail address or name) instead of a coded reference that cannot be read without the controller's secret key.
    .why = The proof itself then holds a copy of the personal data it claims was erased, so the erasure is incomplete.
    .ask = Ask the controller to reissue the pack using the coded reference and to confirm that no other copies of the real identifier remain.

code-steps-missing =
    .meaning = One of the required erasure steps has no record: each requested category of data needs one, as do deletion at subprocessors and redaction of the audit log.
    .why = A category of the person's data may not have been erased at all. The erasure is incomplete.
    .ask = Ask the controller whether that step was carried out, and for its record and evidence.

code-steps-failed =
    .meaning = An erasure step is recorded as failed.
    .why = Some of the person's data was not erased. The erasure is incomplete.
    .ask = Ask what went wrong, for the incident ticket, when the step will be re-run, and for evidence once it succeeds.

code-steps-pending =
    .meaning = An erasure step has not been carried out yet; it is scheduled for a later date.
    .why = Until the step is done the data still exists. The erasure is incomplete.
    .ask = Ask for the scheduled date, why the step was not done in time, and for confirmation once it is finished.

code-steps-deferred =
    .meaning = An erasure step was not carried out directly but left to happen automatically after a set time, for example a cache that expires on its own.
    .why = Until that time passes the data still exists; a deferred erasure is not a completed one. The erasure is incomplete.
    .ask = Ask exactly when the data will expire, whether it can be used until then, and for confirmation after expiry.

code-steps-replication_not_drained =
    .meaning = Records of the person's past interactions were deleted from the main database, but there is no confirmation that its synchronised copies (replicas) have caught up with the deletion.
    .why = Copies of the data may still exist on other servers. The erasure is incomplete.
    .ask = Ask the controller for evidence that every copy of the database has applied the deletion.

code-steps-vectors_not_purged =
    .meaning = The person's data was hidden from search, but the stored search data (embeddings, numeric representations of text used for similarity search) was not purged or rebuilt, so it may remain.
    .why = Hiding data from search is not erasing it. The erasure is incomplete.
    .ask = Ask the controller for evidence that the underlying search data was purged or rebuilt without the person's data.

code-steps-model_lineage_missing =
    .meaning = The pack does not fully account for which AI model releases were trained on the person's data and what was done with each (retrained, unlearned, retired...), or an action lacks its evidence.
    .why = The person's data may persist inside AI models. The erasure is incomplete.
    .ask = Ask for a list of every model release trained on the data and the action taken for each, with the method and test results for any unlearning.

code-steps-model_suppressed_only =
    .meaning = An AI model trained on the person's data has only been blocked from outputting it (suppressed); the data's influence remains inside the model.
    .why = Suppression is an interim control, not erasure. The erasure is incomplete.
    .ask = Ask the controller for its plan and date to retrain, unlearn or retire the model.

code-probes-missing =
    .meaning = A required verification check (a search run after the erasure to confirm the data is gone) is missing for a data category, for subprocessors, or for the audit log.
    .why = Nothing confirms that the data in that area is gone. The erasure is incomplete.
    .ask = Ask the controller to run the missing check and to provide its results.

code-probes-residue =
    .meaning = A verification check found records of the person's data that should have been erased but still exist.
    .why = Personal data that should be gone is still held. The erasure is incomplete.
    .ask = Ask what the remaining records are, why they were missed, and for evidence of their deletion.

code-probes-unredacted_pii =
    .meaning = The verification check of the audit log found personal details that have not been blanked out (redacted).
    .why = Personal data remains readable in the audit log. The erasure is incomplete.
    .ask = Ask the controller to redact the remaining details and to provide a new check showing none are left.

code-audit-pii_disclosed =
    .meaning = The audit-log evidence in the pack still contains personal details, such as an e-mail address, name or IP address, in readable form.
    .why = Personal data remains in the audit log, and in the proof itself. The erasure is incomplete.
    .ask = Ask the controller to redact those details from the audit log and to provide updated evidence.

code-receipts-missing =
    .meaning = A subprocessor (an outside company that the controller lists as holding the person's data) has no deletion receipt in the pack.
    .why = Nothing shows that the outside company deleted the data. The erasure is incomplete.
    .ask = Ask the controller for the subprocessor's deletion receipt, or whether deletion was ever requested from it.

code-receipts-not_api =
    .meaning = A subprocessor's deletion was handled through an informal channel, such as an e-mail or a phone call, rather than through its automated deletion service, and no automated confirmation exists.
    .why = An informal message is weak, hard-to-verify evidence of deletion. The erasure is incomplete.
    .ask = Ask the controller for a confirmation from the subprocessor's deletion service, with its reference number.

code-receipts-no_ticket =
    .meaning = A subprocessor's deletion receipt has no reference (ticket) number, and no other receipt from that subprocessor has one.
    .why = Without a reference the deletion cannot be traced or checked with the subprocessor. The erasure is incomplete.
    .ask = Ask the controller for the subprocessor's reference number for the deletion, or a receipt that carries one.

code-receipts-pending =
    .meaning = A subprocessor has received the deletion request but has not yet confirmed that the deletion was done.
    .why = Until it confirms, the outside company may still hold the data. The erasure is incomplete.
    .ask = Ask when the subprocessor is due to confirm, and for its confirmation once received.

code-receipts-failed =
    .meaning = A subprocessor reported that the deletion failed.
    .why = The outside company still holds the data. The erasure is incomplete.
    .ask = Ask why the deletion failed, what the controller is doing about it, and for a confirmed receipt when it succeeds.

code-provenance-missing =
    .meaning = The request covers derived data (summaries, embeddings, caches and other items produced from the person's data), but the pack has no data lineage file mapping those items.
    .why = Without the map there is no evidence that derived copies were found and erased. The erasure is incomplete.
    .ask = Ask the controller for the lineage file showing every item derived from the person's data and its state.

code-provenance-unverifiable =
    .meaning = The controller's lineage index, which finds every item derived from the person's data, was unavailable, so derived copies could not be traced.
    .why = Absence of evidence is not evidence of absence: derived copies may remain unnoticed. The erasure is incomplete.
    .ask = Ask the controller when the index will be available again, and for a new pack once derived copies have been traced.

code-provenance-scope_not_registered =
    .meaning = The lineage file refers to a storage area (a 'scope') that is not declared in the file's own list of areas.
    .why = The map is inconsistent, so items in undeclared areas may have been missed. The erasure is incomplete.
    .ask = Ask the controller to list every storage area holding the person's data or items derived from it.

code-provenance-live_derivation =
    .meaning = An item derived from the erased data, such as a summary, an embedding or a cached answer, is still live and usable.
    .why = The person's information survives in derived form. The erasure is incomplete.
    .ask = Ask the controller to delete or redact the derived item and to show evidence that it is gone.

code-provenance-deferred =
    .meaning = An item derived from the erased data has not been deleted but is set to expire automatically at a later date.
    .why = Until it expires the derived item still exists. The erasure is incomplete.
    .ask = Ask when the item expires, whether it can be used until then, and for confirmation after expiry.

code-provenance-undeclared_deferral =
    .meaning = An item derived from the erased data is left to expire, but no recorded commitment covers it until its expiry date.
    .why = Nothing binds the controller to make sure the item really expires. The erasure is incomplete.
    .ask = Ask the controller to record and honour a commitment covering the item until it expires, or to delete it now.

code-provenance-reference_scopes_incomplete =
    .meaning = The deletion marker (tombstone) for an erased item does not list every storage area where items derived from it are kept.
    .why = Derived copies in unlisted areas may escape the erasure. The erasure is incomplete.
    .ask = Ask the controller to list every storage area holding items derived from the erased data, and to confirm they were cleared.

code-provenance-obligation_open =
    .meaning = The lineage file records an outstanding commitment, such as waiting for a cache to expire, that is not yet finished.
    .why = Work remains to be done before the erasure is complete. The erasure is incomplete.
    .ask = Ask when the commitment will be fulfilled and for evidence once it is.

code-steps-backup_live =
    .meaning = A step declares that a backup holding the person's data is live: restored into use, so the data is still there.
    .why = Data in a backup in use has not been erased, whatever the primary store shows. The erasure is incomplete.
    .ask = Ask which backup it is, when it will be purged or taken out of use, and for a follow-up pack once it is.

code-steps-backup_unsuppressed =
    .meaning = A step keeps a backup until it expires but without a way to re-apply the erasure if it is ever restored.
    .why = If that backup is restored, the person's data comes back into use. Regulators found backups the most common gap in erasure. The erasure is incomplete.
    .ask = Ask how a restore of this backup would re-apply the erasure (a suppression list, for example), or when the backup is purged.

code-sla-breached =
    .meaning = The erasure was completed at or after the effective deadline: the earlier of the legal deadline and the deadline the controller set (or the extended date the person was told).
    .why = The erasure appears complete, but late: the verdict is late, which may breach the legal time limit (e.g. GDPR Art. 12(3)).
    .ask = Ask the controller why the erasure was late, whether the data subject was told, and what will prevent delays in future.

code-manifest-all_clear_understated =
    .meaning = The signed statement says the erasure is not complete, but the verifier found nothing outstanding.
    .why = This is only a warning: the claim is cautious, but the signer may know of a problem that the pack does not show.
    .ask = Ask the DPO why the erasure was not declared complete and whether anything remains to be done.

code-trust-key_revoked_later =
    .meaning = The signing key was withdrawn (revoked) after the time the pack says it was signed. That signing time is the signer's own word and is not independently confirmed.
    .why = Only a warning, but if the key was compromised, someone could have backdated a signature with it.
    .ask = Ask why and when the key was revoked, and for independent evidence of when the pack was signed.

code-steps-exempt =
    .meaning = A step was not carried out because the controller relies on a documented legal exemption to keep that data (for example GDPR Art. 17(3)).
    .why = Only a warning: lawful retention does not make the erasure incomplete, but the exemption must really apply.
    .ask = Ask the controller to justify the exemption, what data is kept, for how long, and who can access it.

code-independence-same_code_path =
    .meaning = The verification checks ran the same software version as the erasure itself, so they are not an independent check.
    .why = Only a warning, but a fault in that software could both miss data and fail to notice it.
    .ask = Ask whether the result was confirmed with separate tools or by a separate team.

code-receipts-unlisted =
    .meaning = The pack holds a deletion receipt from a subprocessor that is not in the signed list of subprocessors.
    .why = Only a warning, but the signed list may be incomplete: the data may have gone to more outside companies than declared.
    .ask = Ask the controller for a complete list of outside companies that received the person's data.

code-sla-extension_invalid =
    .meaning = The request records a deadline extension that does not meet the legal conditions (not allowed under this law, notified too late, or too long) or is malformed, so it was ignored.
    .why = Only a warning, but the deadline is then judged without the extension, which may make the erasure late.
    .ask = Ask for the extension notice sent to the data subject, its date, and the legal basis relied on.

code-receipts-attestation_unverified =
    .meaning = A receipt carries a statement signed by the subprocessor, but your trust store holds no key of that subprocessor to check the signature.
    .why = Only a warning: the statement may be genuine, but it cannot be checked, so the receipt still rests on the controller's word.
    .ask = Ask the subprocessor for its public signing key through a channel of its own, and add it to your trust store.

code-sla-witnessed_after_deadline =
    .meaning = The pack says the erasure was completed before the deadline, but independent witnesses first saw the audit log of the erasure only at or after the deadline.
    .why = Only a warning: the erasure may well have been on time, but that rests on the controller's own clock, and a backdated completion time would look the same.
    .ask = Ask the controller why the audit log reached the witnesses late, and for any independent record of when the erasure was finished.

code-register-supersedes_mismatch =
    .meaning = A follow-up pack names an earlier pack that does not fit it: another pack id, another request, subject, legal basis or date of receipt, or an earlier pack signed no earlier than the follow-up.
    .why = The chain of packs for this request is broken or contradicts itself, so the register cannot tell which pack is the controller's current word. The link is ignored and the request is treated as invalid.
    .ask = Ask the controller which pack replaces which, and for a follow-up pack that names the earlier pack's exact file and identity.

code-register-superseded_twice =
    .meaning = Two or more packs each say they replace the same earlier pack.
    .why = A request can only have one next version; two replacements for one pack contradict each other, so neither link is accepted and the request is treated as invalid.
    .ask = Ask the controller which of these packs is the real follow-up, and why another pack also claims to replace the earlier one.

code-register-log_fork =
    .meaning = Two packs show the same audit log with two different histories: the same log size with different contents, or the same entry number with different entries.
    .why = An append-only log can only have one history. The log's key signed two of them, so none of its checkpoints can be relied on; every pack that holds one of them is treated as invalid.
    .ask = Ask the controller and the log operator to explain the two histories, which one is genuine, and whether the log's key is compromised.

code-register-supersedes_unknown =
    .meaning = A follow-up pack names an earlier pack that is not among the packs you have.
    .why = Only a warning: the earlier pack may simply not have been sent to you, but the chain for this request cannot be checked without it.
    .ask = Ask the controller for the earlier pack this one replaces, so that the whole chain can be checked.

code-register-competing_packs =
    .meaning = One request has more than one current pack: none of them replaces the others.
    .why = Only a warning, but the controller has given two current accounts of the same erasure, and they may say different things.
    .ask = Ask the controller which pack is current, and for a follow-up pack that names the pack it replaces.

code-register-overdue =
    .meaning = A pack that is still current for its request says something would be done by a date that has now passed, and no later pack shows that it was done.
    .why = Only a warning on its own, but the controller promised a step, a subprocessor's confirmation or the end of a deferral by that date, and nothing shows that the promise was kept.
    .ask = Ask the controller for a follow-up pack showing the item done, or for the reason it is still open.

code-register-duplicate_file =
    .meaning = Two or more files you gave have exactly the same bytes: they are one pack.
    .why = Only a warning: a copy adds no evidence, and counting it twice would overstate what was received.
    .ask = Nothing to ask the controller; keep one copy of the file.

## Each finding's one-line message (the §13 `message`; ids and values from
## the core's table, crates/proofpack-core/src/messages.rs). The English
## text is the JSON's, word for word.
finding-findings-unlisted = { $count } more findings of this code in this member's lines are not listed (the first { $listed } are)
finding-schema-member = member `{ $name }`: { $why }
finding-schema-not-time = member `{ $name }`: { $text } is not an RFC 3339 date-time with an offset
finding-schema-expected-object = expected a JSON object
finding-json-malformed = not well-formed JSON: { $why }
finding-jsonl-blank-line = a JSONL line must not be blank or hold a \r
finding-jsonl-not-object = a JSONL record must be a JSON object
finding-why-missing = missing
finding-why-not-string = not a string
finding-why-empty = empty
finding-why-not-boolean = not a boolean
finding-why-not-array = not an array
finding-why-not-string-array = not an array of strings
finding-why-not-count = not a count (an integer 0..2^53-1 without sign, fraction or exponent)
finding-why-not-hashes = must be an array of base64 32-byte hashes
finding-why-not-object = not an object
finding-why-not-base64 = not strict base64
finding-why-not-digests = must be an array of base64url 32-byte digests
finding-why-never-exempt = the audit_log step is never exempt
finding-why-needs-exemption = needs non-empty `legal_basis` and `justification`
finding-why-not-member-name = not a string naming a member of the pack
finding-why-not-signature = not strict base64 of 64 bytes
finding-why-header-first-only = the first record, and only it, is the header
finding-why-not-time = not an RFC 3339 date-time with an offset
finding-why-not-one-of = { $value } is not one of { $allowed }
finding-why-seq-not-index = is { $seq }, the entry's index is { $index }
finding-why-json-utf8 = invalid UTF-8 at byte { $offset }
finding-why-json-bom = byte-order mark at byte { $offset }
finding-why-json-syntax = syntax error at byte { $offset }
finding-why-json-end = unexpected end of input at byte { $offset }
finding-why-json-trailing = characters after the value at byte { $offset }
finding-why-json-duplicate = duplicate member name at byte { $offset }
finding-why-json-surrogate = lone surrogate escape at byte { $offset }
finding-why-json-deep = nesting deeper than 64 levels at byte { $offset }
finding-why-json-large = a document of 4 GiB or more at byte { $offset }
finding-why-note-control = note contains a control character other than newline
finding-why-note-no-block = note has no blank line before a signature block
finding-why-note-no-signatures = note has no signature lines
finding-why-note-unterminated = signature block does not end with a newline
finding-why-note-too-many = note has more than { $max } signature lines
finding-why-note-not-signature-line = signature line { $line } does not start with an em dash and a space
finding-why-note-key-name = signature line { $line } has an invalid key name
finding-why-note-base64 = signature line { $line } is not strict base64
finding-why-note-short = signature line { $line } is shorter than a key hash and a signature
finding-why-checkpoint-short = checkpoint has fewer than three lines
finding-why-checkpoint-origin = checkpoint origin is empty
finding-why-checkpoint-size = checkpoint tree size is not a canonical decimal u64
finding-why-checkpoint-root = checkpoint root hash is not base64 of 32 bytes
finding-why-checkpoint-extension = checkpoint has an empty extension line
finding-why-checkpoint-key-unknown = no line of it is by the log's audit_log key
finding-why-checkpoint-signature = a signature by the log's own key does not verify
finding-why-cosignature-length = a cosignature is { $length } bytes, this one { $got }
finding-why-cosignature-timestamp = cosignature timestamp { $timestamp } is above 2^63-1
finding-why-cosignature-signature = cosignature does not verify
finding-why-merkle-index = leaf index { $index } is out of range for tree size { $tree_size }
finding-why-merkle-length = wrong proof length: expected { $expected } hashes, got { $got }
finding-why-merkle-root = root mismatch: expected { $expected }, computed { $got }
finding-why-merkle-root1 = first root mismatch: expected { $expected }, computed { $got }
finding-why-merkle-root2 = second root mismatch: expected { $expected }, computed { $got }
finding-why-merkle-equal-sizes = trees of equal size { $size } have different roots { $root1 } and { $root2 }
finding-why-merkle-empty-first = consistency from an empty tree (size1 = 0, size2 = { $size2 }) is not accepted
finding-why-merkle-size-order = size1 { $size1 } is larger than size2 { $size2 }
finding-why-merkle-non-empty = trees of equal size { $size } require an empty proof, got { $got } hashes
finding-why-merkle-beyond = requested tree size { $requested } exceeds the { $available } leaves available
finding-why-envelope-not-object = the envelope is not a JSON object
finding-why-missing-or-not-string = `{ $name }` is missing or not a string
finding-why-must-be = `{ $name }` must be { $expected }
finding-why-not-strict-base64 = `{ $name }` is not strict base64
finding-why-not-non-empty-array = `{ $name }` must be a non-empty array
finding-why-signature-not-object = a signature is not an object
finding-why-not-base64-of-64 = `{ $name }` is not strict base64 of 64 bytes
finding-why-payload-not-json = the payload is not well-formed JSON: { $why }
finding-why-statement-not-object = the statement is not a JSON object
finding-why-not-confirmed = the statement's `{ $name }` is not confirmed
finding-why-not-rfc3339 = `{ $name }` is not an RFC 3339 date-time
finding-why-needs-count = needs a count `{ $name }`
finding-why-non-empty-set-of = must be a non-empty set of { $names }
finding-why-null-or-shape = must be null or { $shape }
finding-why-of-shape = must be { $shape }
finding-why-array-of-shape = must be an array of { $shape }
finding-why-files-entry-not-object = a files entry must be an object
finding-why-path-not-string = `path` must be a string
finding-why-listed-by-design = manifest.json and signature.sig must not be listed
finding-why-sha256-not-hex = `sha256` must be 64 lowercase hex digits
finding-why-size-not-count = `size` must be a count
finding-attestation-unreadable = { $why }
finding-archive-gzip-corrupt = the gzip stream is corrupt, truncated or not gzip
finding-archive-decompressed-too-large = the decompressed stream exceeds { $limit } bytes
finding-archive-gzip-trailing = bytes follow the end of the gzip member
finding-archive-too-many-headers = more than { $limit } tar headers
finding-archive-tar-trailing = non-zero bytes follow the end-of-archive marker
finding-archive-member-too-large = a member declares { $size } bytes, more than the limit of { $limit }
finding-archive-duplicate-path = two members have this path
finding-archive-forbidden = { $kind } is not allowed in a pack (typeflag { $typeflag })
finding-kind-hard-link = a hard link
finding-kind-symlink = a symbolic link
finding-kind-device = a device
finding-kind-sized-directory = a directory with a size
finding-kind-fifo = a FIFO
finding-kind-contiguous = a contiguous file
finding-kind-pax = a pax extended header
finding-kind-long-name = a GNU long-name record
finding-kind-sparse = a GNU sparse file
finding-kind-unknown = an entry of an unknown type
finding-path-after-nul = bytes follow the NUL that ends a path field
finding-tar-no-end-marker = the archive ends without its end-of-archive marker
finding-tar-lone-zero-block = a lone zero block is not an end-of-archive marker
finding-tar-not-ustar = the header is neither ustar nor GNU
finding-tar-checksum-not-number = the header checksum is not a number
finding-tar-checksum-wrong = the header checksum is wrong
finding-tar-size-not-number = the size field is not a number
finding-path-not-utf8 = the path is not UTF-8
finding-path-empty = the path is empty
finding-path-too-long = the path is longer than 255 bytes
finding-path-absolute = the path is absolute
finding-path-backslash = the path contains a backslash or NUL
finding-path-dot-segment = the path has an empty, '.' or '..' segment
finding-archive-missing-member = the required member { $name } is absent
finding-manifest-all-clear-false = all_clear is true but the erasure is not complete
finding-manifest-all-clear-understated = all_clear is false but nothing incomplete was found
finding-manifest-unsupported-format = `format` must be { $format }
finding-manifest-listed-twice = { $path } is listed more than once
finding-manifest-file-missing = { $path } is listed but not in the archive
finding-manifest-size-mismatch = size is { $size } bytes, the manifest says { $listed }
finding-manifest-hash-mismatch = SHA-256 is { $actual }, the manifest says { $listed }
finding-manifest-unlisted = the member is not listed in the manifest's files
finding-manifest-field-mismatch = { $name } is { $manifest } in the manifest but { $request } in request.json
finding-attestation-empty = the attestation is not UTF-8 text with at least one visible character
finding-time-out-of-order = { $later } ({ $later_time }) is before { $earlier } ({ $earlier_time })
finding-signature-key-id-mismatch = signature.sig names key { $key }, the manifest { $manifest_key }
finding-signature-invalid = the signature does not verify over manifest.json with the trust store's key
finding-trust-not-configured = no trust store was given: the signer cannot be trusted
finding-trust-key-unknown = key { $key } is not in the trust store
finding-trust-role-missing = key { $key } lacks the dpo role
finding-trust-signer-mismatch = the key belongs to { $owner }, not to the signer
finding-trust-key-not-valid = key { $key } is not valid at signed_at { $signed }
finding-trust-key-revoked = key { $key } was revoked at { $revoked }, before signing
finding-trust-key-revoked-later = key { $key } was revoked at { $revoked }, after the claimed signed_at (the signer's own word)
finding-trust-key-revoked-before-seal = key { $key } was revoked at { $revoked }; the seal proves the signature only by { $sealed }, not before
finding-sod-signer-is-runner = the engineer who ran the cascade also signs the proof
finding-request-not-pseudonymous = subject_id is not `sub_` followed by 64 lowercase hex digits: the proof may carry the raw identifier
finding-sla-extension-malformed = the extension is malformed and is ignored for the deadline
finding-sla-deadline-overstated = sla_deadline { $deadline } is not before the end of the first period, { $first_period }
finding-sla-no-extension-allowed = { $basis } allows no extension; it is ignored for the deadline
finding-sla-extension-out-of-time = the extension must be notified within the first period and end within the whole period; it is ignored
finding-sla-breached = completed at { $completed }, at or after the effective deadline { $deadline }
finding-steps-residue-after-ok = step { $step } is ok with after_count { $after }
finding-steps-silent-failure = step { $step } failed without opening an exception
finding-steps-failed = step { $step } failed
finding-steps-pending = step { $step } is pending
finding-steps-pending-due = step { $step } is pending (due { $due })
finding-steps-deferred = step { $step } is deferred until a TTL expires
finding-steps-deferred-at = step { $step } is deferred until a TTL expires (at { $expires })
finding-steps-exempt = step { $step } is exempt under a documented legal basis
finding-steps-replication-not-drained = episodic: output.replication_lag_drained is not true
finding-steps-vectors-not-purged = vectors: purge is { $purge }; removal from the serving index alone is not erasure
finding-steps-lineage-missing = fine_tune: output.models does not list the affected model releases
finding-steps-model-entry-incomplete = fine_tune: a model entry lacks a model_id, a known action, or what its action needs
finding-steps-model-suppressed = fine_tune: a model is only suppressed, an interim control
finding-steps-wrong-seq = step { $step } must have seq { $seq }
finding-steps-not-ascending = records are not in ascending seq
finding-steps-twice = step { $step } appears twice
finding-purge-absent = absent
finding-steps-backup-not-object = a backup must be a JSON object
finding-steps-missing = no record for the required step { $step }
finding-steps-backup-live = step { $step }: backup { $name } is live: the data is still in a copy in use
finding-steps-backup-unsuppressed = step { $step }: backup { $name } is beyond use, but a restore would not re-apply the erasure
finding-probes-residue = the { $name } probe found { $count } records that should be gone
finding-probes-unredacted-pii = the audit-log probe found { $count } unredacted PII fields
finding-probes-all-clear-inconsistent = all_clear is { $claim } but the probe counts say { $clear }
finding-probes-missing = no probe for { $name }
finding-probes-audit-mismatch = the probe reports { $claimed } unredacted PII fields, the audit witness shows { $computed }
finding-probes-same-code-path = the probes ran the cascade's own code ({ $code_ref }, as step { $step })
finding-receipts-confirmed-before-requested = confirmed_at is before requested_at
finding-receipts-unattested = the erasure at { $who } is the controller's word only: no receipt has the subprocessor's verified signature
finding-receipts-missing = no receipt for the subprocessor { $name }
finding-receipts-unlisted = { $name } is not in the manifest's subprocessors
finding-receipts-not-api = receipt for { $who } came by { $channel }, not by API
finding-receipts-no-ticket = receipt for { $who } has no ticket id
finding-receipts-pending = deletion at { $who } is pending
finding-receipts-pending-due = deletion at { $who } is pending (due { $due })
finding-receipts-failed = deletion at { $who } failed
finding-audit-pii-disclosed = entry { $index } still discloses { $count } PII fields
finding-audit-origin-mismatch = checkpoint origin { $origin } is not log_origin
finding-audit-checkpoint-key-unknown = no signature by the trust store's audit_log key for the log { $origin }
finding-audit-checkpoint-signature-invalid = a signature by the log's own key does not verify
finding-audit-disclosure-not-base64 = a disclosure is not strict base64url
finding-audit-disclosure-shape = a disclosure must be [salt, field_name, value]
finding-audit-disclosure-unmatched = the digest of the disclosure of { $field } is not in the leaf's _sd
finding-audit-redaction-no-entry = the redaction names index { $index }, which is not an entry of the witness
finding-audit-redaction-still-there = field { $field } of entry { $index } is recorded as redacted but is still there
finding-audit-consistency-failed = the before-tree is not proved a prefix of the after-tree: { $why }
finding-audit-inclusion-failed = leaf { $index } is not proved in the after-tree: { $why }
finding-audit-checkpoint-malformed = not a signed checkpoint: { $why }
finding-audit-leaf-not-json = leaf is not well-formed JSON: { $why }
finding-audit-disclosure-not-json = disclosure is not well-formed JSON: { $why }
finding-audit-step-not-logged = step { $step } ({ $status }) is not on the audit log
finding-audit-request-not-logged = no { $event } entry for { $request } on the audit log
finding-cosignature-invalid = the cosignature of witness { $witness }: { $why }
finding-cosigned-before-signing = witness { $witness } cosigned at { $at }, before the manifest's signed_at
finding-cosigned-after-signing = witness { $witness } cosigned at { $at }, after the manifest's signed_at
finding-witness-quorum-not-met = { $counted } witness(es) count on checkpoint_after; the policy asks for { $quorum }
finding-attestation-no-member = `attestation` names { $path }, which is no member of the pack
finding-attestation-too-large = an attestation of { $size } bytes (this verifier reads at most { $limit })
finding-attestation-differs = the signed statement differs from the receipt in { $fields }
finding-attestation-signature-fails = the signature by { $keys } does not verify
finding-attestation-unverified = no signature is by a subprocessor key of { $name } in the trust store, valid at { $at }
finding-witnessed-after-deadline = completed on time by the controller's clock, but { $k } witness(es) had seen the cascade's log only by { $seen }, at or after the effective deadline { $deadline }
finding-unwitnessed-late = the policy asks for a witnessed time before the effective deadline { $deadline }; the witnessed time is not before it
finding-unwitnessed-too-few = the policy asks for a witnessed time before the effective deadline { $deadline }; fewer than { $k } witness(es) count on checkpoint_after
finding-provenance-header-first = the first record must be the header
finding-provenance-missing = derivatives were requested but the pack has no provenance graph
finding-provenance-unverifiable = the reverse index is unavailable: erasure of derivatives cannot be attested
finding-provenance-obligation-open = an obligation is open: a derived copy is still pending erasure
finding-provenance-scope-not-registered = scope { $scope } has no scope record
finding-provenance-scopes-omitted = tombstone { $node } omits the scopes of its derivatives: { $scopes }
finding-provenance-scopes-omitted-more = tombstone { $node } omits the scopes of its derivatives: { $scopes }, and { $more } more
finding-provenance-scopes-too-far = tombstone { $node } omits the scopes of its derivatives: (not named: too far to walk)
finding-provenance-live = { $node } derives from erased data and is still live
finding-provenance-deferred = { $node } derives from erased data and only expires later
finding-provenance-undeclared-deferral = no deferred obligation covers { $node } until it expires
finding-signature-no-seal = the policy asks for a sealed signature; signature.sig has no seal
finding-signature-no-sealed-time = the policy asks for a sealed signature; the seal gives no sealed time
finding-seal-not-checkpoint = the seal's checkpoint is not a signed checkpoint: { $why }
finding-seal-other-log = the seal's checkpoint is of the log { $origin }, not of the pack's log_origin
finding-seal-checkpoint-fails = the seal's checkpoint: { $why }
finding-seal-not-consistent = checkpoint_after is not proved a prefix of the seal's checkpoint: { $why }
finding-seal-not-included = the leaf is not proved at index { $index } of the seal's checkpoint: { $why }
finding-seal-leaf-differs = the leaf's { $name } is { $in_leaf }; this pack's is { $in_pack }
finding-register-duplicate-file = { $count } files have the same bytes as { $file }: one pack
finding-register-supersedes-unknown = { $file } supersedes { $sha256 }, which is not in the set
finding-register-supersedes-mismatch = { $file } supersedes { $earlier }, which differs in { $fields }: the link is void
finding-register-superseded-twice = { $count } packs supersede { $file }: every such link is void
finding-register-fork-roots = the log { $origin } shows two roots at tree size { $size }: its key signed two histories
finding-register-fork-leaves = the log { $origin } shows two leaves at index { $index }: its key signed two histories
finding-register-competing-packs = request { $request } has { $count } packs that no pack supersedes
finding-register-overdue = { $kind } { $what } was due at { $due }, before as_of

## `proofpack register`: the table of requests, the findings, the packs.

register-title = Register of { $packs } packs in { $requests } requests, as of { $as_of }
register-status = status: { $status }  (exit { $exit })
register-requests = Requests:
register-col-tenant = tenant
register-col-request = request
register-col-status = status
register-col-head = head pack
register-col-open = open items
register-col-file = file
register-col-verdict = verdict
register-col-superseded-by = superseded by
register-overdue = OVERDUE
register-due = due { $due }
register-no-due = no due date
register-no-open-items = none
register-findings = Register findings:
register-no-findings = No register findings.
register-packs = Packs:
register-duplicates = same bytes as
register-unread = Files that could not be read:
register-manifest-unread = (manifest unreadable)
register-empty = No packs.
open-item-step = step
open-item-receipt = receipt
open-item-obligation = obligation
open-item-artifact = artifact
open-item-deadline = deadline

## `proofpack diff OLD NEW`.

diff-old = old
diff-new = new
diff-supersedes = NEW supersedes OLD: { $holds }
diff-supersedes-void = NEW names OLD, but the link is void: { $misfits }
diff-supersedes-not = NEW does not name OLD in supersedes.
diff-tiers = Tiers changed:
diff-receipts = Receipts changed:
diff-closed = Open items closed:
diff-opened = Open items opened:
diff-members-added = Members added:
diff-members-removed = Members removed:
diff-members-changed = Members changed:
diff-findings-added = Finding codes added:
diff-findings-removed = Finding codes removed:
diff-none = (none)

## The command line's own words.

# The last line of `proofpack verify DIR`; $verdicts is "2 complete, 1 late".
cli-batch = { $packs } packs: { $verdicts }
cli-batch-skipped = { $skipped } skipped
cli-batch-error = error

ls-path = path
ls-size = size
ls-sha256 = sha256
ls-listing = listing

## Verification receipts (§20): `proofpack verification sign|check|countersign`.

verification-authentic = Authentic: signed by { $signers }.
verification-not-authentic = NOT authentic.
verification-failure-verification-envelope_malformed = the envelope is not a verification receipt
verification-failure-verification-statement_malformed = the signed statement is not a verification statement
verification-failure-verification-no_counting_signature = no signature is by a verifier key of your key store valid at the time of verification
verification-failure-verification-signature_invalid = a signature by a verifier key of your key store does not verify
verification-failure-verification-signer_mismatch = no verifier key that signed belongs to the person named as verifier
verification-failure-verification-pack_mismatch = the pack given is not the pack the statement names
verification-passed-verification-well_formed = the envelope and the statement are well-formed
verification-passed-verification-signatures_verified = every signature by a verifier key of your key store verifies
verification-passed-verification-signer_is_verified_by = the person named as verifier signed it
verification-passed-verification-pack_matches = the pack given is the one the statement names
verification-not-counting-key_unknown = the key is not in your key store
verification-not-counting-role_missing = the key lacks the verifier role
verification-not-counting-not_valid_at_verified_at = the key was not valid (window or revocation) at the time of verification
verification-signature-verified = signature { $keyid } ({ $owner }): verified
verification-signature-invalid = signature { $keyid } ({ $owner }): does NOT verify
verification-signature-not-counting = signature { $keyid }: not counted, { $why }
verification-statement-pack = Pack: SHA-256 { $sha256 }, pack { $pack }, tenant { $tenant }, request { $request }
verification-statement-found = Found: { $verdict }; codes: { $codes }
verification-statement-by = Verified at { $at } by { $by } with { $verifier }; trust store SHA-256 { $trust }
verification-pack-matches = The pack given (SHA-256 { $sha256 }) is the one named.
verification-pack-differs = The pack given (SHA-256 { $sha256 }) is NOT the one named.
verification-today = Verified again today: { $verdict }; codes: { $codes } (verdict { $same_verdict }, codes { $same_codes }, trust store { $same_trust })
verification-same = the same
verification-different = different
verification-signed = Wrote { $file }: { $verdict }, signed by { $owner } (key { $key_id }).
verification-countersigned = Wrote { $file }: countersigned by { $owner } (key { $key_id }).

## The auditor portal's page (crates/proofpack-portal): its words, and
## those its script shows ({ $x } values are filled in by the script).

portal-title = ProofPack auditor portal
portal-intro = Proof-of-erasure packs of the tenants your token may read, with the verifier's verdict. Your token stays in this page's memory: it is sent only to this server, and forgotten when the page closes.
portal-token = Access token
portal-show = Show my packs
portal-forget = Forget token
portal-languages = Language
portal-col-tenant = Tenant
portal-col-pack = Pack
portal-col-request = Request
portal-col-verdict = Verdict
portal-col-signed-at = Signed at
portal-col-file = File
portal-col-sha256 = SHA-256
portal-col-download = Download
portal-previous = Previous
portal-next = Next
portal-refused = The token was refused (unknown, expired or revoked).
portal-retry = This pack is still being verified: try again in { $seconds } s.
portal-server-status = The server answered { $status }.
portal-loading = Loading…
portal-verifying = verifying…
portal-download-pack = Pack
portal-download-html = Report (HTML)
portal-download-json = Report (JSON)
portal-page = page { $page } of { $pages }
portal-total = { $total } pack(s).
portal-forgotten = Token forgotten.
portal-register-title = Register
portal-register-intro = The packs of one tenant verified together (section 19 of the specification): each request with its status, its current pack and what is still open, and what the packs show only together. Every pack is verified again, so this can take a while.
portal-register-tenant = Tenant
portal-register-as-of = As of
portal-register-as-of-hint = The instant open items are judged at: an RFC 3339 time with an offset, such as 2026-12-01T00:00:00Z. Leave it empty to judge them at the current time.
portal-register-show = Show the register
portal-register-loading = Verifying the tenant's packs together…
portal-register-retry = Some of this tenant's packs are still being verified: try again in { $seconds } s.
portal-register-bad-as-of = "As of" is not an RFC 3339 time with an offset, such as 2026-12-01T00:00:00Z.
portal-register-summary = { $packs } pack(s) in { $requests } request(s), as of { $as_of }.
portal-register-empty = This tenant has no packs, as of { $as_of }.
portal-register-requests = Requests
portal-register-col-request = Request
portal-register-col-status = Status
portal-register-col-head = Current pack
portal-register-col-open = Open items
portal-register-manifest-unread = (manifest unreadable)
portal-register-no-open-items = none
portal-register-due = due { $due }
portal-register-no-due = no due date
portal-register-overdue = OVERDUE
portal-register-findings = Register findings
portal-register-no-findings = No register findings.
portal-register-col-code = Code
portal-register-col-effect = Effect
portal-register-col-meaning = What it means
portal-register-col-detail = Detail (in English)
portal-register-col-packs = Packs

## The desktop app's own words (src-tauri, ui/): the page's labels and what
## its script writes. { $x } values are filled in by the script; a value
## named after an element (code, flag, file, role, untrusted) is that
## element of the page, kept where the sentence places it.

ui-language = Language
ui-modes = Mode
ui-mode-verify = Verify
ui-mode-author = Author
ui-offline = Offline: nothing leaves this machine.
ui-side = Packs and trust store
ui-packs = Packs
ui-open-packs = Open packs…
ui-pack-path = Pack path
ui-open = Open
ui-drop-hint = Or drop { $code } packs on the window.
ui-opened-packs = Opened packs
ui-trust-store = Trust store
ui-choose-trust = Choose trust store…
ui-trust-path = Trust store path
ui-use = Use
ui-forget-trust = Forget the remembered store
ui-forget-page-trust = Stop using this trust store
ui-verifying-path = Verifying { $path }…
ui-cancel = Cancel
ui-empty = Open a proof pack to verify it. Choose the trust store of DPO and audit-log keys you were given: without one a pack is at best { $untrusted }.
ui-empty-untrusted = untrusted
ui-unverified-note = The pack is invalid: what the panels show are the pack's own claims, not verified facts.
ui-panels = Report panels
ui-tab-findings = Findings
ui-tab-tiers = Tiers
ui-tab-sla = Deadlines
ui-tab-receipts = Receipts
ui-tab-audit = Audit log
ui-tab-provenance = Provenance
ui-tab-contents = Contents
ui-tab-trust = Trust
ui-export = Export the report
ui-export-to = Export to
ui-replace = Replace an existing file
ui-save-json = Save JSON
ui-save-html = Save HTML
ui-save-as = Save as…
ui-author-heading = Author and sign a pack
ui-author-hint = ProofPack checks the evidence exactly as { $code } does and refuses to sign a pack that does not hold up.
ui-evidence-folder = Evidence folder
ui-browse = Browse…
ui-load = Load
ui-dpo-key = DPO private key (PKCS#8 PEM)
ui-recipients-trust = Trust store the recipients use
ui-accept-incomplete = Accept incomplete or late: sign an honest record of open obligations ({ $flag })
ui-accept-uncorroborated = Accept uncorroborated: sign although the witness quorum or the signed receipts the trust store asks for fall short; the pack records it ({ $flag })
ui-attestation-field = Attestation ({ $file }; saved into the folder when you sign)
ui-check = Check before signing
ui-sign-save = Sign and save
ui-save-pack-to = Save the signed pack to
ui-entry-heading = Trust-store entry for the recipients
ui-entry-hint = Give this entry to whoever verifies your packs: it is your key's public half, as a { $role } key of the signer.
ui-copy-entry = Copy the entry

# The sidebar: which store served each pack, which the next pack will use.
ui-next-trust-remembered = Packs you open next are verified with the remembered trust store:
ui-next-trust-command-line = Packs you open next are verified with the command line's trust store (this session only):
ui-next-trust-none = No trust store: packs opened here are at best untrusted.
ui-next-trust-page = Packs you open next are verified with the trust store chosen in this page (not remembered: choose it again after reloading the page):
ui-trust-keys = { $keys } keys · modified { $modified }
ui-trust-sha256 = sha256 { $sha256 }
ui-pack-trust = trust store { $file }
ui-pack-no-trust = no trust store
ui-close = Close
ui-close-pack = Close { $path }
ui-badge-error = error

ui-error-read = Cannot read { $path }: { $message }
ui-error-trust-store = The trust store { $path } cannot be used: { $message }
ui-error-cancelled = The verification was cancelled.
ui-error-exists = { $path } exists. Tick “{ $replace }” to replace it; nothing was written.
ui-error-write = Cannot write { $path }: { $message }
ui-error-internal = Internal error of the verifier (no verdict is given): { $message }
ui-error-unknown-report = This report is no longer kept (only the most recent are): open the pack again to export it.

ui-verdict-exit = { $verdict } (exit { $exit })
ui-which-trust = { $path } · trust store { $trust }
ui-which-no-trust = { $path } · no trust store
ui-none = None.
ui-yes = yes
ui-no = no

ui-pack-heading = The pack
ui-pack-pack = Pack
ui-pack-request = Request
ui-pack-tenant = Tenant
ui-pack-legal-basis = Legal basis
ui-pack-cascade-runner = Cascade run by
ui-pack-signed-by = Signed by
ui-pack-signed-by-value = { $signer } at { $at }
ui-pack-signing-key = Signing key
ui-pack-signing-key-value = { $key_id } · { $fingerprint }
ui-pack-key-not-trusted = not in the trust store
ui-pack-signature = Signature
ui-pack-signature-verified = verified with the trust store’s key
ui-pack-signature-not-verified = NOT verified
ui-pack-all-clear-value = claimed { $claimed }; recomputed { $recomputed }
ui-passed = Checks that passed ({ $count })
ui-findings = Findings ({ $count })
ui-finding-at = at { $location }
ui-finding-meaning = What it means
ui-finding-why = Why it matters
ui-finding-ask = What to ask
ui-finding-fix = What to fix

ui-tiers-heading = Tiers of the cascade
ui-tiers-tier = Tier
ui-tiers-requested = Requested
ui-tiers-status = Status
ui-tiers-counts = Before → after
ui-tiers-residue = Residue
ui-tiers-evidence = Evidence
ui-backups = Backups ({ $count })
ui-backups-none = No step declares a backup of its tier.
ui-backups-backup = Backup
ui-backups-state = State
ui-backups-kept-until = Kept until
ui-backups-restore = A restore
ui-backups-restore-suppressed = re-applies the erasure
ui-backups-restore-unsuppressed = would bring the data back

ui-sla-heading = Deadlines
ui-sla-picture = SLA timeline: received, deadlines, completed, witnessed time, margin
ui-sla-rule = Rule: { $rule }
ui-sla-received = Received
ui-sla-base = End of first period
ui-sla-max = End of extended period
ui-sla-statutory = Statutory deadline
ui-sla-extended = { $deadline } (extended)
ui-sla-declared = Declared deadline
ui-sla-effective = Effective deadline
ui-sla-completed = Completed
ui-sla-margin = Margin
ui-sla-witnessed = Witnessed time
ui-sla-witnessed-before = The witnesses had seen the cascade’s log before the effective deadline: clocks other than the controller’s corroborate the completion.
ui-sla-witnessed-after = The witnesses saw the cascade’s log only at or after the effective deadline: no witness corroborates a completion before it, whatever the controller’s clock says.
ui-sla-witnessed-none = With no witnessed time, when the cascade completed is the controller’s word alone: no witness’s clock corroborates it.
ui-sla-witnessed-no-deadline = There is no effective deadline to compare the witnessed time with.

ui-pages = Pages
ui-previous = ‹ Previous
ui-next = Next ›
ui-page = page { $page } of { $pages } ({ $total } rows)

ui-receipts-heading = Subprocessor receipts ({ $count })
ui-receipts-statuses = statuses
ui-receipts-channels = channels
ui-receipts-all-statuses = all statuses
ui-receipts-all-channels = all channels
ui-receipts-no-value = (none)
ui-receipts-line = Line
ui-receipts-subprocessor = Subprocessor
ui-receipts-channel = Channel
ui-receipts-status = Status
ui-receipts-when = Confirmed / due
ui-receipts-ticket = Ticket
ui-receipts-erased = Subprocessor erased
ui-receipts-signature = Subprocessor’s signature
ui-receipts-due = due { $at }
ui-receipts-was-erased = erased
ui-receipts-not-erased = not erased

ui-audit-heading = Audit-log witness
ui-audit-origin = Log (checkpoint origin)
ui-audit-tree-size = Tree size
ui-audit-checkpoints = Checkpoints
ui-audit-checkpoints-verified = verified with the log’s key
ui-audit-not-verified = NOT verified
ui-audit-consistency = Consistency
ui-audit-proved = proved
ui-audit-not-proved = NOT proved
ui-audit-entries-proved = Entries proved
ui-audit-entries-proved-value = { $proved } of { $entries }
ui-audit-disclosures = Disclosures
ui-audit-pii = PII fields disclosed
ui-audit-redactions = Redaction records
ui-witnesses-heading = Witnesses
ui-witnesses-quorum = { $counted } distinct witness(es) count on the later checkpoint; the trust store’s policy asks for { $quorum } ({ $met }).
ui-witnesses-met = met
ui-witnesses-not-met = not met
ui-witnesses-none = No checkpoint carries a cosignature by a witness of the trust store.
ui-witnesses-checkpoint = Checkpoint
ui-witnesses-witness = Witness
ui-witnesses-operator = Operator
ui-witnesses-at = Cosigned at
ui-witnesses-counts = Counts
ui-witnesses-after = after
ui-witnesses-before = before
ui-witnesses-counted = counts
ui-witnesses-not-counted = does not count: { $why }
ui-witnesses-seal = seal

ui-provenance-heading = Provenance graph
ui-provenance-none = No provenance graph in the pack.
ui-provenance-picture = Provenance graph: tombstones, derived artefacts by state, open obligations
ui-provenance-omitted = { $omitted } records are not drawn; the counts below include them.
ui-provenance-version = Graph version
ui-provenance-reverse-index = Reverse index
ui-provenance-scopes = Scopes
ui-provenance-tombstones = Tombstones
ui-provenance-artifacts = Derived artefacts
ui-provenance-artifacts-value = { $artifacts } ({ $reachable } reachable from erased data: { $live } live, { $expiring } expiring)
ui-provenance-obligations = Open obligations
ui-artifacts-heading = Derived artefacts ({ $count })
ui-artifacts-line = Line
ui-artifacts-scope = Scope
ui-artifacts-key = Key
ui-artifacts-state = State
ui-artifacts-expires = Expires
ui-artifacts-sources = Derived from
ui-artifacts-reachable = From erased data
ui-artifacts-filter-state = States
ui-artifacts-all-states = all states
ui-artifacts-filter-reach = Reachability
ui-artifacts-all-reach = all artefacts
ui-artifacts-reached = reachable from erased data
ui-artifacts-not-reached = not reachable
ui-artifacts-omitted = { $omitted } more artefacts have no row here (the report lists at most { $listed }); the counts above include them.

ui-members = Members ({ $count })
ui-members-path = Path
ui-members-size = Size
ui-members-sha256 = SHA-256
ui-members-listing = In the manifest
ui-attestation = Attestation
ui-attestation-absent = (absent, or not UTF-8 text)

ui-trust-heading = Trust store used
ui-trust-none = None: no trust store was used for this pack, so it is at best untrusted.
ui-trust-path-label = Path
ui-trust-sha256-label = SHA-256
ui-trust-keys-label = Keys
ui-trust-modified = Modified
ui-trust-quorum = Witness quorum
ui-trust-quorum-value = { $quorum } distinct witness(es) must cosign the audit log
ui-trust-signed-receipts = Signed receipts
ui-trust-signed-receipts-required = required: a subprocessor’s erasure needs its own signature
ui-trust-signed-receipts-not-required = not required
ui-trust-witnessed-deadline = Witnessed deadline
ui-trust-witnessed-deadline-required = required: a completion on time needs a witnessed time before the deadline
ui-trust-witnessed-deadline-not-required = not required
ui-trust-sealed-signature = Sealed signature
ui-trust-sealed-signature-required = required: the pack’s signature must be sealed by the witnesses
ui-trust-sealed-signature-not-required = not required
ui-seal-heading = Seal of the signature
ui-seal-none = The signature is not sealed: when it was made is the signer’s word alone.
ui-seal-meaning = By the sealed time, the witnesses had seen this signature logged: it stands even if its key is revoked later.
ui-seal-holds = Seal
ui-seal-holds-yes = holds
ui-seal-holds-no = does NOT hold
ui-seal-sealed-time = Sealed time
ui-seal-sealed-time-not-held = none: the seal does not hold
ui-seal-sealed-time-too-few = none: fewer than { $k } witness(es) count on the seal’s checkpoint
ui-seal-checkpoint = Checkpoint tree size
ui-seal-entry = Entry index
ui-seal-witnesses-heading = Cosignatures of the seal’s checkpoint
ui-seal-witnesses-none = No witness of the trust store cosigned the seal’s checkpoint.
ui-trust-key-id = Key id
ui-trust-owner = Owner
ui-trust-roles = Roles
ui-trust-valid-from = Valid from
ui-trust-valid-to = Valid to
ui-trust-revoked = Revoked
ui-trust-fingerprint = Fingerprint
ui-trust-unbounded = unbounded

ui-export-no-path = Give a file to export to.
ui-export-saved = Saved { $format } to { $path }.

ui-author-pack = Pack
ui-author-signer = Signer
ui-author-cascade-runner = Cascade run by
ui-author-key-id = Signing key id
ui-author-subprocessors = Subprocessors
ui-author-members = Members
ui-author-ready = would verify as { $verdict }: ready to sign
ui-author-refused = would verify as { $verdict }: refused
ui-author-no-out = Give a file to save the pack to.
ui-author-signed = Signed and saved { $path } (sha256 { $sha256 }); it verifies as { $verdict }.
ui-author-refused-nothing-written = Refused: nothing was written.

# Register mode (§19): many packs verified together.
ui-mode-register = Register
ui-register-heading = Register of many packs
ui-register-hint = Each pack is verified alone with the trust store, then the packs together, as { $code } does: which pack follows up which, competing packs, log forks, and open items overdue at the chosen instant.
ui-register-path = Folder of packs
ui-register-pick-packs = Choose packs…
ui-register-as-of = Judge open items as of (RFC 3339; empty: now)
ui-register-run = Make the register
ui-register-no-path = Give a folder of packs, or choose packs.
ui-register-trust = Every pack is verified with the trust store { $path }.
ui-register-no-trust = No trust store: a register needs one. Choose it here or in Verify mode.
ui-register-listing = Listing the packs…
ui-register-progress = Verifying pack { $done } of { $total }…
ui-register-cancelled = The register was cancelled.
ui-register-empty-status = no request
ui-register-counts = { $packs } packs in { $requests } requests, open items judged as of { $as_of }; trust store { $trust }.
ui-register-requests = Requests ({ $count })
ui-register-filter-status = Statuses
ui-register-all-statuses = all statuses
ui-register-filter-tenant = Tenants
ui-register-all-tenants = all tenants
ui-register-overdue-only = Only requests with overdue items
ui-register-col-tenant = Tenant
ui-register-col-request = Request
ui-register-col-status = Status
ui-register-col-heads = Head pack
ui-register-col-open = Open items
ui-register-col-due = Next due
ui-register-manifest-unread = (manifest unreadable)
ui-register-overdue = OVERDUE
ui-register-overdue-count = { $open } ({ $overdue } overdue)
ui-register-no-open = none
ui-register-show-chain = Show the packs of request { $request }
ui-register-chain-heading = Request { $request } of tenant { $tenant }
ui-register-chain-packs = Its packs, each chain earliest first
ui-register-head = head: not superseded
ui-register-superseded-by = SUPERSEDED by { $file }
ui-register-duplicates = same bytes as { $files }
ui-register-open-in-verify = Open in Verify mode
ui-register-open-items = Open items of its heads ({ $count })
ui-register-item-kind = Kind
ui-register-item-what = What
ui-register-item-due = Due
ui-register-item-pack = Shown by
ui-register-no-due = no due date
ui-register-findings-here = Register findings at these packs: { $codes }
ui-register-findings = Register findings ({ $count })
ui-register-no-findings = No register findings.
ui-register-filter-code = Codes
ui-register-all-codes = all codes
ui-register-finding-packs = At the packs
ui-register-unread = Files that could not be read ({ $count })
ui-register-skipped = Entries that are not packs ({ $count })
ui-register-skip-not-pack = not a *.tar.gz file
ui-register-skip-not-file = not a regular file
ui-register-skip-link = a symbolic link (not followed)
ui-register-export = Export the register
ui-register-close-chain = Close the packs of this request
ui-save-csv = Save CSV
ui-error-no-trust = A register needs a trust store: choose one first.
ui-register-request-pages = Pages of requests
ui-register-finding-pages = Pages of register findings
ui-vsign-heading = Sign the verification
ui-vsign-hint = Signs what is shown above, as it was verified, with your verifier key; your key store's entry for that key, with the role verifier, names you as the verifier.
ui-verifier-key = Verifier private key (PKCS#8 PEM)
ui-verifier-keys = Key store of verifier keys
ui-vsign-out = Save the signed verification to
ui-vsign-sign = Sign and save the verification
ui-vsign-missing = Give the verifier key, the key store and a file to save to.
ui-vsign-saved = Saved { $path }: { $verdict }, signed by { $owner } (key { $key_id }).
ui-vcheck-heading = Check a signed verification
ui-vcheck-hint = Or drop a signed verification on the window.
ui-vcheck-file = Signed verification
ui-vcheck-compare = Compare with the pack shown
ui-vcheck-check = Check
ui-vcheck-missing = Give the signed verification and the key store of verifier keys.
ui-vcheck-holds = { $path }: authentic.
ui-vcheck-fails = { $path }: NOT authentic, or not the pack shown.
ui-error-verifier-not-in-store = No entry of the key store holds this key's public key: add the key to the store with the role verifier.
ui-error-verifier-role-missing = The key store's entry for this key lacks the role verifier.
ui-error-verifier-ambiguous = Several verifier entries of the key store hold this key: keep one.
ui-error-verifier-not-valid = The key is not valid (its window or its revocation) at the time of this verification.
ui-error-verifier-no-time = The report does not say when the pack was verified; it cannot be signed.
