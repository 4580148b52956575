"""proofpack.verify: the CLI's report, as Python data; failures as exceptions."""

import json
import subprocess

import pytest

import proofpack
from conftest import refused

PACKS = ["complete-gdpr", "late-ccpa", "incomplete-cache-deferred", "exempt-art17-3"]


def cli_report(cli, pack, trust=None):
    args = [cli, "verify", "--json", str(pack)]
    if trust is not None:
        args += ["--trust", str(trust)]
    run = subprocess.run(args, capture_output=True, check=False)
    # 1 and 2 are the CLI's own failures; the other statuses are verdicts (§12).
    assert run.returncode not in (1, 2), run.stderr
    return json.loads(run.stdout)


def without_time(report):
    """The report without meta.verified_at, the one part two runs differ in."""
    report = json.loads(json.dumps(report))
    report["meta"].pop("verified_at")
    return report


@pytest.mark.parametrize("name", PACKS)
@pytest.mark.parametrize("with_trust", [True, False])
def test_verify_is_the_cli_report(cli, samples, name, with_trust):
    pack = samples / f"{name}.tar.gz"
    trust = samples / "trust.json" if with_trust else None
    ours = proofpack.verify(str(pack), None if trust is None else str(trust))
    theirs = cli_report(cli, pack, trust)
    assert without_time(ours) == without_time(theirs)
    assert ours["meta"]["verified_at"]


@pytest.mark.parametrize(
    "name,verdict",
    [("complete-gdpr", "complete"), ("late-ccpa", "late"),
     ("incomplete-cache-deferred", "incomplete"), ("exempt-art17-3", "complete")],
)
def test_verdicts_of_the_samples(samples, name, verdict):
    report = proofpack.verify(samples / f"{name}.tar.gz", samples / "trust.json")
    assert report["verdict"] == verdict


def test_without_a_trust_store_a_pack_is_untrusted(samples):
    report = proofpack.verify(samples / "complete-gdpr.tar.gz")
    assert report["verdict"] == "untrusted"
    assert report["meta"]["trust_store"] is None


def test_a_file_that_is_not_a_pack_is_a_verdict_not_an_error(tmp_path):
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"not a gzip stream")
    report = proofpack.verify(junk)
    assert report["verdict"] == "invalid"
    assert report["findings"]


def test_a_missing_pack_is_file_not_found(tmp_path, samples):
    with pytest.raises(FileNotFoundError):
        proofpack.verify(tmp_path / "absent.tar.gz", samples / "trust.json")


def test_a_directory_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        proofpack.verify(tmp_path)


def test_a_missing_trust_store_is_a_trust_store_error(tmp_path, samples):
    with refused(proofpack.TrustStoreError, "unusable_store"):
        proofpack.verify(samples / "complete-gdpr.tar.gz", tmp_path / "absent.json")


@pytest.mark.parametrize(
    "text",
    [b"{", b'{"format":"proof-pack-trust/v1"}', b'{"format":"other","keys":[]}'],
)
def test_a_malformed_trust_store_is_a_trust_store_error(tmp_path, samples, text):
    store = tmp_path / "trust.json"
    store.write_bytes(text)
    with refused(proofpack.TrustStoreError, "unusable_store") as caught:
        proofpack.verify(samples / "complete-gdpr.tar.gz", store)
    assert isinstance(caught.value, proofpack.Error)
    assert not isinstance(caught.value, OSError)


def test_paths_may_be_str_or_pathlike(samples):
    by_str = proofpack.verify(str(samples / "complete-gdpr.tar.gz"), str(samples / "trust.json"))
    by_path = proofpack.verify(samples / "complete-gdpr.tar.gz", samples / "trust.json")
    assert without_time(by_str) == without_time(by_path)
