"""Receipts (§9), the subprocessor's signed statement (§16), receipts as a
platform collects them, and backups (§17): their records, their refusals, and
the CLI's verdict on packs that carry them."""

import base64
import json

import pytest

import proofpack
from conftest import refused
from test_producer import cli_verdict, request, write_pack

SUB = "vector-saas"
SUB_KEY_ID = "vector-saas-2026"
REQUESTED, CONFIRMED = "2026-04-22T14:20:00Z", "2026-04-22T14:21:00Z"
MEMBER = "attachments/receipts/vector-saas-del_1.dsse.json"


def confirmed(**changes):
    fields = dict(subprocessor=SUB, channel="api", ticket_id="del_1",
                  requested_at=REQUESTED, status="confirmed", confirmed_at=CONFIRMED,
                  endpoint="DELETE /v1/vectors/ten_py")
    fields.update(changes)
    return proofpack.Receipt(**fields)


def test_receipt_records_its_members_by_status():
    receipt = confirmed(attestation=MEMBER)
    assert receipt.to_dict() == {"subprocessor": SUB, "channel": "api",
                                 "endpoint": "DELETE /v1/vectors/ten_py", "ticket_id": "del_1",
                                 "requested_at": REQUESTED, "status": "confirmed",
                                 "confirmed_at": CONFIRMED, "attestation": MEMBER}
    assert (receipt.status, receipt.confirmed_at, receipt.due_at) == ("confirmed", CONFIRMED,
                                                                      None)
    assert receipt.attestation == MEMBER and receipt.erases
    mailed = proofpack.Receipt("mailer", "email", "", REQUESTED, "pending",
                               due_at="2026-05-01T00:00:00Z")
    assert mailed.to_dict()["due_at"] == "2026-05-01T00:00:00Z"
    assert (mailed.channel, mailed.erases, mailed.endpoint) == ("email", False, None)
    failed = proofpack.Receipt("fax-co", "fax", "t-9", REQUESTED, "failed")
    assert failed.channel == "fax" and "confirmed_at" not in failed.to_dict()
    lines = proofpack.receipts_jsonl([receipt, mailed, failed]).splitlines()
    assert [json.loads(line)["subprocessor"] for line in lines] == [SUB, "mailer", "fax-co"]
    assert proofpack.receipts_jsonl([]) == b""


@pytest.mark.parametrize("changes,error,kind", [
    ({"confirmed_at": "2026-04-22T14:00:00Z"}, proofpack.ProducerError, "time_order"),
    ({"confirmed_at": None}, proofpack.ProducerError, "missing"),
    ({"subprocessor": ""}, proofpack.ProducerError, "empty"),
    ({"requested_at": "yesterday"}, proofpack.ProducerError, "invalid_timestamp"),
    ({"status": "pending", "confirmed_at": None}, proofpack.ProducerError, "missing"),
    ({"status": "lost"}, ValueError, None),
    ({"status": "pending", "due_at": "2026-05-01T00:00:00Z"}, ValueError, None),
    ({"status": "failed"}, ValueError, None),
])
def test_receipt_refusals(changes, error, kind):
    with refused(error, kind):
        confirmed(**changes)


def test_statement_is_of_a_confirmed_receipt_and_signed_in_dsse(tmp_path):
    r = request()
    statement = proofpack.ReceiptStatement(confirmed(), r.tenant_id, r.subject_id)
    payload = json.loads(statement.to_json())
    assert payload == {"format": "proof-pack-receipt/v1", "subprocessor": SUB,
                       "tenant_id": "ten_py", "subject_id": r.subject_id, "ticket_id": "del_1",
                       "status": "confirmed", "confirmed_at": CONFIRMED}
    key = tmp_path / "sub.pem"
    proofpack.keygen(key, SUB_KEY_ID, SUB, ["subprocessor"])
    envelope = json.loads(statement.sign(SUB_KEY_ID, key))
    assert envelope["payloadType"] == "application/vnd.proof-pack.receipt+json"
    assert base64.b64decode(envelope["payload"]) == statement.to_json()
    assert [s["keyid"] for s in envelope["signatures"]] == [SUB_KEY_ID]
    assert len(base64.b64decode(envelope["signatures"][0]["sig"])) == 64
    pending = confirmed(status="pending", confirmed_at=None, due_at="2026-05-01T00:00:00Z")
    with refused(proofpack.ProducerError, "statement_not_confirmed"):
        proofpack.ReceiptStatement(pending, r.tenant_id, r.subject_id)
    (tmp_path / "not-a-key.pem").write_text("hello\n")
    with refused(proofpack.KeyFileError, "not_pem"):
        statement.sign(SUB_KEY_ID, tmp_path / "not-a-key.pem")
    with pytest.raises(FileNotFoundError):
        statement.sign(SUB_KEY_ID, tmp_path / "absent.pem")


def test_collected_receipt_turns_exchanges_into_attachments():
    collected = proofpack.CollectedReceipt(SUB, "api", REQUESTED, endpoint="/v1/deletions")
    assert (collected.status, collected.to_receipt().status) == ("failed", "failed")
    collected.ticket_id = "T-1"
    collected.add_exchange(proofpack.Exchange("POST https://v.example/v1/deletions", 202,
                                              '{"ticket":"T-1"}'))
    collected.add_exchange(proofpack.Exchange("GET https://v.example/v1/deletions/T-1", 200,
                                              '{"status":"completed"}'))
    collected.confirm(CONFIRMED)
    collected.attestation = b'{"payloadType": "x"}\n'
    record = collected.to_receipt().to_dict()
    assert (record["status"], record["confirmed_at"], record["ticket_id"]) == (
        "confirmed", CONFIRMED, "T-1")
    assert record["attestation"] == collected.attestation_path
    attachments = collected.attachments()
    assert [path for path, _ in attachments] == [collected.attestation_path,
                                                  collected.exchange_path(0),
                                                  collected.exchange_path(1)]
    assert attachments[0][1] == b'{"payloadType": "x"}\n'
    assert json.loads(attachments[2][1]) == {"request": "GET https://v.example/v1/deletions/T-1",
                                             "status": 200, "body": '{"status":"completed"}'}
    kept = proofpack.CollectedReceipt.from_json(collected.to_json())
    assert kept.to_receipt().to_dict() == record
    assert [e.status for e in kept.exchanges] == [202, 200]
    collected.pending("2026-05-01T00:00:00Z")
    assert (collected.to_receipt().status, collected.confirmed_at) == ("pending", None)
    with pytest.raises(ValueError):
        proofpack.CollectedReceipt.from_json("{}")


def test_collected_receipt_claims_no_status_without_its_date():
    kept = json.loads(proofpack.CollectedReceipt(SUB, "api", REQUESTED).to_json())
    kept["status"] = "confirmed"
    assert proofpack.CollectedReceipt.from_json(json.dumps(kept)).to_receipt().status == "failed"
    kept["confirmed_at"] = "2026-04-22T14:00:00Z"   # before the request
    with refused(proofpack.ProducerError, "time_order"):
        proofpack.CollectedReceipt.from_json(json.dumps(kept)).to_receipt()


def signed_receipt_pack(tmp_path, key_id=SUB_KEY_ID, subject_id=None):
    """A pack whose receipt carries the subprocessor's statement, signed by a
    fresh key named `key_id`; the trust store it was signed with knows only
    the DPO's and the log's keys. Returns the pack, the store and the
    subprocessor's key file."""
    r = request()
    sub_key = tmp_path / "sub.pem"
    proofpack.keygen(sub_key, key_id, SUB, ["subprocessor"])
    receipt = confirmed(attestation=MEMBER)
    statement = proofpack.ReceiptStatement(receipt, r.tenant_id, subject_id or r.subject_id)
    pack, trust = write_pack(tmp_path, "tombstoned", receipts=[receipt],
                             attachments=[(MEMBER, statement.sign(key_id, sub_key))])
    return pack, trust, sub_key


def strict(trust, sub_key=None):
    """The store with signed receipts required and, when given, the
    subprocessor's key (from its key file) added."""
    store = proofpack.TrustStoreFile(trust)
    if sub_key is not None:
        store.add_key(SUB_KEY_ID, SUB, ["subprocessor"], key_path=sub_key)
    assert store.set_policy(signed_receipts=True)
    store.save()
    return store


def test_signed_receipt_with_its_key_trusted_is_complete_under_signed_receipts(tmp_path, cli):
    pack, trust, sub_key = signed_receipt_pack(tmp_path)
    status, verdict, codes = cli_verdict(cli, pack, trust)
    assert (status, verdict) == (0, "complete") and codes == {"receipts.attestation_unverified"}
    strict(trust, sub_key)
    assert cli_verdict(cli, pack, trust) == (0, "complete", set())


def test_signed_receipt_by_an_unknown_key_is_untrusted_under_signed_receipts(tmp_path, cli):
    pack, trust, sub_key = signed_receipt_pack(tmp_path, key_id="vector-saas-rogue")
    strict(trust, sub_key)
    status, verdict, codes = cli_verdict(cli, pack, trust)
    assert (status, verdict) == (5, "untrusted")
    assert {"receipts.unattested", "receipts.attestation_unverified"} <= codes
    # Signing against that store is refused with the code that stops it.
    with pytest.raises(proofpack.RefusedError) as caught:
        proofpack.sign_pack(tmp_path / "evidence", tmp_path / "dpo.pem", trust,
                            tmp_path / "again.tar.gz", signed_at="2026-04-22T14:50:00Z")
    assert caught.value.kind == "needs_accept_uncorroborated"
    assert caught.value.codes == ["receipts.unattested"]
    assert not (tmp_path / "again.tar.gz").exists()


def test_a_statement_of_another_subject_is_never_signed(tmp_path):
    other = proofpack.pseudonymous_subject_id(bytes(range(32)), "bob@example.com")
    with pytest.raises(proofpack.RefusedError) as caught:
        signed_receipt_pack(tmp_path, subject_id=other)
    assert (caught.value.kind, caught.value.verdict) == ("does_not_hold", "invalid")
    assert caught.value.codes == ["receipts.attestation_mismatch"]
    assert not (tmp_path / "proof.tar.gz").exists()


def test_backup_records_and_refusals():
    kept = proofpack.Backup("s3://snap-0412", "beyond_use", retention_until="2026-07-01T00:00:00Z",
                            restore_suppression=True)
    assert kept.to_dict() == {"location": "s3://snap-0412", "state": "beyond_use",
                              "retention_until": "2026-07-01T00:00:00Z",
                              "restore_suppression": True}
    assert (kept.state, kept.restore_suppression) == ("beyond_use", True)
    purged = proofpack.Backup("s3://snap-0413", "purged")
    assert purged.to_dict() == {"location": "s3://snap-0413", "state": "purged"}
    assert purged.retention_until is None
    record = proofpack.StepRecord("vectors", "ok", REQUESTED, REQUESTED, 0, "c", purge="rebuilt",
                                  backups=[kept, {"location": "tape-7", "state": "live"}])
    assert [b["state"] for b in record.to_dict()["output"]["backups"]] == ["beyond_use", "live"]
    with refused(proofpack.ProducerError, "missing"):
        proofpack.Backup("s3://x", "beyond_use", retention_until="2026-07-01T00:00:00Z")
    with refused(proofpack.ProducerError, "invalid_timestamp"):
        proofpack.Backup("s3://x", "beyond_use", retention_until="July",
                         restore_suppression=True)
    with refused(proofpack.ProducerError, "empty"):
        proofpack.Backup("", "purged")
    with pytest.raises(ValueError):
        proofpack.Backup("s3://x", "purged", restore_suppression=True)
    with pytest.raises(ValueError):
        proofpack.Backup("s3://x", "shredded")


def test_suppressed_backups_are_complete_and_a_live_one_refuses_signing(tmp_path, cli):
    fine = [proofpack.Backup("s3://snap-0412", "beyond_use",
                             retention_until="2026-07-01T00:00:00Z", restore_suppression=True),
            proofpack.Backup("s3://snap-0413", "purged")]
    for folder in ("fine", "live"):
        (tmp_path / folder).mkdir()
    pack, trust = write_pack(tmp_path / "fine", "tombstoned", backups=fine)
    assert cli_verdict(cli, pack, trust) == (0, "complete", set())
    unsuppressed = proofpack.Backup("s3://snap-0412", "beyond_use",
                                    retention_until="2026-07-01T00:00:00Z",
                                    restore_suppression=False)
    with pytest.raises(proofpack.RefusedError) as caught:
        write_pack(tmp_path / "live", "tombstoned",
                   backups=[proofpack.Backup("tape-7", "live"), unsuppressed])
    assert caught.value.kind == "needs_accept_incomplete"
    assert sorted(caught.value.codes) == ["steps.backup_live", "steps.backup_unsuppressed"]
    assert caught.value.verdict == "incomplete"
