import Foundation

extension ScenarioLoader {
    /// The fields `landscape.grid` allows.
    static let gridKeys = ["file", "format", "dataset", "xDataset", "yDataset", "values", "x", "y", "interpolation"]

    /// `landscape.grid`: samples from a file (.npy, .h5, .csv) or inline `values`, with
    /// coordinates from `x`/`y`, else the file, else `domain` (evenly spaced), else 0, 1, 2, ….
    static func parseGrid(_ g: JSONObjectReader, domain: Domain?, baseFolder: String) throws(ScenarioError) -> GridLandscape {
        try g.rejectUnknownKeys(gridKeys)
        let interpolation = GridInterpolation(rawValue: try g.choice("interpolation", GridInterpolation.allCases.map(\.rawValue)) ?? "cubic")!
        var table: GridTable
        var source: GridSource
        do {
            switch (try g.string("file"), try g.array("values")) {
            case (let file?, nil):
                let full = file.hasPrefix("/") ? file : "\(baseFolder)/\(file)"
                let format = try g.choice("format", ["npy", "csv", "hdf5"]) ?? GridFile.format(of: file)
                let dataset = try g.string("dataset")
                (table, source) = try readGridFile(full, shownAs: file, format: format, dataset: dataset,
                                                   xDataset: try g.string("xDataset"), yDataset: try g.string("yDataset"),
                                                   field: g.pathOf("file"))
            case (nil, let rows?):
                table = try inlineTable(rows, path: g.pathOf("values"))
                source = GridSource(file: nil, dataset: nil, format: "inline")
            case (nil, nil):
                throw ScenarioError(path: g.path, message: "needs \"file\" (a .npy, .h5 or .csv file) or \"values\" (rows of numbers, one per y)")
            case (.some, .some):
                throw ScenarioError(path: g.path, message: "has both \"file\" and \"values\"; keep one")
            }
        } catch let error as GridError {
            throw ScenarioError(path: g.path, message: "cannot be read: \(error)")
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(path: g.path, message: "\(error)")
        }
        if let x = try g.numbers("x", counts: 2...Int.max) { table.x = x }
        if let y = try g.numbers("y", counts: 2...Int.max) { table.y = y }
        source.indexCoordinates = table.x == nil && table.y == nil && domain == nil
        let x = table.x ?? domain.map { GridAxis.uniform($0.x.lowerBound, $0.x.upperBound, count: table.columns).coordinates }
            ?? (0..<table.columns).map(Double.init)
        let y = table.y ?? domain.map { GridAxis.uniform($0.y.lowerBound, $0.y.upperBound, count: table.rows).coordinates }
            ?? (0..<table.rows).map(Double.init)
        do {
            return try GridLandscape.make(values: table.values, rows: table.rows, columns: table.columns, x: x, y: y,
                                          interpolation: interpolation, source: source)
        } catch {
            throw ScenarioError(path: g.path, message: "cannot be used: \(error)")
        }
    }

    /// Reads a grid file in `format` (nil: guessed from the name, else an error naming the choices).
    public static func readGridFile(_ path: String, shownAs name: String, format: String?, dataset: String?,
                                    xDataset: String?, yDataset: String?, field: String) throws(GridError) -> (GridTable, GridSource) {
        guard let format else {
            throw GridError(source: name, message: "has no extension Opta knows; name it .npy, .h5 or .csv, or add \"format\": \"npy\", \"hdf5\" or \"csv\"")
        }
        if format == "npy" {
            let array = try NPYReader.read(path: path, file: name, field: field)
            return (try GridTable.from(array, source: name), GridSource(file: name, dataset: nil, format: "npy"))
        }
        let data = try GridFile.data(path, field: field)
        switch format {
        case "csv":
            let table = try GridCSV.read([UInt8](data), file: name).get()
            return (table, GridSource(file: name, dataset: nil, format: "csv"))
        default:
            let reader = try HDF5Support.reader(file: name)
            let name_ = dataset ?? "train_loss"
            let table = try reader.readGrid(data, file: name, dataset: name_, xDataset: xDataset ?? "xcoordinates",
                                            yDataset: yDataset ?? "ycoordinates").get()
            return (table, GridSource(file: name, dataset: name_, format: "hdf5"))
        }
    }

    /// `values`: rows of numbers (null for an undefined sample), all the same length.
    static func inlineTable(_ rows: [JSONValue], path: String) throws(ScenarioError) -> GridTable {
        var values: [Double] = []
        var width = -1
        for (j, row) in rows.enumerated() {
            guard case .array(let cells) = row else {
                throw ScenarioError(path: "\(path)[\(j)]", message: "must be a row of numbers, got \(row.typeName)")
            }
            if width < 0 { width = cells.count }
            guard cells.count == width else {
                throw ScenarioError(path: "\(path)[\(j)]", message: "has \(cells.count) numbers, row 0 has \(width); every row needs the same number")
            }
            for (i, cell) in cells.enumerated() {
                switch cell {
                case .number(let v): values.append(v)
                case .null: values.append(.nan)
                default: throw ScenarioError(path: "\(path)[\(j)][\(i)]", message: "must be a number or null, got \(cell.typeName)")
                }
            }
        }
        return GridTable(rows: rows.count, columns: max(width, 0), values: values)
    }
}
