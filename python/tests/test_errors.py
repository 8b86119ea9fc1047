"""Every error path raises opta.OptaError (a ValueError) with the message the CLI prints."""
import json

import numpy as np
import pytest

import opta
from conftest import run_cli


def cli_message(tmp_path, scenario) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    done = run_cli("render", str(path), "--output", str(tmp_path / "x.png"), check=False)
    assert done.returncode == 65, done.stderr
    prefix = f"opta: error: {path}: "
    assert done.stderr.startswith(prefix), done.stderr
    return done.stderr[len(prefix):].strip()


BAD_SCENARIOS = {
    "unknown function": {"version": 1, "landscape": {"function": "rosenbrok"}},
    "bad scale": {"version": 1, "landscape": {"function": "rosenbrock", "scale": "logarithmic"}},
    "bad expression": {"version": 1, "landscape": {"expression": "sin(x", "domain": {"x": [0, 1], "y": [0, 1]}}},
    "unknown key": {"version": 1, "landscape": {"function": "booth"}, "colour": "red"},
    "bad solver param": {"version": 1, "landscape": {"function": "booth"},
                         "solvers": [{"method": "adam", "start": [0, 0], "params": {"lr": 0.1}}]},
    "unknown method": {"version": 1, "landscape": {"function": "booth"}, "solvers": [{"method": "sgd", "start": [0, 0]}]},
    "ragged grid": {"version": 1, "landscape": {"grid": {"values": [[0, 1], [1]]}}},
}


@pytest.mark.parametrize("case", sorted(BAD_SCENARIOS))
def test_scenario_errors_carry_the_cli_message(tmp_path, case):
    scenario = BAD_SCENARIOS[case]
    with pytest.raises(opta.OptaError) as raised:
        opta.Figure(scenario).render(32, 32)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == cli_message(tmp_path, scenario)
    assert raised.value.code == 2


def test_solver_option_errors_carry_the_cli_message(tmp_path):
    fig = opta.Landscape("booth").add_solver("adam", start=(0, 0), momentum=0.5)
    with pytest.raises(opta.OptaError) as raised:
        fig.solve()
    assert str(raised.value) == cli_message(tmp_path, fig.scenario)


def test_action_errors():
    fig = opta.Landscape("booth", size=(32, 32))
    with pytest.raises(opta.OptaError, match=r"action.type"):
        fig.dispatch({"type": "fly"})
    with pytest.raises(opta.OptaError, match=r"factor must be greater than 0"):
        fig.dispatch({"type": "zoom", "factor": -2})
    with pytest.raises(opta.OptaError, match=r"action.name"):
        fig.dispatch({"type": "setColormap", "name": "jet"})
    with pytest.raises(opta.OptaError, match=r"frames must be from 0"):
        fig.step(-1)


@pytest.mark.parametrize("xy, message", [
    (np.zeros((3, 3)), r"xy must have shape \(N, 2\) \(one x, y row per point\), got shape \(3, 3\)"),
    (np.zeros(4), r"xy must have shape \(N, 2\).*got shape \(4,\)"),
    (np.zeros((0, 2)), r"xy is empty"),
    (np.array([[0, 0], [np.nan, 1]]), r"xy\[1\] is \[nan, 1.0\]; points must be finite"),
    (np.array([[0, 0], [1, np.inf]]), r"xy\[1\] is \[1.0, inf\]"),
    (np.array([["a", "b"]]), r"xy must hold real numbers, got dtype <U1"),
    (np.array([[1 + 2j, 0]]), r"xy must hold real numbers, got dtype complex128"),
])
def test_bad_paths_are_named(xy, message):
    fig = opta.Landscape("booth")
    with pytest.raises(opta.OptaError, match=message):
        fig.add_path(xy, name="p")


def test_path_values_must_match():
    with pytest.raises(opta.OptaError, match=r"f must have shape \(2,\) \(one value per point\), got shape \(3,\)"):
        opta.Landscape("booth").add_path(np.zeros((2, 2)), f=[1, 2, 3])


def test_non_contiguous_points_are_accepted_as_a_copy():
    xy = np.asfortranarray(np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.5]]))[::1]
    fig = opta.Landscape("booth", size=(40, 30)).add_path(xy[:, :], name="p")
    assert fig.path("p")[0].flags.c_contiguous


@pytest.mark.parametrize("out, message", [
    (np.zeros((30, 40, 4), dtype=np.float32), r"out must have dtype uint8, got float32"),
    (np.zeros((30, 40, 3), dtype=np.uint8), r"out must have shape \(30, 40, 4\) for a 40×30 frame, got \(30, 40, 3\)"),
    (np.zeros((30, 80, 4), dtype=np.uint8)[:, ::2], r"out is not contiguous within rows"),
    ([[0]], r"out must be a numpy array, got list"),
])
def test_bad_output_arrays_are_named(out, message):
    with pytest.raises(opta.OptaError, match=message):
        opta.Landscape("booth").render(40, 30, out=out)


def test_read_only_output():
    out = np.zeros((30, 40, 4), dtype=np.uint8)
    out.flags.writeable = False
    with pytest.raises(opta.OptaError, match="out is read-only"):
        opta.Landscape("booth").render(out=out)


@pytest.mark.parametrize("width, height, message", [
    (0, 10, "width must be from 1 to 16384, got 0"),
    (10, 20000, "height must be from 1 to 16384, got 20000"),
    (10.5, 10, "width must be a whole number of pixels, got 10.5"),
])
def test_bad_sizes(width, height, message):
    with pytest.raises(opta.OptaError, match=message):
        opta.Landscape("booth").render(width, height)


def test_save_errors(tmp_path):
    fig = opta.Landscape("booth", size=(20, 20))
    with pytest.raises(opta.OptaError, match="does not exist"):
        fig.save(tmp_path / "missing" / "x.png")
    with pytest.raises(opta.OptaError, match=r"writes .png pictures"):
        fig.save(tmp_path / "x.jpg")


def test_projection_errors():
    with pytest.raises(opta.OptaError, match=r"trajectory must have shape \(N, D\)"):
        opta.project(np.zeros(5))
    with pytest.raises(opta.OptaError, match="method must be"):
        opta.project(np.random.rand(5, 3), method="tsne")
    with pytest.raises(opta.OptaError, match="d1 has 2 values, center has 3"):
        opta.plane(lambda p: 0.0, np.zeros(3), d1=np.ones(2))


@pytest.mark.parametrize("kwargs, message", [
    (dict(grid=np.zeros(5)), r"grid must be 2-D with at least 2×2 samples \(rows are y, columns x\), got shape \(5,\)"),
    (dict(grid=np.zeros((3, 4)), x=np.arange(3.0)), r"x must have one coordinate per grid columns: shape \(4,\), got \(3,\)"),
    (dict(grid=np.zeros((3, 4)), y=[0, 2, 1]), r"y must be finite and strictly increasing"),
    (dict(grid=np.array([["a", "b"], ["c", "d"]])), r"grid must hold real numbers"),
    (dict(x=[1, 2]), r"x and y give a grid's coordinates: pass them with grid=Z"),
])
def test_grid_arrays_are_named(kwargs, message):
    with pytest.raises(opta.OptaError, match=message):
        opta.Landscape(**kwargs)


def test_grid_landscapes_from_numpy():
    # Z[row = y index, column = x index], as numpy and matplotlib have it.
    z = np.add.outer(np.linspace(0, 1, 3) ** 2, np.linspace(-1, 1, 4) ** 2)
    fig = opta.Landscape(grid=z, x=np.linspace(-1, 1, 4), y=np.linspace(0, 1, 3))
    assert fig.scenario["landscape"]["grid"]["values"][2][3] == 2.0
    assert fig.render(64, 48).shape == (48, 64, 4)
    nodes = [fig.tree()["root"]]
    lowest = None
    while nodes:
        node = nodes.pop()
        if node.get("id") == "grid/lowest":
            lowest = node["attributes"]
        nodes.extend(node.get("children", []))
    assert lowest is not None and lowest["rows"] == "3" and lowest["columns"] == "4"
    assert abs(float(lowest["f"]) - 1 / 9) < 1e-12 and float(lowest["y"]) == 0.0