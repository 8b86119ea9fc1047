"""Finding and running the `opta` command line (videos and the live viewer go through it)."""
from __future__ import annotations

import os
import shutil
import subprocess

from .errors import OptaError


def executable() -> str:
    """$OPTA_CLI, else `opta` on PATH, else the binary of the clone this package was built from."""
    explicit = os.environ.get("OPTA_CLI")
    if explicit:
        return explicit
    found = shutil.which("opta")
    if found:
        return found
    try:
        from ._build_info import CLI  # written by the build backend
    except ImportError:
        CLI = None
    if CLI and os.path.exists(CLI):
        return CLI
    raise OptaError("the opta command line is not available (needed for videos and the live viewer): "
                    "put it on PATH or set OPTA_CLI; build it with `make build` in an Opta clone", code=3)


def run(arguments: list[str]) -> str:
    """Runs `opta ARGUMENTS`; a failure raises OptaError with the message opta printed."""
    done = subprocess.run([executable(), *arguments], capture_output=True, text=True)
    if done.returncode != 0:
        message = done.stderr.strip().removeprefix("opta: error: ") or f"opta exited with {done.returncode}"
        raise OptaError(message, code=1 if done.returncode == 64 else 2)
    return done.stdout
