"""The tests' network guard (offline/sitecustomize.py) refuses and tells,
in the pytest process and in the subprocesses the tests start: a test that
reached out would fail, not pass."""

import socket
import subprocess
import sys

import pytest

from conftest import NETWORK_LOG, network_guard


def test_the_network_guard_refuses_and_tells(offline_env):
    try:
        with pytest.raises(OSError):
            socket.create_connection(("192.0.2.1", 80), timeout=1)
        with pytest.raises(OSError):
            socket.getaddrinfo("example.com", 443)
        done = subprocess.run(
            [sys.executable, "-c",
             "import socket; socket.create_connection(('192.0.2.1', 80), timeout=1)"],
            env=offline_env, capture_output=True, text=True, check=False)
        assert done.returncode != 0 and "refuse network access" in done.stderr
        assert len(network_guard.ATTEMPTS) == 2  # this process's; the log has all
        assert len(NETWORK_LOG.read_text().splitlines()) == 3
    finally:
        # These attempts were the test's own.
        network_guard.ATTEMPTS.clear()
        NETWORK_LOG.unlink(missing_ok=True)
