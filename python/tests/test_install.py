"""The installed package needs no Swift toolchain: it loads and renders with a clean environment,
and libopta links no Swift runtime dynamically."""
import os
import shutil
import subprocess
import sys
import zipfile

import opta
from opta import _lib


def test_library_has_no_dynamic_swift_runtime():
    out = subprocess.run(["ldd", _lib._library_path()], capture_output=True, text=True).stdout
    assert "not found" not in out, out
    assert "swift" not in out.lower(), out  # libswiftCore, libFoundation... are linked in statically
    assert "/opt/swift" not in out, out


def test_renders_without_the_toolchain_in_the_environment(tmp_path):
    script = (
        "import opta, numpy as np, os\n"
        "assert '/opt/swift' not in os.environ.get('PATH', '') and 'LD_LIBRARY_PATH' not in os.environ\n"
        "fig = opta.Landscape('rosenbrock', size=(64, 48)).add_solver('adam', start=(-1.5, 2.5), lr=0.1, steps=20)\n"
        f"fig.save({str(tmp_path / 'clean.png')!r})\n"
        "print(opta.library_version(), fig.render().shape)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-I", "-c", script], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "(48, 64, 4)" in done.stdout
    assert (tmp_path / "clean.png").stat().st_size > 0
    if not os.environ.get("OPTA_LIBRARY"):
        assert os.path.dirname(opta.__file__) in _lib._library_path()


def test_versions():
    assert opta.library_version() == opta.__version__


def test_pip_install_from_a_clone_builds_the_library_and_the_command_line(tmp_path):
    # The build backend in a stand-in clone, with a `make` that records its targets and writes what
    # each one builds: the wheel holds the library and knows the clone's opta (videos, live viewer).
    python = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    clone = tmp_path / "clone"
    shutil.copytree(python, clone / "python", ignore=shutil.ignore_patterns("tests", "__pycache__", "_build_info.py"))
    (clone / "Package.swift").write_text("// stand-in\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "make").write_text(
        "#!/bin/sh\n"
        "[ \"$1\" = -C ] || exit 2\n"
        "dir=$2; shift 2; mkdir -p \"$dir/.build/release\"; echo \"$@\" > \"$dir/make-targets\"\n"
        "for t in \"$@\"; do case $t in lib) echo lib > \"$dir/.build/release/libOptaC.so\";;\n"
        "  cli) echo cli > \"$dir/.build/release/opta\";; *) exit 2;; esac; done\n")
    (bin_dir / "make").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("OPTA_PREBUILT_LIBRARY", None)
    script = f"import opta_build; print(opta_build.build_wheel({str(tmp_path)!r}))"
    done = subprocess.run([sys.executable, "-c", script], cwd=clone / "python" / "build_backend", env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (clone / "make-targets").read_text().split() == ["lib", "cli"]
    with zipfile.ZipFile(tmp_path / done.stdout.strip()) as wheel:
        assert wheel.read("opta/libopta.so") == b"lib\n"
        info = wheel.read("opta/_build_info.py").decode()
    assert f"CLI = {str(clone / '.build' / 'release' / 'opta')!r}" in info
