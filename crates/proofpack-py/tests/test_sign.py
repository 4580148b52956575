"""proofpack.sign_pack and proofpack.keygen: signing as `proofpack pack` does, refusals as exceptions."""

import json
import os
import stat
import subprocess
import sys
import textwrap

import pytest

import proofpack
from conftest import refused

SIGNED_AT = {"complete-gdpr": "2026-04-22T16:02:00Z", "late-ccpa": "2026-03-23T14:20:00Z"}


def dpo_key(tmp_path, key_id="sample-dpo-2026"):
    """A fresh DPO key under the samples' key_id, and its trust-store entry."""
    path = tmp_path / "dpo.pem"
    entry = proofpack.keygen(path, key_id, "dpo@example.com", ["dpo"],
                             not_before="2026-01-01T00:00:00Z", not_after="2027-01-01T00:00:00Z")
    return path, entry


def store_with(tmp_path, samples, dpo_entry):
    """The samples' trust store with its DPO key replaced by `dpo_entry` (None: left out)."""
    store = json.loads((samples / "trust.json").read_text())
    store["keys"] = [k for k in store["keys"] if "dpo" not in k["roles"]]
    if dpo_entry is not None:
        store["keys"].append(dpo_entry)
    path = tmp_path / "trust.json"
    path.write_text(json.dumps(store))
    return path


def test_keygen_returns_the_entry_and_writes_a_private_key(tmp_path):
    path = tmp_path / "k.pem"
    entry = proofpack.keygen(path, "k1", "owner@example.com", ["dpo", "verifier"])
    assert entry["key_id"] == "k1"
    assert entry["owner"] == "owner@example.com"
    assert entry["roles"] == ["dpo", "verifier"]
    assert entry["alg"] == "ed25519"
    assert entry["not_before"] is None and entry["revoked_at"] is None
    assert b"PRIVATE KEY" in path.read_bytes()
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_keygen_never_overwrites(tmp_path):
    path = tmp_path / "k.pem"
    path.write_bytes(b"kept")
    with pytest.raises(FileExistsError):
        proofpack.keygen(path, "k1", "o", ["dpo"])
    assert path.read_bytes() == b"kept"


@pytest.mark.parametrize(
    "kwargs,error",
    [({"roles": ["emperor"]}, ValueError),
     ({"roles": []}, ValueError),
     ({"not_before": "yesterday"}, ValueError),
     ({"not_before": "2027-01-01T00:00:00Z", "not_after": "2026-01-01T00:00:00Z"},
      proofpack.InvalidInputError)],
)
def test_keygen_refuses_bad_arguments_before_writing(tmp_path, kwargs, error):
    path = tmp_path / "k.pem"
    args = {"key_id": "k1", "owner": "o", "roles": ["dpo"], **kwargs}
    with pytest.raises(error):
        proofpack.keygen(path, **args)
    assert not path.exists()


def test_a_pack_signed_with_a_known_key_verifies(tmp_path, samples):
    key, entry = dpo_key(tmp_path)
    trust = store_with(tmp_path, samples, entry)
    out = tmp_path / "proof.tar.gz"
    report = proofpack.sign_pack(samples / "evidence" / "complete-gdpr", key, trust, out,
                                 signed_at=SIGNED_AT["complete-gdpr"])
    assert report["verdict"] == "complete"
    again = proofpack.verify(out, trust)
    assert again["verdict"] == "complete"
    assert again["pack"] == report["pack"]
    # The samples' own store holds another key under that key_id.
    assert proofpack.verify(out, samples / "trust.json")["verdict"] == "invalid"


def test_an_unknown_key_is_refused_with_the_entry_to_add(tmp_path, samples):
    key, entry = dpo_key(tmp_path)
    trust = store_with(tmp_path, samples, None)
    out = tmp_path / "proof.tar.gz"
    with pytest.raises(proofpack.RefusedError) as caught:
        proofpack.sign_pack(samples / "evidence" / "complete-gdpr", key, trust, out,
                            signed_at=SIGNED_AT["complete-gdpr"])
    refused = caught.value
    assert isinstance(refused, proofpack.Error)
    assert refused.kind == "key_missing"
    assert "trust.key_unknown" in refused.codes
    assert refused.entry_to_add["public_key"] == entry["public_key"]
    assert refused.entry_to_add["key_id"] == "sample-dpo-2026"
    assert refused.report["verdict"] == refused.verdict
    assert refused.what_to_do
    assert not out.exists()


def test_another_key_under_the_key_id_is_refused(tmp_path, samples):
    key, _ = dpo_key(tmp_path)
    out = tmp_path / "proof.tar.gz"
    with pytest.raises(proofpack.RefusedError) as caught:
        proofpack.sign_pack(samples / "evidence" / "complete-gdpr", key,
                            samples / "trust.json", out, signed_at=SIGNED_AT["complete-gdpr"])
    assert caught.value.kind == "key_mismatch"
    assert "signature.invalid" in caught.value.codes
    assert caught.value.entry_to_add is None
    assert not out.exists()


def test_a_late_pack_needs_accept_incomplete(tmp_path, samples):
    key, entry = dpo_key(tmp_path)
    trust = store_with(tmp_path, samples, entry)
    out = tmp_path / "proof.tar.gz"
    evidence = samples / "evidence" / "late-ccpa"
    with pytest.raises(proofpack.RefusedError) as caught:
        proofpack.sign_pack(evidence, key, trust, out, signed_at=SIGNED_AT["late-ccpa"])
    assert caught.value.kind == "needs_accept_incomplete"
    assert caught.value.verdict == "late"
    assert "sla.breached" in caught.value.codes
    assert not out.exists()
    report = proofpack.sign_pack(evidence, key, trust, out, signed_at=SIGNED_AT["late-ccpa"],
                                 accept_incomplete=True)
    assert report["verdict"] == "late"
    assert proofpack.verify(out, trust)["verdict"] == "late"


def test_an_existing_output_is_kept_unless_replace(tmp_path, samples):
    key, entry = dpo_key(tmp_path)
    trust = store_with(tmp_path, samples, entry)
    out = tmp_path / "proof.tar.gz"
    out.write_bytes(b"kept")
    evidence = samples / "evidence" / "complete-gdpr"
    with pytest.raises(FileExistsError):
        proofpack.sign_pack(evidence, key, trust, out, signed_at=SIGNED_AT["complete-gdpr"])
    assert out.read_bytes() == b"kept"
    proofpack.sign_pack(evidence, key, trust, out, signed_at=SIGNED_AT["complete-gdpr"],
                        replace=True)
    assert proofpack.verify(out, trust)["verdict"] == "complete"


def test_bad_inputs_raise(tmp_path, samples):
    key, entry = dpo_key(tmp_path)
    trust = store_with(tmp_path, samples, entry)
    out = tmp_path / "proof.tar.gz"
    evidence = samples / "evidence" / "complete-gdpr"
    with pytest.raises(FileNotFoundError):
        proofpack.sign_pack(tmp_path / "absent", key, trust, out)
    with pytest.raises(FileNotFoundError):
        proofpack.sign_pack(evidence, tmp_path / "absent.pem", trust, out)
    with pytest.raises(ValueError):
        proofpack.sign_pack(evidence, key, trust, out, signed_at="soon")
    not_a_key = tmp_path / "not-a-key.pem"
    not_a_key.write_text("hello")
    with refused(proofpack.KeyFileError, "not_pem"):
        proofpack.sign_pack(evidence, not_a_key, trust, out)
    bad_store = tmp_path / "bad.json"
    bad_store.write_text("{")
    with refused(proofpack.TrustStoreError, "unusable_store"):
        proofpack.sign_pack(evidence, key, bad_store, out)
    assert not out.exists()


def test_a_pack_that_cannot_be_written_whole_is_an_os_error(tmp_path, samples):
    """Writing the pack fails part-way (a file-size limit, as a full disk would):
    OSError naming the output, with the system's errno, and nothing left behind."""
    key, entry = dpo_key(tmp_path)
    trust = store_with(tmp_path, samples, entry)
    out = tmp_path / "out" / "proof.tar.gz"
    out.parent.mkdir()
    evidence = samples / "evidence" / "complete-gdpr"
    script = textwrap.dedent(f"""
        import errno, json, resource, signal, proofpack
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.RLIM_INFINITY))
        try:
            proofpack.sign_pack({str(evidence)!r}, {str(key)!r}, {str(trust)!r}, {str(out)!r},
                                signed_at={SIGNED_AT["complete-gdpr"]!r})
            print(json.dumps(None))
        except Exception as e:
            print(json.dumps([type(e).__name__, isinstance(e, OSError),
                              isinstance(e, proofpack.Error), getattr(e, "errno", None),
                              getattr(e, "filename", None)]))
    """)
    run = subprocess.run([sys.executable, "-B", "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    raised = json.loads(run.stdout)
    assert raised is not None, "the pack was written despite the limit"
    name, is_os_error, is_proofpack_error, errno, filename = raised
    assert is_os_error and not is_proofpack_error, name
    assert errno == 27  # EFBIG: the file-size limit
    assert filename == str(out)
    assert list(out.parent.iterdir()) == []
