"""Trust-store editing (§4) with TrustStoreFile: keys added from key files or
base64, revocations, the policy; refusals as TrustStoreError; the saved store
as the CLI reads it."""

import json

import pytest

import proofpack
from conftest import refused
from test_producer import cli_verdict, write_pack

NB, NA = "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"


@pytest.fixture
def key(tmp_path):
    path = tmp_path / "dpo.pem"
    entry = proofpack.keygen(path, "dpo-1", "dpo@example.com", ["dpo"], not_before=NB,
                             not_after=NA)
    return path, entry


def test_keys_of_finds_the_entries_holding_a_key_file(tmp_path, key):
    path, entry = key
    other = proofpack.keygen(tmp_path / "other.pem", "other", "o@example.com", ["audit_log"])
    store = proofpack.TrustStoreFile(tmp_path / "trust.json", create=True)
    assert store.keys_of(path) == []
    store.add_entry(entry)
    store.add_entry(other)
    store.add_key("dpo-1-verifier", "dpo@example.com", ["verifier"], key_path=path)
    assert [e["key_id"] for e in store.keys_of(path)] == ["dpo-1", "dpo-1-verifier"]
    assert store.keys_of(tmp_path / "other.pem") == [other]
    with pytest.raises(FileNotFoundError):
        store.keys_of(tmp_path / "missing.pem")


def test_add_key_from_a_key_file_or_base64_writes_the_keygen_entry(tmp_path, key):
    path, entry = key
    store = proofpack.TrustStoreFile(tmp_path / "trust.json", create=True)
    assert store.keys() == [] and store.policy == {"witness_quorum": 0,
                                                   "signed_receipts": False}
    added = store.add_key("dpo-1", "dpo@example.com", ["dpo"], key_path=path,
                          not_before=NB, not_after=NA)
    assert added == entry
    again = store.add_key("dpo-1b", "dpo@example.com", ["dpo", "verifier"],
                          public_key=entry["public_key"])
    assert again["public_key"] == entry["public_key"] and again["roles"] == ["dpo", "verifier"]
    assert not (tmp_path / "trust.json").exists()   # nothing written before save
    store.save()
    saved = json.loads((tmp_path / "trust.json").read_text())
    assert saved["format"] == "proof-pack-trust/v1"
    assert [k["key_id"] for k in saved["keys"]] == ["dpo-1", "dpo-1b"]
    assert [k["key_id"] for k in proofpack.TrustStoreFile(tmp_path / "trust.json").keys()] == [
        "dpo-1", "dpo-1b"]


def test_add_key_refusals(tmp_path, key):
    path, entry = key
    store = proofpack.TrustStoreFile(tmp_path / "trust.json", create=True)
    store.add_entry(entry)
    with refused(proofpack.TrustStoreError, "duplicate_key_id"):
        store.add_key("dpo-1", "dpo@example.com", ["dpo"], key_path=path)
    with refused(proofpack.TrustStoreError, "duplicate_key_id"):
        store.add_entry(entry)
    with refused(proofpack.TrustStoreError, "invalid_entry"):
        store.add_entry({**entry, "key_id": "x", "alg": "rsa"})
    with refused(proofpack.TrustStoreError, "empty_window"):
        store.add_key("late", "o", ["dpo"], key_path=path, not_before=NA, not_after=NB)
    with pytest.raises(ValueError):
        store.add_key("r", "o", ["janitor"], key_path=path)
    with pytest.raises(ValueError):
        store.add_key("r", "o", [], key_path=path)
    with pytest.raises(ValueError):
        store.add_key("r", "o", ["dpo"])
    with pytest.raises(ValueError):
        store.add_key("r", "o", ["dpo"], key_path=path, public_key=entry["public_key"])
    with pytest.raises(ValueError):
        store.add_key("r", "o", ["dpo"], public_key="not base64!")
    with pytest.raises(ValueError):
        store.add_key("r", "o", ["dpo"], key_path=path, not_before="soon")
    with pytest.raises(FileNotFoundError):
        store.add_key("r", "o", ["dpo"], key_path=tmp_path / "absent.pem")
    (tmp_path / "junk.pem").write_text("junk\n")
    with refused(proofpack.KeyFileError, "not_pem"):
        store.add_key("r", "o", ["dpo"], key_path=tmp_path / "junk.pem")
    assert [k["key_id"] for k in store.keys()] == ["dpo-1"]


def test_a_store_that_is_absent_or_invalid_is_a_trust_store_error(tmp_path):
    with refused(proofpack.TrustStoreError, "unusable_store"):
        proofpack.TrustStoreFile(tmp_path / "absent.json")
    (tmp_path / "bad.json").write_text('{"format": "proof-pack-trust/v1", "keys": [1]}')
    with refused(proofpack.TrustStoreError, "unusable_store"):
        proofpack.TrustStoreFile(tmp_path / "bad.json", create=True)


def test_revocation_moves_earlier_freely_and_later_or_away_only_by_force(tmp_path, key):
    _, entry = key
    store = proofpack.TrustStoreFile(tmp_path / "trust.json", create=True)
    store.add_entry(entry)
    assert store.revoke("dpo-1", "2026-06-01T00:00:00Z") is True
    assert store.revoke("dpo-1", "2026-06-01T00:00:00Z") is False
    assert store.revoke("dpo-1", "2026-05-01T00:00:00Z") is True
    with refused(proofpack.TrustStoreError, "revocation_later"):
        store.revoke("dpo-1", "2026-07-01T00:00:00Z")
    assert store.keys()[0]["revoked_at"] == "2026-05-01T00:00:00Z"
    assert store.revoke("dpo-1", "2026-07-01T00:00:00Z", force=True) is True
    with refused(proofpack.TrustStoreError, "unrevocation"):
        store.unrevoke("dpo-1")
    assert store.unrevoke("dpo-1", force=True) is True
    assert store.unrevoke("dpo-1") is False
    assert store.keys()[0]["revoked_at"] is None
    with refused(proofpack.TrustStoreError, "no_such_key"):
        store.revoke("nobody", "2026-06-01T00:00:00Z")
    with pytest.raises(ValueError):
        store.revoke("dpo-1", "June")


def test_policy_is_strengthened_freely_and_weakened_only_by_force(tmp_path):
    store = proofpack.TrustStoreFile(tmp_path / "trust.json", create=True)
    assert store.set_policy(witness_quorum=2, signed_receipts=True) is True
    assert store.set_policy(witness_quorum=2) is False
    with refused(proofpack.TrustStoreError, "policy_weaker"):
        store.set_policy(witness_quorum=1)
    with refused(proofpack.TrustStoreError, "policy_weaker"):
        store.set_policy(signed_receipts=False)
    assert store.policy == {"witness_quorum": 2, "signed_receipts": True}
    assert store.set_policy(witness_quorum=0, force=True) is True
    store.save(tmp_path / "elsewhere.json")
    saved = json.loads((tmp_path / "elsewhere.json").read_text())
    assert saved["policy"] == {"witness_quorum": 0, "signed_receipts": True}
    assert not (tmp_path / "trust.json").exists()


def test_the_cli_reads_a_revocation_saved_from_python(tmp_path, cli):
    pack, trust = write_pack(tmp_path, "tombstoned")
    assert cli_verdict(cli, pack, trust) == (0, "complete", set())
    store = proofpack.TrustStoreFile(trust)
    # The pack was signed at 14:50; a compromise known from 14:00 distrusts it.
    assert store.revoke("dpo-py", "2026-04-22T14:00:00Z")
    store.save()
    status, verdict, codes = cli_verdict(cli, pack, trust)
    assert (status, verdict) == (5, "untrusted") and "trust.key_revoked" in codes
    assert proofpack.verify(pack, trust)["verdict"] == "untrusted"
