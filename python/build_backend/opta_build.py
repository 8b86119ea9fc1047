"""A small PEP 517 build backend: builds libopta with SwiftPM and packs it into a wheel.

`pip install ./python` from an Opta clone runs `make lib cli` in the clone (release builds of the
OptaC product and the opta command line, with the Makefile's CPU flags), copies `libOptaC.so` into
the package as `libopta.so`, records where the clone's `opta` is (videos and the live viewer run
it), and writes the wheel. Set OPTA_PREBUILT_LIBRARY to a built libOptaC.so to skip the Swift build
(CI, or a machine where the library was built already); the clone's `opta` is then used if built.
The wheel is `py3-none-<platform>`: pure Python over ctypes plus one native library, which links
the Swift runtime statically.
"""
from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sysconfig
import zipfile

NAME, VERSION = "opta", "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
REPO = os.path.dirname(HERE)


def _library() -> str:
    prebuilt = os.environ.get("OPTA_PREBUILT_LIBRARY")
    if prebuilt:
        if not os.path.exists(prebuilt):
            raise RuntimeError(f"OPTA_PREBUILT_LIBRARY={prebuilt} does not exist")
        return prebuilt
    if not os.path.exists(os.path.join(REPO, "Package.swift")):
        raise RuntimeError(f"{REPO} is not an Opta clone (no Package.swift): build from a clone, or set OPTA_PREBUILT_LIBRARY")
    subprocess.run(["make", "-C", REPO, "lib", "cli"], check=True)
    return os.path.join(REPO, ".build", "release", "libOptaC.so")


def _metadata() -> str:
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n"
            "Summary: Opta's renderer for optimization landscapes, solver paths and logged runs, from Python\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\nDescription-Content-Type: text/markdown\n\n" + readme)


def _platform_tag() -> str:
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _files(library: str):
    """(path in wheel, bytes) of everything the wheel holds except its RECORD."""
    package = os.path.join(HERE, "opta")
    for name in sorted(os.listdir(package)):
        if name.endswith(".py") and name != "_build_info.py":
            with open(os.path.join(package, name), "rb") as f:
                yield f"opta/{name}", f.read()
    cli = os.path.join(REPO, ".build", "release", "opta")
    found = cli if os.path.exists(cli) else None
    yield "opta/_build_info.py", f'"""Written by the build backend: the opta CLI of the clone it was built from."""\nCLI = {found!r}\n'.encode()
    with open(library, "rb") as f:
        yield "opta/libopta.so", f.read()
    info = f"{NAME}-{VERSION}.dist-info"
    yield f"{info}/METADATA", _metadata().encode()
    yield f"{info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: opta_build\nRoot-Is-Purelib: false\n"
                            f"Tag: py3-none-{_platform_tag()}\n").encode()
    yield f"{info}/top_level.txt", b"opta\n"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    library = _library()
    wheel = f"{NAME}-{VERSION}-py3-none-{_platform_tag()}.whl"
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in _files(library):
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
            records.append(_record_line(path, data))
        record = f"{NAME}-{VERSION}.dist-info/RECORD"
        z.writestr(record, "\n".join(records + [f"{record},,"]) + "\n")
    return wheel


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    """The Python sources only: a wheel needs an Opta clone (or OPTA_PREBUILT_LIBRARY) to build."""
    import tarfile
    name = f"{NAME}-{VERSION}"
    path = os.path.join(sdist_directory, f"{name}.tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        for item in ("pyproject.toml", "README.md", "opta", "build_backend"):
            tar.add(os.path.join(HERE, item), arcname=f"{name}/{item}",
                    filter=lambda t: None if "__pycache__" in t.name or t.name.endswith("_build_info.py") else t)
        pkg_info = _metadata().encode()
        info = tarfile.TarInfo(f"{name}/PKG-INFO")
        info.size = len(pkg_info)
        import io
        tar.addfile(info, io.BytesIO(pkg_info))
    return os.path.basename(path)
