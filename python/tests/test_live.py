"""Live logging writes the JSON Lines `opta view --follow` reads and grows the figure."""
import json

import numpy as np

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
