"""Shared fixtures: the repository's sample packs and the `proofpack` CLI to compare with.

Every test runs offline and writes nothing outside temporary folders: before
any test module is imported, HOME is a temporary folder (Mem0 writes
``~/.mem0`` by default), Mem0's and Chroma's product telemetry are off,
OpenAI's key is a placeholder no request ever carries, and the network guard
(``offline/sitecustomize.py``) refuses every connection, here and in the
subprocesses the tests start (``offline_env``)."""

import contextlib
import importlib.util
import os
import pathlib
import shutil
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample-packs"
OFFLINE = pathlib.Path(__file__).resolve().parent / "offline"
HOME = pathlib.Path(tempfile.mkdtemp(prefix="proofpack-tests-home-"))
NETWORK_LOG = HOME / "network-attempts.log"
os.environ.update({
    "HOME": str(HOME),
    "MEM0_DIR": str(HOME / "mem0-dir"),
    "MEM0_TELEMETRY": "False",
    "ANONYMIZED_TELEMETRY": "False",
    "OPENAI_API_KEY": "sk-placeholder-never-sent",
    "PROOFPACK_NETWORK_LOG": str(NETWORK_LOG),
})
_guard = importlib.util.spec_from_file_location("network_guard", OFFLINE / "sitecustomize.py")
network_guard = importlib.util.module_from_spec(_guard)
_guard.loader.exec_module(network_guard)


@pytest.fixture(scope="session")
def offline_env():
    """The environment of a subprocess: this one's, with the network guard
    loaded at its start."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(OFFLINE)] + [p for p in [env.get("PYTHONPATH")] if p])
    return env


@pytest.fixture(autouse=True)
def no_network():
    """Fails the test that reached out (in this process or a subprocess)."""
    yield
    attempts = list(network_guard.ATTEMPTS)
    if NETWORK_LOG.exists():
        attempts += NETWORK_LOG.read_text().splitlines()
    assert not attempts, f"network access during the test: {attempts}"


@pytest.fixture(scope="session")
def samples() -> pathlib.Path:
    return SAMPLES


@pytest.fixture(scope="session")
def cli() -> str:
    """The `proofpack` binary: $PROOFPACK_BIN, else the workspace's target/debug one."""
    named = os.environ.get("PROOFPACK_BIN")
    if named:
        return named
    built = ROOT / "target" / "debug" / "proofpack"
    if built.is_file():
        return str(built)
    found = shutil.which("proofpack")
    if found is None:
        pytest.fail("no proofpack binary: set PROOFPACK_BIN or run scripts/python-tests.sh")
    return found


@contextlib.contextmanager
def refused(error, kind):
    """``pytest.raises(error)``, and then the refusal's ``kind`` checked, so that
    another refusal of the same class fails the test (``kind`` None: a
    ``ValueError`` or ``OSError``, which carry none)."""
    with pytest.raises(error) as caught:
        yield caught
    if kind is not None:
        assert caught.value.kind == kind, f"{caught.value.kind}: {caught.value}"
