"""Shared fixtures: the repository's sample packs and the `proofpack` CLI to compare with."""

import contextlib
import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample-packs"


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
