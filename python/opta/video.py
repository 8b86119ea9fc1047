"""Videos of a figure's run through the command line's export (`opta render --frames A...B -o x.mp4`)."""
from __future__ import annotations

import json
import os
import tempfile

from . import _cli
from .errors import OptaError


def scenario_file(fig, folder: str) -> str:
    """Writes the figure's scenario into `folder`, relative file names made absolute."""
    scenario = fig.scenario
    if fig.base_folder and "pathsFile" in scenario:
        files = scenario["pathsFile"]
        absolute = lambda name: name if os.path.isabs(name) else os.path.join(fig.base_folder, name)
        scenario["pathsFile"] = absolute(files) if isinstance(files, str) else [absolute(f) for f in files]
    path = os.path.join(folder, "scenario.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(scenario, f)
    return path


def export(fig, path: str, frames=(0, 199), fps: int | None = None, width: int | None = None,
           height: int | None = None, orbit: float | None = None) -> str:
    """Renders frames `frames[0]`…`frames[1]` of the figure's run into an .mp4, .webm or .gif."""
    try:
        first, last = (int(v) for v in frames)
    except (TypeError, ValueError):
        raise OptaError(f"frames must be (first, last), got {frames!r}", code=1) from None
    with tempfile.TemporaryDirectory(prefix="opta-video-") as folder:
        arguments = ["render", scenario_file(fig, folder), "--frames", f"{first}...{last}", "--output", os.fspath(path)]
        for flag, value in (("--fps", fps), ("--width", width), ("--height", height), ("--orbit", orbit)):
            if value is not None:
                arguments += [flag, str(value)]
        _cli.run(arguments)
    return os.fspath(path)


class Video:
    """A video file that Jupyter shows inline as a <video> element (``fig.animate(...)``)."""

    def __init__(self, path: str):
        self.path = os.fspath(path)

    def _repr_html_(self) -> str:
        return html(self.path)

    def __repr__(self) -> str:
        return f"<opta.video.Video {self.path}>"


def html(path: str) -> str:
    """An inline <video> element for Jupyter (``IPython.display.HTML(opta.video.html("run.mp4"))``)."""
    import base64
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode()
    kind = "webm" if path.endswith(".webm") else "mp4"
    return f'<video controls loop autoplay muted src="data:video/{kind};base64,{data}"></video>'
