"""Shared fixtures of the Python examples' tests (agent_memory/tests,
mem0/tests), run together by scripts/python-tests.sh: the `proofpack` CLI
that checks each pack, and an environment for the examples' runs that is
offline (the package tests' network guard, loaded in every subprocess) and
writes nothing outside temporary folders (HOME included)."""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GUARD = ROOT / "crates" / "proofpack-py" / "tests" / "offline"


@pytest.fixture(scope="session")
def cli():
    """The `proofpack` binary: $PROOFPACK_BIN, else the workspace's debug
    build, else one on the PATH."""
    built = ROOT / "target" / "debug" / "proofpack"
    found = (os.environ.get("PROOFPACK_BIN")
             or (str(built) if built.is_file() else shutil.which("proofpack")))
    if found is None:
        pytest.fail("no proofpack binary: set PROOFPACK_BIN or run scripts/python-tests.sh")
    return found


@pytest.fixture(scope="session")
def verify(cli):
    """`proofpack verify --json PACK --trust STORE`: exit status, verdict, codes."""
    def run(pack, trust):
        done = subprocess.run([cli, "verify", "--json", str(pack), "--trust", str(trust)],
                              capture_output=True, check=False)
        report = json.loads(done.stdout)
        return done.returncode, report["verdict"], {f["code"] for f in report["findings"]}
    return run


@pytest.fixture(scope="session")
def home():
    return pathlib.Path(tempfile.mkdtemp(prefix="proofpack-examples-home-"))


@pytest.fixture(scope="session")
def run_example(home):
    """Runs an example's script as its README does, offline: a temporary
    HOME, and the network guard, which fails the test on any attempt."""
    log = home / "network-attempts.log"
    env = dict(os.environ, HOME=str(home), PROOFPACK_NETWORK_LOG=str(log),
               PYTHONPATH=str(GUARD))

    def run(script, *args, status=0):
        done = subprocess.run([sys.executable, str(script), *map(str, args)], env=env,
                              capture_output=True, text=True, check=False)
        assert done.returncode == status, done.stderr
        assert not log.exists(), f"network access: {log.read_text()}"
        return done.stdout
    return run
