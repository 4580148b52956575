"""Sealing (§22) from Python: AuditLog.log_pack_signed and AuditLog.seal on
the persistent log, and proofpack.seal_pack, which seals as `proofpack seal`
does; each refusal checked by its kind."""

import base64
import datetime
import json

import pytest

import proofpack
from conftest import refused
from cosign_support import cosignature_line, public_key
from test_producer import write_pack, ORIGIN

WITNESS = "witness.example.org/w1"
WITNESS_SECRET = bytes([0x57] * 32)
# After the pack's signed_at (2026-04-22T14:50:00Z).
LOGGED_AT = "2026-04-22T15:00:00Z"
COSIGNED_AT = int(datetime.datetime(2026, 4, 22, 15, 10, tzinfo=datetime.timezone.utc).timestamp())


def sealing(tmp_path, cosign=True):
    """A complete pack written from Python, its pack_signed entry logged on
    its own log, and the seal of the log's next checkpoint, cosigned by the
    witness (whose key the trust store gains) unless ``cosign`` is False."""
    pack, trust = write_pack(tmp_path, "tombstoned")
    store = proofpack.TrustStoreFile(trust)
    store.add_key(WITNESS, "ops@witness.example.org", ["witness"],
                  public_key=base64.b64encode(public_key(WITNESS_SECRET)).decode())
    store.save()
    log = proofpack.AuditLog(tmp_path / "log.sqlite", ORIGIN)
    after = log.checkpoints()[-1][1]
    index = log.log_pack_signed(LOGGED_AT, pack)
    assert index == log.size - 1
    note = log.checkpoint(tmp_path / "log.pem")
    if cosign:
        note = log.cosigned(note, [cosignature_line(note, WITNESS, WITNESS_SECRET, COSIGNED_AT)])
    return pack, trust, log, after, note, index


def test_a_sealed_pack_is_sealed_and_complete(tmp_path):
    pack, trust, log, after, note, index = sealing(tmp_path)
    seal = log.seal(after, note, index)
    assert json.loads(seal)["entry"]["index"] == index
    out = tmp_path / "sealed.tar.gz"
    report = proofpack.seal_pack(pack, seal, trust, out)
    assert report["verdict"] == "complete"
    assert report["seal"]["holds"] is True
    assert report["seal"]["sealed_time"] == "2026-04-22T15:10:00Z"
    again = proofpack.verify(out, trust)
    assert again["pack"]["sha256"] == report["pack"]["sha256"]
    assert "signature.sealed" in {p["code"] for p in again["passed"]}
    # The seal as a dict serves too; an existing file is replaced only when asked.
    with pytest.raises(FileExistsError):
        proofpack.seal_pack(pack, json.loads(seal), trust, out)
    proofpack.seal_pack(pack, json.loads(seal), trust, out, replace=True)


def test_a_seal_that_does_not_hold_is_refused(tmp_path):
    pack, trust, log, after, note, index = sealing(tmp_path)
    seal = json.loads(log.seal(after, note, index))
    seal["entry"]["inclusion_proof"] = seal["entry"]["inclusion_proof"][::-1] + [
        base64.b64encode(bytes(32)).decode()]
    out = tmp_path / "sealed.tar.gz"
    with refused(proofpack.RefusedError, "seal_does_not_hold") as caught:
        proofpack.seal_pack(pack, seal, trust, out)
    assert "seal.inclusion_failed" in caught.value.codes
    assert caught.value.report["seal"]["holds"] is False
    assert not out.exists()


def test_a_seal_no_witness_counts_on_is_refused(tmp_path):
    pack, trust, log, after, note, index = sealing(tmp_path, cosign=False)
    out = tmp_path / "sealed.tar.gz"
    with refused(proofpack.RefusedError, "seal_not_witnessed") as caught:
        proofpack.seal_pack(pack, log.seal(after, note, index), trust, out)
    assert caught.value.report["seal"]["holds"] is True
    assert not out.exists()


def test_the_log_refuses_what_it_cannot_seal(tmp_path):
    pack, trust, log, after, note, index = sealing(tmp_path)
    with refused(proofpack.AuditLogError, "not_pack_signed"):
        log.seal(after, note, 0)
    not_a_pack = tmp_path / "notes.txt"
    not_a_pack.write_bytes(b"not a pack")
    with refused(proofpack.AuditLogError, "unsealable"):
        log.log_pack_signed(LOGGED_AT, not_a_pack)
    with pytest.raises(FileNotFoundError):
        log.log_pack_signed(LOGGED_AT, tmp_path / "missing.tar.gz")
    with pytest.raises(proofpack.InvalidInputError):
        proofpack.seal_pack(pack, b"{", trust, tmp_path / "sealed.tar.gz")
