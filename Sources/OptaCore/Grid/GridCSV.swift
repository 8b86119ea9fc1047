import Foundation

/// Reads a grid written as a CSV matrix — `numpy.savetxt(f, Z, delimiter=",")` or a spreadsheet
/// — one line per y, one column per x. When the first cell of the first line is not a number
/// (empty, or a label like `y\x`), that line holds the x coordinates and the first cell of each
/// following line its y coordinate. Cells may be empty or `nan` (undefined samples).
/// A pure function of the bytes.
public enum GridCSV {
    public static func read(_ bytes: [UInt8], file: String) -> Result<GridTable, GridError> {
        Result(catching: { () throws(GridError) -> GridTable in try parse(bytes, file: file) })
    }

    static func parse(_ bytes: [UInt8], file: String) throws(GridError) -> GridTable {
        let lines = CSVText.lines(bytes)
        guard let first = lines.first else {
            throw GridError(source: file, message: "has no numbers; write the grid one row of Z (one y) per line")
        }
        let hasHeader = CSVText.number(first.cells[0]) == nil || first.cells[0].isEmpty
        var x: [Double]?
        var body = lines[...]
        if hasHeader {
            var xs: [Double] = []
            for (c, cell) in first.cells.enumerated().dropFirst() {
                guard let v = CSVText.number(cell), v.isFinite else {
                    throw GridError(source: file, location: "line \(first.number), column \(c + 1)",
                                    message: "is \"\(cell)\", not an x coordinate; the header line holds x coordinates after its first cell")
                }
                xs.append(v)
            }
            x = xs
            body = body.dropFirst()
        }
        guard let top = body.first else {
            throw GridError(source: file, location: "line \(first.number + 1)", message: "is missing: the file has a header but no rows of values")
        }
        let width = top.cells.count
        let columns = hasHeader ? width - 1 : width
        if let x, x.count != columns {
            throw GridError(source: file, location: "line \(top.number)",
                            message: "has \(columns) values after its y coordinate but the header has \(x.count) x coordinates; make them match")
        }
        var values: [Double] = []
        values.reserveCapacity(columns * body.count)
        var y: [Double] = []
        for line in body {
            guard line.cells.count == width else {
                throw GridError(source: file, location: "line \(line.number)",
                                message: "has \(line.cells.count) cells, line \(top.number) has \(width); every row of the grid needs the same number")
            }
            for (c, cell) in line.cells.enumerated() {
                guard let v = CSVText.number(cell) else {
                    throw GridError(source: file, location: "line \(line.number), column \(c + 1)",
                                    message: "is \"\(cell)\", not a number; use a number, nan or an empty cell")
                }
                if hasHeader && c == 0 {
                    guard v.isFinite else {
                        throw GridError(source: file, location: "line \(line.number), column 1",
                                        message: "is \"\(cell)\"; with a header line, each row starts with its y coordinate")
                    }
                    y.append(v)
                } else {
                    values.append(v)
                }
            }
            guard values.count <= GridLandscape.maximumCells else {
                throw GridError(source: file, location: "line \(line.number)", message: "brings the grid over Opta's limit of \(GridLandscape.maximumCells) samples; subsample it")
            }
        }
        return GridTable(rows: body.count, columns: columns, values: values, x: x, y: hasHeader ? y : nil)
    }
}
