import OptaA11y
import OptaCore

/// How the accessibility tree describes a grid landscape: where its samples came from and where
/// the lowest one lies (the best a reader can know of a sampled function's minimum).
enum GridDescription {
    /// "samples from train_loss in surface.h5 (HDF5), 51 × 51, cubic interpolation; lowest sample
    /// f = 0.0132 at (0.1, −0.2); 3 samples undefined".
    static func text(_ grid: GridLandscape) -> String {
        let format = ["npy": ".npy array", "csv": "CSV matrix", "hdf5": "HDF5 dataset", "inline": "inline values"][grid.source.format] ?? grid.source.format
        var where_ = grid.source.file.map { file in grid.source.dataset.map { "\($0) in \(file)" } ?? file } ?? "the scenario"
        where_ += " (\(format))"
        var text = "samples from \(where_), \(grid.rows) rows (y) × \(grid.columns) columns (x), \(grid.interpolation.rawValue) interpolation"
        text += "; lowest sample f = \(A11yNumber.format(grid.lowest.value)) at \(A11yNumber.point(grid.lowest.point.x, grid.lowest.point.y))"
        if grid.undefinedCount > 0 { text += "; \(grid.undefinedCount) samples undefined (NaN or infinite)" }
        return text
    }
}

extension GridDescription {
    /// The lowest sample as a node at its place in the plot.
    static func lowestNode(_ grid: GridLandscape, _ boxes: FrameBoxes) -> AccessibilityNode {
        let p = grid.lowest.point
        return AccessibilityNode(
            id: "grid/lowest", role: .graphicsSymbol, name: "lowest grid sample",
            value: "f = \(A11yNumber.format(grid.lowest.value)) at \(A11yNumber.point(p.x, p.y))",
            bounds: boxes.around(p, radius: 9),
            attributes: ["x": "\(p.x)", "y": "\(p.y)", "f": "\(grid.lowest.value)", "rows": "\(grid.rows)", "columns": "\(grid.columns)"])
    }
}
