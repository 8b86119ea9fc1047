/// A 2-D array of samples with the coordinates its file gave (if any), before it becomes a
/// `GridLandscape`: what the CSV, .npy, HDF5 and inline readers return.
public struct GridTable: Sendable, Equatable {
    public var rows: Int
    public var columns: Int
    /// Row-major, `rows * columns`: values[j * columns + i] = Z[y j, x i].
    public var values: [Double]
    /// Coordinates from the file; nil means "from the domain, or 0, 1, 2, …".
    public var x: [Double]?
    public var y: [Double]?

    public init(rows: Int, columns: Int, values: [Double], x: [Double]? = nil, y: [Double]? = nil) {
        self.rows = rows
        self.columns = columns
        self.values = values
        self.x = x
        self.y = y
    }

    /// The table of a 2-D array; a clear error for other ranks.
    public static func from(_ array: NumericArray, source: String, location: String? = nil) throws(GridError) -> GridTable {
        guard array.shape.count == 2 else {
            throw GridError(source: source, location: location,
                            message: "has shape \(array.shapeText) (\(array.shape.count)-D); a grid needs a 2-D array Z[y, x] — reshape it, e.g. Z.reshape(len(y), len(x))")
        }
        return GridTable(rows: array.shape[0], columns: array.shape[1], values: array.values)
    }
}
