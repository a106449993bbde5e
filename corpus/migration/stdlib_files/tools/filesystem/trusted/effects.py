"""Filesystem effects as the original's stdlib layer writes them: real
Python bodies, module imports they use, helpers. ClauZ3 proves against the
signatures and conditions and never runs or compiles the bodies."""
from __future__ import annotations

import os
from pathlib import Path

import deal

SANDBOX = "/tmp/sandbox"


def _resolve(path: str) -> Path:
    p = Path(SANDBOX, path).resolve()
    if not str(p).startswith(SANDBOX + os.sep):
        raise PermissionError(f"{path} escapes the sandbox")
    return p


@deal.pre(lambda path: len(path) > 0, message="path must not be empty")
@deal.pre(lambda path: ".." not in path, message="path must stay in the sandbox")
@deal.post(lambda result: len(result) <= 100)
@deal.has("read", "io")
def read_preview(path: str) -> str:
    return Path(path).read_text()[:100]


@deal.pre(lambda path, content: ".." not in path, message="path must stay in the sandbox")
@deal.has("write", "io")
def write_file(path: str, content: str) -> None:
    target = _resolve(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        f.write(content)
    for attempt in range(3):
        try:
            os.fsync(f.fileno())
            break
        except OSError:
            continue


@deal.has("read", "io")
def list_dir(path: str = ".") -> list[str]:
    entries = sorted(os.listdir(_resolve(path)))
    return [e for e in entries if not e.startswith(".")]
