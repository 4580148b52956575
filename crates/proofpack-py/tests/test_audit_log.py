"""proofpack.AuditLog: the producer's persistent audit log (§10) on SQLite."""

import json

import pytest

import proofpack

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
    with pytest.raises(proofpack.AuditLogError) as caught:
        proofpack.AuditLog(db, "audit.example.com/other")
    assert isinstance(caught.value, proofpack.Error)


def test_an_empty_event_class_is_refused(tmp_path):
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    with pytest.raises(proofpack.AuditLogError):
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
    with pytest.raises(proofpack.AuditLogError):
        log.redact(0, ["email"])


def test_a_checkpoint_of_another_log_is_refused(tmp_path):
    key = log_key(tmp_path)
    ours = proofpack.AuditLog(tmp_path / "a.sqlite", ORIGIN)
    theirs = proofpack.AuditLog(tmp_path / "b.sqlite", ORIGIN)
    ours.append("2026-04-10T09:00:00Z", "session_login")
    theirs.append("2026-04-10T09:00:00Z", "session_logout")
    foreign = theirs.checkpoint(key)
    own = ours.checkpoint(key)
    with pytest.raises(proofpack.AuditLogError):
        ours.witness(foreign, own, [0], [])


def test_a_bad_key_file_is_refused(tmp_path):
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    with pytest.raises(FileNotFoundError):
        log.checkpoint(tmp_path / "absent.pem")
