"""Writes the HDF5 seeds of FuzzHDF5 (Li et al.'s layout, old and new file formats, float32).
Run once with h5py installed: python Fuzz/make-hdf5-seeds.py; the outputs are committed."""
import h5py
import numpy as np

folder = "Fuzz/Seeds/FuzzHDF5/"
for name, options in [("li-layout.h5", {"libver": "latest"}), ("li-layout-v0.h5", {})]:
    with h5py.File(folder + name, "w", **options) as f:
        x, y = np.linspace(-1, 1, 4), np.linspace(-1, 1, 3)
        f["xcoordinates"], f["ycoordinates"] = x, y
        f["train_loss"] = np.add.outer(y**2, x**2)
        f["proj_xcoord"], f["proj_ycoord"] = np.array([0.5, 0.2, 0.0]), np.array([0.5, 0.1, 0.0])
with h5py.File(folder + "float32.h5", "w", libver="latest") as f:
    f["train_loss"] = np.arange(6, dtype="<f4").reshape(2, 3)
