"""Pictures from Python are the CLI's pictures; rendering writes the caller's array."""
import json
import os
import pickle

import numpy as np
import pytest

import opta
from conftest import REPO, decode_png, run_cli


def r1_like():
    fig = opta.Landscape("rosenbrock", domain=(-2, 2, -1, 3), scale="log", title="Rosenbrock from Python",
                         size=(240, 180), contours={"count": 8, "spacing": "log"})
    fig.add_solver("adam", start=(-1.5, 2.5), lr=0.1, steps=80)
    fig.add_path(np.array([[-1.0, 2.0], [-0.5, 1.0], [0.2, 0.3], [0.9, 0.8]]), name="logged")
    return fig


def test_same_bytes_as_the_cli(tmp_path):
    fig = r1_like()
    scenario = tmp_path / "scenario.json"
    scenario.write_text(fig.scenario_json)
    run_cli("render", str(scenario), "--output", str(tmp_path / "cli.png"))
    fig.save(tmp_path / "python.png")
    cli_bytes = (tmp_path / "cli.png").read_bytes()
    assert (tmp_path / "python.png").read_bytes() == cli_bytes
    assert np.array_equal(fig.render(), decode_png(cli_bytes))
    assert fig.png() == cli_bytes


def test_expression_and_size_match_the_cli(tmp_path):
    fig = opta.Landscape(expression="sin(3*x)*cos(2*y) + 0.1*(x^2+y^2)", domain=(-3, 3, -2, 2), scale="linear",
                         colormap="magma")
    scenario = tmp_path / "expr.json"
    scenario.write_text(fig.scenario_json)
    run_cli("render", str(scenario), "--width", "160", "--height", "100", "--output", str(tmp_path / "cli.png"))
    assert np.array_equal(fig.render(160, 100), decode_png((tmp_path / "cli.png").read_bytes()))


def test_render_into_a_given_array_without_copy():
    fig = r1_like()
    out = np.zeros((180, 240, 4), dtype=np.uint8)
    result = fig.render(out=out)
    assert result is out
    assert out[..., 3].min() == 255  # every pixel written (opaque frame)
    assert np.array_equal(out, fig.render())


def test_a_new_frame_starts_on_a_cache_line():
    # Arrays render allocates start on 64-byte lines (numpy's own do not), and reusing one as
    # `out` gives the bytes of a frame drawn into np.empty.
    fig = r1_like()
    first = fig.render()
    assert first.ctypes.data % 64 == 0 and first.flags.c_contiguous and first.flags.writeable
    assert first.shape == (180, 240, 4) and first.dtype == np.uint8
    assert fig.render(out=first) is first
    into_numpy = fig.render(out=np.empty((180, 240, 4), np.uint8))
    assert np.array_equal(first, into_numpy)


def test_render_into_padded_rows():
    fig = r1_like()
    wide = np.zeros((180, 300, 4), dtype=np.uint8)
    view = wide[:, :240]  # rows of 1200 bytes, 960 used
    fig.render(out=view)
    assert np.array_equal(view, fig.render())
    assert wide[:, 240:].max() == 0  # the padding is untouched


def test_render_into_unaligned_memory_and_odd_strides():
    # Rows of whole aligned pixels are drawn in place; anything else is drawn and then copied:
    # the same bytes either way.
    fig = r1_like()
    expected = fig.render()
    raw = np.zeros(180 * 240 * 4 + 1, dtype=np.uint8)
    unaligned = raw[1:].reshape(180, 240, 4)
    fig.render(out=unaligned)
    assert unaligned.ctypes.data % 4 != 0 and np.array_equal(unaligned, expected)
    padded = np.zeros(180 * 962 + 960, dtype=np.uint8)
    odd = np.lib.stride_tricks.as_strided(padded, shape=(180, 240, 4), strides=(962, 4, 1))
    fig.render(out=odd)
    assert np.array_equal(odd, expected)
    assert all(padded[y * 962 + 960:(y + 1) * 962].max() == 0 for y in range(179))  # padding untouched


def test_panels_match_the_cli(tmp_path):
    # Side-by-side panels are drawn as sub-plans of one frame plan, then finished in place.
    fig = opta.Landscape.from_scenario(os.path.join(REPO, "Examples", "panels.json"))
    run_cli("render", os.path.join(REPO, "Examples", "panels.json"), "--width", "480", "--height", "200",
            "--output", str(tmp_path / "panels.png"))
    assert np.array_equal(fig.render(480, 200), decode_png((tmp_path / "panels.png").read_bytes()))


def test_surface_into_an_array_matches_the_cli(tmp_path):
    # The 3-D surface's mesh pass, then its overlay, drawn straight into the array.
    fig = opta.Figure({"version": 1, "size": {"width": 160, "height": 120}, "view": "3d",
                       "landscape": {"function": "himmelblau", "domain": {"x": [-5, 5], "y": [-5, 5]}, "scale": "log"},
                       "surface": {"resolution": 32, "height": 3, "scale": "log"}})
    scenario = tmp_path / "surface.json"
    scenario.write_text(fig.scenario_json)
    run_cli("render", str(scenario), "--output", str(tmp_path / "surface.png"))
    assert np.array_equal(fig.render(), decode_png((tmp_path / "surface.png").read_bytes()))


def test_repr_png_is_a_valid_png():
    fig = opta.Landscape("himmelblau", size=(64, 48))
    data = fig._repr_png_()
    image = decode_png(data)  # checks signature, CRCs, header
    assert image.shape == (48, 64, 4)


def test_solve_state_and_tree():
    fig = opta.Landscape("rosenbrock", size=(120, 90)).add_solver("adam", start=(-1.5, 2.5), lr=0.05, steps=60, id="A")
    solvers = fig.solve()
    assert solvers[0]["id"] == "A" and solvers[0]["steps"] == 60 and solvers[0]["status"] == "stopped"
    assert solvers[0]["trajectory"].shape == (61, 2)
    tree = fig.tree()
    assert tree["root"]["role"] and "A stopped at step 60" in json.dumps(tree, ensure_ascii=False)


def test_steps_follow_frames_like_the_cli(tmp_path):
    fig = opta.Landscape("booth", size=(100, 80)).add_solver("gradient-descent", start=(0, 0), lr=0.05, steps=50)
    scenario = tmp_path / "s.json"
    scenario.write_text(fig.scenario_json)
    run_cli("render", str(scenario), "--frame", "9", "--output", str(tmp_path / "f9.png"))
    fig.step(10)  # frames 0…9
    assert fig.state()["solvers"][0]["steps"] == 10
    assert np.array_equal(fig.render(), decode_png((tmp_path / "f9.png").read_bytes()))


def test_dispatch_changes_the_picture():
    fig = opta.Landscape("rosenbrock", size=(80, 60))
    before = fig.render().copy()
    fig.dispatch({"type": "setColormap", "name": "magma"})
    assert not np.array_equal(before, fig.render())
    assert fig.state()["colormap"] == "magma"


def test_add_path_extends_a_live_session():
    fig = opta.Landscape("rosenbrock", size=(80, 60))
    fig.render()
    fig.add_path([[0, 0], [0.5, 0.5]], f=[1.0, 0.5], name="run")
    fig.add_path([[1, 1]], f=[0.0], name="run")
    assert [p for p in fig.state()["paths"] if p["name"] == "run"][0]["count"] == 3
    points, values = fig.path("run")
    assert points.shape == (3, 2) and values.tolist() == [1.0, 0.5, 0.0]
    # A fresh figure from the same scenario draws the same picture.
    again = opta.Figure(fig.scenario)
    assert np.array_equal(again.render(), fig.render())


def test_pickle_round_trip():
    fig = r1_like()
    copy = pickle.loads(pickle.dumps(fig))
    assert copy.scenario == fig.scenario
    assert np.array_equal(copy.render(), fig.render())


def test_video_through_the_cli(tmp_path):
    if not os.path.exists("/usr/bin/ffmpeg"):
        pytest.skip("no ffmpeg")
    fig = opta.Landscape("rosenbrock", size=(96, 64)).add_solver("adam", start=(-1.5, 2.5), lr=0.1, steps=10)
    path = fig.save(tmp_path / "run.mp4", frames=(0, 9))
    assert os.path.getsize(path) > 0


def test_animation_shows_inline(tmp_path):
    if not os.path.exists("/usr/bin/ffmpeg"):
        pytest.skip("no ffmpeg")
    fig = opta.Landscape("booth", size=(64, 48)).add_solver("adam", start=(0, 0), lr=0.1, steps=5)
    video = fig.animate(frames=(0, 4), path=tmp_path / "a.mp4")
    assert video._repr_html_().startswith("<video") and "base64," in video._repr_html_()


def test_graph_matches_the_cli(tmp_path):
    g = opta.Graph(["a", "b", "c", "d"], edges=[("a", "b"), ("b", "c", 2.0), ("c", "a")], size=(160, 120),
                   title="Small graph")
    scenario = tmp_path / "g.json"
    scenario.write_text(g.scenario_json)
    run_cli("render", str(scenario), "--output", str(tmp_path / "g.png"))
    assert np.array_equal(g.render(), decode_png((tmp_path / "g.png").read_bytes()))
    by_index = opta.Graph(4, edges=np.array([[0, 1], [1, 2]]))
    assert by_index.scenario["graph"]["edges"][1] == {"from": "1", "to": "2"}
    with pytest.raises(opta.OptaError, match=r"edges holds node index 7; nodes are 0…3"):
        opta.Graph(4, edges=np.array([[0, 7]]))
