"""`python -m proofpack.mem0 erase`: the command on a Mem0 configuration
file, run as a separate process (under the tests' network guard), its pack
checked by the `proofpack` CLI."""

import json
import subprocess
import sys

import proofpack
from mem0_support import ERASED, EXAMPLE, Store
from test_producer import cli_verdict


def command(store, tmp_path, env, *args):
    """Runs the command on the store's Mem0 configuration, with the
    example's offline embedder (the JSON configuration cannot name it)."""
    config = tmp_path / "mem0.json"
    config.write_text(json.dumps(store.config()))
    return subprocess.run(
        [sys.executable, "-m", "proofpack.mem0", "erase", "--config", str(config),
         "--user-id", ERASED, "--embedder", "agent:HashEmbedder", *args],
        cwd=EXAMPLE, env=env, capture_output=True, text=True, check=False)


def closed_store(tmp_path, provider="qdrant"):
    """A seeded store whose Memory is closed: the command opens its own
    (Qdrant local allows one client at a time)."""
    store = Store(tmp_path / "store", provider)
    store.close()
    return store


def test_the_command_erases_with_demo_keys_said_loudly(tmp_path, cli, offline_env):
    store = closed_store(tmp_path)
    out = tmp_path / "out"
    done = command(store, tmp_path, offline_env, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "DEMO KEYS" in done.stderr
    assert cli_verdict(cli, out / "proof.tar.gz", out / "trust.json") == (0, "complete", set())
    assert store.files_holding(store.needles(ERASED)) == {}
    assert not list(out.rglob("*.pem"))


def test_the_command_shows_what_mem0_alone_leaves(tmp_path, cli, offline_env):
    store = closed_store(tmp_path, "chroma")
    out = tmp_path / "out"
    done = command(store, tmp_path, offline_env, "--out", str(out), "--mem0-delete-only")
    assert done.returncode == 4, done.stderr
    status, verdict, codes = cli_verdict(cli, out / "proof.tar.gz", out / "trust.json")
    assert (status, verdict) == (4, "incomplete") and "probes.residue" in codes
    assert "probe residue" in done.stdout


def test_the_command_signs_with_the_dpo_key(tmp_path, cli, offline_env):
    store = closed_store(tmp_path)
    dpo = proofpack.keygen(tmp_path / "dpo.pem", "dpo-1", "dpo@example.com", ["dpo"])
    log = proofpack.keygen(tmp_path / "log.pem", "audit.example.com/ten_acme",
                           "operator@example.com", ["audit_log"])
    trust = tmp_path / "trust.json"
    trust.write_text(json.dumps({"format": "proof-pack-trust/v1", "keys": [dpo, log]}))
    out = tmp_path / "out"
    done = command(store, tmp_path, offline_env, "--out", str(out), "--key",
                   str(tmp_path / "dpo.pem"), "--log-key", str(tmp_path / "log.pem"),
                   "--trust", str(trust), "--tenant-id", "ten_acme", "--request-id", "req-7",
                   "--runner", "oncall@example.com")
    assert done.returncode == 0, done.stderr
    assert "DEMO" not in done.stderr
    assert cli_verdict(cli, out / "proof.tar.gz", trust) == (0, "complete", set())
    report = proofpack.verify(out / "proof.tar.gz", trust)["pack"]
    assert (report["request_id"], report["tenant_id"], report["cascade_runner"]) == (
        "req-7", "ten_acme", "oncall@example.com")


def test_a_refusal_exits_1_and_signs_nothing(tmp_path, offline_env):
    store = closed_store(tmp_path)
    out = tmp_path / "out"
    done = command(store, tmp_path, offline_env, "--out", str(out), "--key",
                   str(tmp_path / "missing.pem"))
    assert done.returncode == 1 and "ValueError" in done.stderr
    assert not (out / "proof.tar.gz").exists()
