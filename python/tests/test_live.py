"""Live logging writes the JSON Lines `opta view --follow` reads and grows the figure."""
import json

import numpy as np
import pytest
from conftest import run_cli

import opta


def test_log_step_writes_json_lines_and_grows_the_figure(tmp_path):
    fig = opta.Landscape("rosenbrock", size=(64, 48))
    log = tmp_path / "run.jsonl"
    with opta.live(fig, file=log, view=False) as run:
        for step, (x, y, loss) in enumerate([(-1.5, 2.5, 10.0), (-1.2, 2.0, 5.0), (-1.0, 1.5, float("nan"))]):
            run.log_step("adam", step, x, y, loss)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0] == {"path": "adam", "step": 0, "x": -1.5, "y": 2.5, "f": 10.0}
    assert "f" not in lines[2]
    points, values = fig.path("adam")
    assert points.shape == (3, 2) and values[:2].tolist() == [10.0, 5.0]
    assert fig.render().shape == (48, 64, 4)


def test_live_view_opens_a_viewer_that_follows_the_log(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a window without a display, on purpose
    fig = opta.Landscape("rosenbrock", size=(320, 240))
    log = tmp_path / "run.jsonl"
    with opta.live(fig, file=log, view=True) as run:
        assert run.viewer.lines[0] == f"following {log}"
        for step in range(40):
            run.log_step("adam", step, -1.5 + 0.05 * step, 2 - 0.04 * step, loss=1.0 / (step + 1))
        run.log_step("done", 0, 1.0, 1.0)
        # The viewer announces each path when it applies its first point; "done" was written
        # last, so once it is announced the viewer holds every point before it.
        assert run.viewer.wait_for("announce: new path done", timeout=120), run.viewer.lines + run.viewer.errors
        assert run.viewer.close() == 0
    assert "announce: new path adam" in run.viewer.lines
    stats = run.viewer.statistics
    assert stats["followed_points"] == 41 and stats["followed_paths"] == 2, stats
    assert stats["frames"] > 0 and stats["p99_ms"] > 0
    assert run.viewer.errors == []


def test_live_view_without_a_display_says_so(tmp_path, monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    fig = opta.Landscape("rosenbrock", size=(64, 48))
    with pytest.raises(opta.OptaError) as failure:
        with opta.live(fig, file=tmp_path / "run.jsonl", view=True):
            pass
    assert "display" in str(failure.value) and failure.value.code == 3


def _stored_runs(store):
    done = run_cli("runs", "list", "--store", str(store), "--json")
    return json.loads(done.stdout)


def test_log_step_records_one_run_per_path_in_the_store(tmp_path):
    fig = opta.Landscape("rosenbrock", size=(64, 48))
    store = tmp_path / "runs.sqlite"
    with opta.live(fig, file=tmp_path / "run.jsonl", view=False, store=store, label="notebook") as run:
        for step in range(5):
            run.log_step("adam", step, -1.5 + 0.1 * step, 2.5 - 0.2 * step, 10.0 - step)
        run.log_step("sgd", 3, 0.5, 0.5)
    runs = sorted(_stored_runs(store), key=lambda r: r["id"])
    assert [(r["name"], r["method"], r["source"], r["status"], r["iterates"]) for r in runs] == [
        ("adam", "logged", "python", "logged", 5), ("sgd", "logged", "python", "logged", 1)]
    assert runs[0]["landscape"] == "function:rosenbrock" and runs[0]["label"] == "notebook"
    assert runs[0]["finalF"] == 6.0 and runs[0]["bestF"] == 6.0 and runs[1]["finalF"] is None
    lines = run_cli("runs", "export", str(runs[0]["id"]), "--jsonl", "--store", str(store)).stdout.splitlines()
    assert [json.loads(line)["step"] for line in lines] == [0, 1, 2, 3, 4]
    assert json.loads(lines[4])["x"] == -1.5 + 0.4


def test_a_step_going_backwards_is_refused_whole(tmp_path):
    fig = opta.Landscape("rosenbrock", size=(64, 48))
    log = tmp_path / "run.jsonl"
    with opta.live(fig, file=log, view=False, store=tmp_path / "runs.sqlite") as run:
        run.log_step("adam", 5, 0.0, 0.0, 1.0)
        with pytest.raises(opta.OptaError, match="must increase"):
            run.log_step("adam", 2, 0.0, 0.0, 1.0)
    assert len(log.read_text().splitlines()) == 1
    assert fig.path("adam")[0].shape == (1, 2)


def test_an_unusable_store_warns_and_logging_goes_on(tmp_path):
    store = tmp_path / "garbage.sqlite"
    store.write_text("not a database, just some text that is long enough to have a header")
    fig = opta.Landscape("rosenbrock", size=(64, 48))
    with pytest.warns(RuntimeWarning, match="not an Opta run store"):
        with opta.live(fig, file=tmp_path / "run.jsonl", view=False, store=store) as run:
            run.log_step("adam", 0, 0.0, 0.0, 1.0)
    assert fig.path("adam")[0].shape == (1, 2)


def test_record_false_writes_nothing_to_the_store(tmp_path):
    store = tmp_path / "runs.sqlite"
    with opta.live(opta.Landscape("rosenbrock"), file=tmp_path / "run.jsonl", view=False, store=store, record=False) as run:
        run.log_step("adam", 0, 0.0, 0.0, 1.0)
    assert not store.exists()


