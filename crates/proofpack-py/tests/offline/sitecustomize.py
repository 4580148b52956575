"""The tests' network guard: every network connection and name lookup of
the Python process is refused (an OSError) and written down, so that a
test fails when a library reaches out, even one that swallows the error.

The package's conftest loads it in the pytest process; a subprocess loads
it as ``sitecustomize`` when its PYTHONPATH names this folder. Each attempt
is kept in ``ATTEMPTS`` and appended to the file named by
``$PROOFPACK_NETWORK_LOG`` (the subprocesses' only way to tell).
Unix-domain sockets (local pipes) are allowed.
"""

import os
import socket
from typing import Any, List

ATTEMPTS: List[str] = []


def _refuse(what: str) -> None:
    ATTEMPTS.append(what)
    log = os.environ.get("PROOFPACK_NETWORK_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()} {what}\n")
    raise OSError(f"the tests refuse network access: {what}")


def _guarded(name: str) -> Any:
    original = getattr(socket.socket, name)

    def method(self: socket.socket, first: Any, *args: Any) -> Any:
        if self.family == getattr(socket, "AF_UNIX", None):
            return original(self, first, *args)
        return _refuse(f"{name} {(first, *args)!r}")

    return method


def _getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    return _refuse(f"getaddrinfo {host!r}")


if not getattr(socket, "_proofpack_guarded", False):
    for _name in ("connect", "connect_ex", "sendto"):
        setattr(socket.socket, _name, _guarded(_name))
    socket.getaddrinfo = _getaddrinfo
    socket._proofpack_guarded = True  # type: ignore[attr-defined]
