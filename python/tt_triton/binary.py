"""Finding tt-translate and telling one build of it from another.

The plugin runs the ``tt-translate`` binary (``TT_TRANSLATE``, or the first on ``PATH``).
Its identity -- tt's version, the commit it was built from and the SHA-256 of the binary
itself -- goes into Triton's cache key, so that kernels compiled by one build of tt (or by
Triton) are never served to another.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from dataclasses import dataclass

ENV_BINARY = "TT_TRANSLATE"


def child_env() -> dict[str, str]:
    """The environment tt-translate runs in: the caller's, with GOMAXPROCS=2 unless it sets one.

    The Go runtime sizes its scheduler to the machine's cores before main runs (a P, its caches
    and threads each): on the 16-core GPU host 16 Ps cost half a millisecond of every process, 7%
    of a small kernel's compile, against one or two (docs/PERFORMANCE.md, 2026-12-01 12:20 and
    2026-12-02). Two, not one: tt-translate compiles a kernel on one goroutine, and the
    grid-schedule variant of a kernel it makes persistent (--grid-variant, which the plugin
    passes) on a second one beside it. The process cannot choose its Ps itself; its caller can."""
    env = dict(os.environ)
    env.setdefault("GOMAXPROCS", "2")
    return env


class TTTranslateNotFound(RuntimeError):
    """No usable tt-translate binary."""


def find_tt_translate(explicit: str | None = None) -> str:
    """The absolute path of tt-translate: ``explicit``, else ``$TT_TRANSLATE``, else ``PATH``."""
    path = explicit or os.environ.get(ENV_BINARY) or shutil.which("tt-translate")
    if not path:
        raise TTTranslateNotFound(
            f"tt_triton: no tt-translate binary: set {ENV_BINARY} to its path or put it on PATH "
            "(build it with `go build -o tt-translate ./cmd/tt-translate` in the tt repository)")
    path = os.path.abspath(os.path.expanduser(path))
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise TTTranslateNotFound(f"tt_triton: {path} (from {'the argument' if explicit else ENV_BINARY + ' or PATH'}) "
                                  "is not an executable file")
    return path


@dataclass(frozen=True)
class Identity:
    """Which tt-translate compiles: its path, tt's version and commit, the binary's SHA-256."""
    path: str
    version: str
    commit: str
    sha256: str

    def cache_key(self) -> str:
        """The part of Triton's cache key that names this build of tt."""
        return f"tt-{self.version}-{self.commit}-{self.sha256[:16]}"

    def describe(self) -> str:
        return f"tt-translate {self.path} (tt {self.version}, commit {self.commit}, sha256 {self.sha256[:16]})"


_VERSION_LINE = re.compile(r"\(tt\) version (\S+), commit (\S+)")
_VCS_REVISION = re.compile(rb"build\tvcs\.revision=([0-9a-f]{7,64})")
_VCS_MODIFIED = re.compile(rb"build\tvcs\.modified=true")


def parse_version_output(text: str) -> tuple[str, str] | None:
    """(version, commit) from ``tt-translate --version``: "tt-translate (tt) version V, commit C"."""
    m = _VERSION_LINE.search(text)
    return (m.group(1), m.group(2)) if m else None


def commit_from_buildinfo(data: bytes) -> str | None:
    """The commit Go recorded in the binary's build information (``go version -m``), with
    "+modified" for a build from a dirty tree; None when the build recorded none."""
    m = _VCS_REVISION.search(data)
    if not m:
        return None
    commit = m.group(1).decode()
    return commit + "+modified" if _VCS_MODIFIED.search(data) else commit


_identities: dict[tuple, Identity] = {}


def identity(path: str, timeout: float = 60) -> Identity:
    """The identity of the tt-translate at path (cached per path, size and mtime)."""
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    if key in _identities:
        return _identities[key]
    with open(path, "rb") as f:
        data = f.read()
    sha = hashlib.sha256(data).hexdigest()
    version, commit = "unknown", commit_from_buildinfo(data) or "unknown"
    try:
        proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=timeout, env=child_env())
        parsed = parse_version_output(proc.stdout) if proc.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired):
        parsed = None
    if parsed:
        version = parsed[0]
        if parsed[1] != "unknown":
            commit = parsed[1]
    ident = Identity(path=path, version=version, commit=commit, sha256=sha)
    _identities[key] = ident
    return ident
