"""The producer's records (request, step records, probes, provenance) and a pack
written with them from Python, checked by the `proofpack` CLI."""

import json
import subprocess

import pytest

import proofpack
from conftest import refused

KEY = bytes(range(32))
ORIGIN = "audit.example.com/ten_py"
ALL_CLASSES = ["working", "episodic", "semantic", "vectors", "fine_tune", "uploads",
               "derivatives"]
T = "2026-04-22T14:{:02d}:00Z"


def request(**changes):
    fields = dict(request_id="req-py-1", tenant_id="ten_py",
                  subject_id=proofpack.pseudonymous_subject_id(KEY, "alice@example.com"),
                  data_classes=ALL_CLASSES, legal_basis="GDPR",
                  received_at="2026-04-20T09:11:00Z", requester_identity_proof_ref="idv-1",
                  sla_deadline="2026-05-20T09:11:00Z")
    fields.update(changes)
    return proofpack.Request(**fields)


def ok(step, minute=1, **kwargs):
    return proofpack.StepRecord(step, "ok", T.format(minute), T.format(minute), 0,
                                "git:cascade@1", **kwargs)


def test_pseudonym_is_stable_and_refuses_a_short_key():
    one = proofpack.pseudonymous_subject_id(KEY, "alice@example.com")
    assert one == proofpack.pseudonymous_subject_id(KEY, "alice@example.com")
    assert one.startswith("sub_") and len(one) == 68
    assert one != proofpack.pseudonymous_subject_id(KEY, "bob@example.com")
    with pytest.raises(proofpack.ProducerError) as caught:
        proofpack.pseudonymous_subject_id(b"short", "alice@example.com")
    assert isinstance(caught.value, proofpack.Error)
    assert caught.value.kind == "weak_pseudonym_key"


def test_request_and_its_required_steps():
    r = request(data_classes=["uploads", "episodic"])
    assert r.data_classes == ["episodic", "uploads"]
    assert r.required_steps() == ["episodic", "uploads", "subprocessor", "audit_log"]
    doc = json.loads(r.to_json())
    assert doc["subject_id"] == r.subject_id and doc["legal_basis"] == "GDPR"


@pytest.mark.parametrize("basis,received,statutory", [
    ("GDPR", "2026-04-20T09:11:00Z", "2026-05-21T00:00:00Z"),
    ("GDPR", "2026-01-31T23:30:00-05:00", "2026-03-01T00:00:00-05:00"),
    ("CCPA", "2026-04-20T09:11:00Z", "2026-06-05T00:00:00Z"),
    ("POPIA", "2026-04-20T09:11:00Z", "2026-05-21T00:00:00Z"),
])
def test_statutory_deadline_is_the_end_of_the_first_period(basis, received, statutory):
    assert proofpack.Request.statutory_deadline(basis, received) == statutory
    # An internal deadline must be strictly before it (§6).
    with pytest.raises(proofpack.ProducerError):
        request(legal_basis=basis, received_at=received, sla_deadline=statutory)
    with pytest.raises(ValueError):
        proofpack.Request.statutory_deadline(basis, "2026-04-20 09:11")
    with pytest.raises(ValueError):
        proofpack.Request.statutory_deadline("HIPAA", received)


@pytest.mark.parametrize("changes,error,kind", [
    ({"subject_id": "alice@example.com"}, proofpack.ProducerError, "not_pseudonymous"),
    ({"data_classes": ["episodic", "episodic"]}, proofpack.ProducerError,
     "duplicate_data_class"),
    ({"sla_deadline": "2026-06-20T09:11:00Z"}, proofpack.ProducerError, "deadline_overstated"),
    ({"data_classes": ["memories"]}, ValueError, None),
    ({"legal_basis": "HIPAA"}, ValueError, None),
])
def test_request_refusals(changes, error, kind):
    with refused(error, kind):
        request(**changes)


def test_step_records_carry_what_their_status_needs():
    vectors = ok("vectors", purge="rebuilt", backups=[{"location": "s3://snap", "state": "purged"}])
    assert vectors.to_dict()["output"] == {"purge": "rebuilt",
                                           "backups": [{"location": "s3://snap",
                                                        "state": "purged"}]}
    pending = proofpack.StepRecord("uploads", "pending", T.format(1), T.format(2), 4,
                                   "git:cascade@1", 4, due_at="2026-05-01T00:00:00Z")
    assert (pending.status, pending.after_count) == ("pending", 4)
    assert pending.to_dict()["due_at"] == "2026-05-01T00:00:00Z"
    tuned = ok("fine_tune", models=[{"model_id": "m-1", "action": "unlearned",
                                     "method": "gradient-ascent", "evaluation_ref": "ev-1"}])
    assert tuned.to_dict()["output"]["models"][0]["method"] == "gradient-ascent"


def test_a_counted_step_is_ok_only_when_nothing_is_left():
    done = proofpack.StepRecord.counted("vectors", T.format(1), T.format(2), 5, 0,
                                        "git:cascade@1", "EXC-1", purge="rebuilt",
                                        output={"collections": 2})
    assert (done.status, done.before_count, done.after_count) == ("ok", 5, 0)
    assert done.to_dict()["output"] == {"purge": "rebuilt", "collections": 2}
    left = proofpack.StepRecord.counted("vectors", T.format(1), T.format(2), 5, 2,
                                        "git:cascade@1", "EXC-1", purge="rebuilt")
    record = left.to_dict()
    assert (left.status, left.after_count, record["exception_id"]) == ("fail", 2, "EXC-1")
    assert "output" not in record and record["error"]
    with pytest.raises(proofpack.ProducerError):  # a failure opens an exception
        proofpack.StepRecord.counted("vectors", T.format(1), T.format(2), 5, 2,
                                     "git:cascade@1", "")


@pytest.mark.parametrize("args,kwargs,error,kind", [
    (("working", "ok", T.format(1), T.format(1), 3, "c", 3), {}, proofpack.ProducerError,
     "residue_after_ok"),
    (("working", "fail", T.format(1), T.format(1), 3, "c", 3), {"error": "disk full"},
     proofpack.ProducerError, "silent_failure"),
    (("audit_log", "exempt", T.format(1), T.format(1), 3, "c", 3),
     {"exemption": {"legal_basis": "GDPR Art. 17(3)(b)", "justification": "law"}},
     proofpack.ProducerError, "exempt_audit_log"),
    (("vectors", "ok", T.format(1), T.format(1), 3, "c"), {}, proofpack.ProducerError,
     "missing_evidence"),
    (("working", "ok", T.format(2), T.format(1), 3, "c"), {}, proofpack.ProducerError,
     "time_order"),
    (("working", "fail", T.format(1), T.format(1), 3, "c", 3),
     {"error": "x", "exception_id": "E1", "purge": "rebuilt"}, ValueError, None),
    (("vectors", "ok", T.format(1), T.format(1), 3, "c"), {"purge": "shredded"}, ValueError,
     None),
    (("memories", "ok", T.format(1), T.format(1), 3, "c"), {}, ValueError, None),
])
def test_step_record_refusals(args, kwargs, error, kind):
    with refused(error, kind):
        proofpack.StepRecord(*args, **kwargs)


def test_steps_jsonl_keeps_cascade_order():
    lines = proofpack.steps_jsonl([ok("working"), ok("uploads")]).splitlines()
    assert [json.loads(line)["seq"] for line in lines] == [1, 6]
    with refused(proofpack.ProducerError, "step_order"):
        proofpack.steps_jsonl([ok("uploads"), ok("working")])


def test_verification_computes_all_clear_and_wants_every_requested_probe():
    r = request(data_classes=["episodic"])
    doc = json.loads(proofpack.verification_json(T.format(30), "git:probe@2", {"episodic": 2},
                                                 0, 0, request=r))
    assert doc["all_clear"] is False and doc["probes"]["episodic"] == {"residue": 2}
    with refused(proofpack.ProducerError, "missing_probe"):
        proofpack.verification_json(T.format(30), "git:probe@2", {"uploads": 0}, 0, 0,
                                    request=r)


HEADER = {"type": "header", "graph_version": "g-1", "reverse_index": "available"}
SCOPES = [{"type": "scope", "scope": "user:1"}, {"type": "scope", "scope": "user:1:derived"}]


def graph(state, reference_scopes=("user:1:derived",)):
    return [HEADER, *SCOPES,
            {"type": "tombstone", "scope": "user:1", "key": "note-1", "at": T.format(5),
             "reference_scopes": list(reference_scopes)},
            {"type": "artifact", "scope": "user:1:derived", "key": "sum-1",
             "derived_from": [{"scope": "user:1", "key": "note-1"}], "state": state}]


def test_provenance_writes_a_live_derivation_and_refuses_a_broken_graph():
    lines = proofpack.provenance_jsonl(graph("live")).splitlines()
    assert json.loads(lines[-1])["state"] == "live"
    with refused(proofpack.ProducerError, "provenance_header"):
        proofpack.provenance_jsonl(graph("tombstoned")[1:])
    with refused(proofpack.ProducerError, "reference_scopes_incomplete"):
        proofpack.provenance_jsonl(graph("tombstoned", reference_scopes=()))
    with pytest.raises(ValueError):
        proofpack.provenance_jsonl(graph("forgotten"))


def write_pack(tmp_path, artifact_state, receipts=(), attachments=(), backups=None):
    """The producer README's path, from Python: a subject with two personal
    fields on the audit log and a summary derived from one note; `receipts`
    (proofpack.Receipt) name the manifest's subprocessors, `attachments`
    are (member path, bytes), `backups` go on the vectors step. The trust
    store holds the DPO's and the log's keys, added with TrustStoreFile."""
    log_key, dpo_key = tmp_path / "log.pem", tmp_path / "dpo.pem"
    log_entry = proofpack.keygen(log_key, ORIGIN, "audit@example.com", ["audit_log"])
    proofpack.keygen(dpo_key, "dpo-py", "dpo@example.com", ["dpo"])
    trust = tmp_path / "trust.json"
    store = proofpack.TrustStoreFile(trust, create=True)
    store.add_key("dpo-py", "dpo@example.com", ["dpo"], key_path=dpo_key)
    store.add_entry(log_entry)
    store.save()
    r = request()
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    login = log.append("2026-04-02T07:45:00Z", "session_login", clear={"client": "web"},
                       disclosable={"subject_email": "alice@example.com",
                                    "ip_address": "192.0.2.10"})
    before = log.checkpoint(log_key)
    log.log_request_accepted(r.received_at, r.request_id)
    pii = ["subject_email", "ip_address"]
    assert log.unredacted_pii_count([login], pii) == 2
    evidence = {"episodic": {"replication_lag_drained": True},
                "vectors": {"purge": "rebuilt", "backups": backups},
                "fine_tune": {"models": []}}
    steps = []
    for minute, step in enumerate(r.required_steps(), start=1):
        steps.append(ok(step, minute, **evidence.get(step, {})))
        log.log_step_record(r.request_id, steps[-1])
    log.redact(login, pii)
    entries = [login] + log.entries_for_request(r.request_id)
    assert len(entries) == 1 + 1 + len(steps)
    after = log.checkpoint(log_key)
    folder = tmp_path / "evidence"
    folder.mkdir()
    members = {
        "request.json": r.to_json(),
        "steps.jsonl": proofpack.steps_jsonl(steps),
        "verification.json": proofpack.verification_json(
            T.format(30), "git:probe@2", {c: 0 for c in ALL_CLASSES}, 0,
            log.unredacted_pii_count(entries, pii), request=r),
        "subprocessor-receipts.jsonl": proofpack.receipts_jsonl(list(receipts)),
        "audit-log-redaction.json": log.witness(before, after, entries, pii),
        "provenance.jsonl": proofpack.provenance_jsonl(graph(artifact_state)),
        "attestation.txt": b"Reviewed.\n",
    }
    for name, data in [*members.items(), *attachments]:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "pack.json").write_text(json.dumps({
        "pack_id": "erasure-req-py-1", "completed_at": T.format(40),
        "cascade_runner": "svc-erasure@example.com", "signer": "dpo@example.com",
        "signature_key_id": "dpo-py",
        "subprocessors": sorted({receipt.subprocessor for receipt in receipts})}))
    pack = tmp_path / "proof.tar.gz"
    proofpack.sign_pack(folder, dpo_key, trust, pack, signed_at=T.format(50),
                        accept_incomplete=artifact_state == "live")
    return pack, trust


def cli_verdict(cli, pack, trust):
    run = subprocess.run([cli, "verify", "--json", str(pack), "--trust", str(trust)],
                         capture_output=True, check=False)
    report = json.loads(run.stdout)
    return run.returncode, report["verdict"], {f["code"] for f in report["findings"]}


def test_a_pack_written_from_python_verifies_complete(tmp_path, cli):
    pack, trust = write_pack(tmp_path, "tombstoned")
    assert cli_verdict(cli, pack, trust) == (0, "complete", set())


def test_a_live_derivation_is_incomplete(tmp_path, cli):
    pack, trust = write_pack(tmp_path, "live")
    status, verdict, codes = cli_verdict(cli, pack, trust)
    assert (status, verdict) == (4, "incomplete")
    assert "provenance.live_derivation" in codes
