"""Makes the small grid and path fixtures Opta's tests read. Run once with numpy, h5py and pandas
(e.g. from a venv outside the repository); the outputs are committed, so tests need no Python.

    python Tests/Fixtures/grids/generate.py
"""
import json
import os

import h5py
import numpy as np
import pandas as pd

here = os.path.dirname(os.path.abspath(__file__))


def out(name):
    return os.path.join(here, name)


# A bowl f = (x - 0.3)^2 + 2 (y + 0.2)^2 on 31 x-samples over [-1, 1] and 21 y-samples over [-1, 1],
# as numpy users hold it: Z[y index, x index]. One undefined sample at (row 3, column 5).
x = np.linspace(-1, 1, 31)
y = np.linspace(-1, 1, 21)
X, Y = np.meshgrid(x, y)
Z = (X - 0.3) ** 2 + 2 * (Y + 0.2) ** 2
Z[3, 5] = np.nan
np.save(out("bowl-f8.npy"), Z)
np.save(out("bowl-f4-fortran-be.npy"), np.asfortranarray(Z.astype(">f4")))
np.save(out("bowl-int64.npy"), np.arange(12).reshape(3, 4))
np.save(out("vector.npy"), np.linspace(0, 1, 5))
with open(out("bowl-f8.npy"), "rb") as f:
    data = f.read()
with open(out("truncated.npy"), "wb") as f:
    f.write(data[: len(data) // 2])

# CSV matrices: plain (savetxt) and with a coordinate header row and column.
np.savetxt(out("bowl-plain.csv"), np.nan_to_num(Z, nan=0.0)[:5, :6], delimiter=",")
with open(out("bowl-header.csv"), "w") as f:
    f.write("y\\x," + ",".join(f"{v:g}" for v in x[:4]) + "\n")
    for j in range(3):
        f.write(f"{y[j]:g}," + ",".join("nan" if np.isnan(v) else f"{v:.6g}" for v in Z[j, :4]) + "\n")

# Li et al.'s surface file: 1-D coordinates, 2-D losses Z[y, x], a projected trajectory.
xs = np.linspace(-1, 1, 51)
ys = np.linspace(-1, 1, 51)
XX, YY = np.meshgrid(xs, ys)
loss = 0.1 + np.log1p((XX - 0.2) ** 2 + 3 * (YY + 0.1) ** 2 + 0.5 * np.sin(3 * XX) ** 2)
t = np.linspace(0, 1, 20)
with h5py.File(out("surface.h5"), "w") as f:
    f["xcoordinates"] = xs
    f["ycoordinates"] = ys
    f["train_loss"] = loss
    f["train_acc"] = 100 - 10 * loss
    f["proj_xcoord"] = 0.9 - 0.7 * t
    f["proj_ycoord"] = 0.8 * (1 - t) ** 2 - 0.1
with h5py.File(out("ragged.h5"), "w") as f:
    f["xcoordinates"] = xs[:50]
    f["ycoordinates"] = ys
    f["train_loss"] = loss

# Paths as users write them: pandas' default to_csv (index column), a BOM, CRLF, quoted header,
# a NaN row and a loss column.
df = pd.DataFrame({"step": range(6), "x": [0.9, 0.7, np.nan, 0.5, 0.4, 0.35], "y": [0.8, 0.5, 0.3, 0.2, 0.0, -0.1],
                   "loss": [2.0, 1.5, 1.2, 0.9, 0.6, 0.5]})
df.to_csv(out("pandas-path.csv"), encoding="utf-8-sig", lineterminator="\r\n", quoting=1)
np.save(out("path-n3.npy"), np.column_stack([[0.9, 0.6, 0.4], [0.8, 0.3, 0.0], [2.0, 1.0, 0.5]]))
with open(out("run.jsonl"), "w") as f:
    for k in range(4):
        f.write(json.dumps({"path": "adam", "step": k, "x": 0.9 - 0.2 * k, "y": 0.5 - 0.1 * k, "f": 1.0 / (k + 1)}) + "\n")
    f.write("{not json\n")
    f.write(json.dumps({"path": "sgd", "step": 0, "x": -0.5, "y": 0.5}) + "\n")

# The example grid of Examples/grid-valley.json: a two-basin loss surface on 121 × 101 float32
# samples over x ∈ [-2, 2], y ∈ [-1.5, 1.5], undefined (NaN) in one corner like a diverged run,
# with a logged descent path (x, y, f) as an N × 3 array.
examples = os.path.join(here, "..", "..", "..", "Examples", "grids")
os.makedirs(examples, exist_ok=True)


def valley(x, y):
    return (0.6 + 0.5 * (x ** 2 - 1) ** 2 + 1.5 * (y - 0.3 * x) ** 2 - 0.25 * x + 0.15 * np.sin(4 * x) * np.cos(3 * y))


vx = np.linspace(-2, 2, 121)
vy = np.linspace(-1.5, 1.5, 101)
VX, VY = np.meshgrid(vx, vy)
V = valley(VX, VY).astype(np.float32)
V[(VX > 1.6) & (VY > 1.1)] = np.nan
np.save(os.path.join(examples, "valley.npy"), V)
p = np.array([-1.7, 1.2])
rows = []
for k in range(60):
    h = 1e-5
    g = np.array([(valley(p[0] + h, p[1]) - valley(p[0] - h, p[1])) / (2 * h),
                  (valley(p[0], p[1] + h) - valley(p[0], p[1] - h)) / (2 * h)])
    rows.append([p[0], p[1], valley(p[0], p[1])])
    p = p - 0.08 * g
np.save(os.path.join(examples, "valley-sgd.npy"), np.array(rows))
with h5py.File(os.path.join(examples, "surface.h5"), "w") as f:
    f["xcoordinates"] = xs
    f["ycoordinates"] = ys
    f["train_loss"] = loss
    f["train_acc"] = 100 - 10 * loss
    f["proj_xcoord"] = 0.9 - 0.7 * t
    f["proj_ycoord"] = 0.8 * (1 - t) ** 2 - 0.1
# A second run, logged as JSON Lines without f (Opta evaluates it on the grid), for
# Examples/grid-valley-panels.json.
with open(os.path.join(examples, "valley-run.jsonl"), "w") as f:
    for k in range(40):
        px, py = 0.2 + 0.9 * (1 - np.exp(-k / 8)), 1.3 - 1.1 * (1 - np.exp(-k / 10))
        f.write(json.dumps({"path": "momentum (logged)", "step": k, "x": round(px, 5), "y": round(py, 5)}) + "\n")
