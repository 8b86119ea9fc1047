"""The installed package needs no Swift toolchain: it loads and renders with a clean environment,
and libopta links no Swift runtime dynamically."""
import os
import subprocess
import sys

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
