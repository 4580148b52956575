"""proofpack.AuditLog: the producer's persistent audit log (§10) on SQLite."""

import json

import pytest

import proofpack
from conftest import refused

ORIGIN = "audit.example.com/t1"


def log_key(tmp_path):
    path = tmp_path / "log.pem"
    proofpack.keygen(path, ORIGIN, "audit-log@example.com", ["audit_log"])
    return path


def test_appends_are_kept_across_opens(tmp_path):
    db = tmp_path / "log.sqlite"
    log = proofpack.AuditLog(db, ORIGIN)
    assert log.origin == ORIGIN and log.size == 0
    assert log.append("2026-04-10T09:00:00Z", "session_login") == 0
    assert log.append("2026-04-11T09:00:00Z", "request_accepted",
                      clear={"request_id": "req-1"}) == 1
    del log
    again = proofpack.AuditLog(db, ORIGIN)
    assert again.size == 2


def test_another_origin_is_refused(tmp_path):
    db = tmp_path / "log.sqlite"
    proofpack.AuditLog(db, ORIGIN).append("2026-04-10T09:00:00Z", "session_login")
    with refused(proofpack.AuditLogError, "origin_mismatch") as caught:
        proofpack.AuditLog(db, "audit.example.com/other")
    assert isinstance(caught.value, proofpack.Error)


def test_an_empty_event_class_is_refused(tmp_path):
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    with refused(proofpack.AuditLogError, "empty"):
        log.append("2026-04-10T09:00:00Z", "")
    assert log.size == 0


def test_checkpoints_witness_and_redaction(tmp_path):
    db = tmp_path / "log.sqlite"
    key = log_key(tmp_path)
    log = proofpack.AuditLog(db, ORIGIN)
    log.append("2026-04-10T09:00:00Z", "session_login",
               clear={"session": 7}, disclosable={"email": "subject@example.com"})
    before = log.checkpoint(key)
    assert before.splitlines()[0] == ORIGIN
    log.append("2026-04-11T09:00:00Z", "request_accepted", clear={"request_id": "req-1"})
    after = log.checkpoint(key)
    assert [size for size, _ in log.checkpoints()] == [1, 2]
    assert log.checkpoints()[1][1] == after

    witness = json.loads(log.witness(before, after, [0], ["email"]))
    assert witness["log_origin"] == ORIGIN
    assert witness["checkpoint_before"] == before
    assert [e["index"] for e in witness["entries"]] == [0]
    (disclosure,) = witness["entries"][0]["disclosures"]
    assert disclosure.encode() in db.read_bytes()

    log.redact(0, ["email"])
    witness = json.loads(log.witness(before, after, [0], ["email"]))
    assert witness["entries"][0]["disclosures"] == []
    assert witness["redactions"] == [{"index": 0, "fields": ["email"]}]
    # Erased from the database file, not only from the log.
    assert disclosure.encode() not in db.read_bytes()
    with refused(proofpack.AuditLogError, "nothing_to_redact"):
        log.redact(0, ["email"])


def test_a_checkpoint_of_another_log_is_refused(tmp_path):
    key = log_key(tmp_path)
    ours = proofpack.AuditLog(tmp_path / "a.sqlite", ORIGIN)
    theirs = proofpack.AuditLog(tmp_path / "b.sqlite", ORIGIN)
    ours.append("2026-04-10T09:00:00Z", "session_login")
    theirs.append("2026-04-10T09:00:00Z", "session_logout")
    foreign = theirs.checkpoint(key)
    own = ours.checkpoint(key)
    with refused(proofpack.AuditLogError, "checkpoint_mismatch"):
        ours.witness(foreign, own, [0], [])


def test_a_bad_key_file_is_refused(tmp_path):
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    with pytest.raises(FileNotFoundError):
        log.checkpoint(tmp_path / "absent.pem")


def test_what_a_witness_is_asked_and_its_answer_appended(tmp_path):
    import base64

    key = log_key(tmp_path)
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    for day in range(10, 15):
        log.append(f"2026-04-{day}T09:00:00Z", "session_login")
    first = log.checkpoint(key)
    log.append("2026-04-16T09:00:00Z", "request_accepted")
    after = log.checkpoint(key)

    proof = log.consistency_proof(5, 6)
    assert proof and all(isinstance(h, bytes) and len(h) == 32 for h in proof)
    with refused(proofpack.AuditLogError, "merkle"):
        log.consistency_proof(7, 6)

    # A witness that has seen nothing: old 0, no proof.
    assert log.add_checkpoint_body(0, first) == "old 0\n\n" + first
    # One that cosigned size 5: the proof to size 6, a hash a line.
    head, rest = log.add_checkpoint_body(5, after).split("\n\n", 1)
    lines = head.split("\n")
    assert lines[0] == "old 5" and rest == after
    assert [base64.b64decode(line) for line in lines[1:]] == proof
    with refused(proofpack.AuditLogError, "checkpoint_malformed"):
        log.add_checkpoint_body(0, "not a checkpoint")

    # A witness's answer is one signature line; it is appended as given.
    line = first.splitlines(keepends=True)[-1]
    cosigned = log.cosigned(after, [line])
    assert cosigned == after + line
    for bad in ["not a signature line\n", line.rstrip("\n")]:
        with refused(proofpack.AuditLogError, "checkpoint_malformed"):
            log.cosigned(after, [bad])
    other = proofpack.AuditLog(tmp_path / "other.sqlite", ORIGIN)
    other.append("2026-04-09T09:00:00Z", "logout")
    with refused(proofpack.AuditLogError, "checkpoint_mismatch"):
        log.cosigned(other.checkpoint(key), [line])
