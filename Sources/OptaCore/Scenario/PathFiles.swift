import Foundation

/// Reads logged paths from the files tools write, chosen by extension: CSV (`PathCSV`), `.npy`
/// (N × 2 of x, y or N × 3 of x, y, f), HDF5 (`proj_xcoord`/`proj_ycoord` as Li et al.'s tool
/// writes them) and JSON Lines (`{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}`).
public enum PathFiles {
    /// The paths in the file at `full`, shown to the user as `name`; `field` is the scenario field.
    public static func load(_ full: String, shownAs name: String, field: String) throws(ScenarioError) -> PathCSV.Contents {
        let lower = full.lowercased()
        let fallback = URL(fileURLWithPath: full).deletingPathExtension().lastPathComponent
        if lower.hasSuffix(".csv") || lower.hasSuffix(".txt") || lower.hasSuffix(".tsv") {
            return try PathCSV.loadContents(path: full, field: field)
        }
        do {
            let data = try GridFile.data(full, field: field)
            if lower.hasSuffix(".npy") {
                return PathCSV.Contents(paths: [try npyPath(try NPYReader.read(data, file: name).get(), file: name, pathName: fallback)], warnings: [])
            }
            if HDF5Support.isHDF5(lower) {
                let arrays = try HDF5Support.reader(file: name).readArrays(data, file: name, names: ["proj_xcoord", "proj_ycoord"]).get()
                return PathCSV.Contents(paths: [try hdf5Path(arrays, file: name, pathName: fallback)], warnings: [])
            }
            if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
                return try PathJSONLines.read([UInt8](data), file: name, fallbackName: fallback).get()
            }
        } catch {
            throw ScenarioError(path: field, message: "cannot be read: \(error)")
        }
        throw ScenarioError(path: field, message: "names \(name); path files end in .csv, .npy, .h5 or .jsonl")
    }

    /// Whether the HDF5 file at `path` holds a projected trajectory (`proj_xcoord`).
    public static func hdf5HasTrajectory(_ path: String) -> Bool {
        guard let data = try? GridFile.data(path, field: path), let reader = try? HDF5Support.reader(file: path) else { return false }
        return reader.hasDataset(data, file: path, name: "proj_xcoord") && reader.hasDataset(data, file: path, name: "proj_ycoord")
    }

    /// N × 2 (x, y) or N × 3 (x, y, f); 2 × N and 3 × N (as `np.array([xs, ys])` gives) when N > 3.
    static func npyPath(_ a: NumericArray, file: String, pathName: String) throws(GridError) -> PathSpec {
        guard a.shape.count == 2 else {
            throw GridError(source: file, message: "has shape \(a.shapeText); a path is an N × 2 array of x, y (or N × 3 with f) — np.column_stack([xs, ys])")
        }
        var (n, width) = (a.shape[0], a.shape[1])
        var at: (Int, Int) -> Double = { r, c in a.values[r * width + c] }
        if !(width == 2 || width == 3), (a.shape[0] == 2 || a.shape[0] == 3) {
            let w = a.shape[1]
            (n, width) = (a.shape[1], a.shape[0])
            at = { r, c in a.values[c * w + r] }
        }
        guard width == 2 || width == 3, n >= 1 else {
            throw GridError(source: file, message: "has shape \(a.shapeText); a path is an N × 2 array of x, y (or N × 3 with f)")
        }
        var spec = PathSpec(name: pathName, points: [])
        var values: [Double] = []
        for r in 0..<n where at(r, 0).isFinite && at(r, 1).isFinite {
            spec.points.append(SIMD2(at(r, 0), at(r, 1)))
            if width == 3 { values.append(at(r, 2)) }
        }
        guard !spec.points.isEmpty else { throw GridError(source: file, message: "has no point with finite x and y") }
        if width == 3 { spec.values = values }
        return spec
    }

    /// `proj_xcoord` and `proj_ycoord`: 1-D and of the same length.
    static func hdf5Path(_ arrays: [NumericArray], file: String, pathName: String) throws(GridError) -> PathSpec {
        let (xs, ys) = (arrays[0], arrays[1])
        guard xs.shape.count == 1, ys.shape.count == 1, xs.values.count == ys.values.count, !xs.values.isEmpty else {
            throw GridError(source: file, location: "datasets proj_xcoord, proj_ycoord",
                            message: "have shapes \(xs.shapeText) and \(ys.shapeText); they must be 1-D of the same length")
        }
        var points: [SIMD2<Double>] = []
        for k in 0..<xs.values.count where xs.values[k].isFinite && ys.values[k].isFinite {
            points.append(SIMD2(xs.values[k], ys.values[k]))
        }
        return PathSpec(name: pathName, points: points)
    }
}
