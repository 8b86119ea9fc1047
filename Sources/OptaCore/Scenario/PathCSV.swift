import Foundation

/// Reads optimizer paths logged as CSV, as users and their tools write it: a header naming the
/// columns `x` and `y` (any order; case, quotes and spaces ignored), optionally `name` or `path`
/// (several paths in one file), `step`, and `f` or `loss` (the logged value). Other columns —
/// pandas' unnamed index column among them — are ignored. A UTF-8 BOM, CRLF line ends and quoted
/// fields are fine. Rows whose x or y is NaN or empty are skipped and counted.
public enum PathCSV {
    /// What a path file held: its paths and anything the user should hear about.
    public struct Contents: Sendable, Equatable {
        public var paths: [PathSpec]
        public var warnings: [String]
    }

    /// The paths in the CSV file at `path`; `field` names the scenario field for errors.
    public static func load(path: String, field: String) throws(ScenarioError) -> [PathSpec] {
        try loadContents(path: path, field: field).paths
    }

    static func loadContents(path: String, field: String) throws(ScenarioError) -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(path: field, message: "names \(path), which does not exist or cannot be read")
        }
        let fallbackName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        do { return try read([UInt8](data), file: path, fallbackName: fallbackName).get() } catch {
            throw scenarioError(error)
        }
    }

    /// Parses CSV text; errors name the file and line.
    public static func parse(_ text: String, source: String, fallbackName: String) throws(ScenarioError) -> [PathSpec] {
        do { return try read(Array(text.utf8), file: source, fallbackName: fallbackName).get().paths } catch {
            throw scenarioError(error)
        }
    }

    /// A reader error as scenario errors name places: "run.csv:3" and "column 1 (x) is …".
    static func scenarioError(_ error: GridError) -> ScenarioError {
        guard let location = error.location, location.hasPrefix("line ") else {
            return ScenarioError(path: error.source, message: (error.location.map { "\($0): " } ?? "") + error.message)
        }
        let parts = location.dropFirst(5).split(separator: ",", maxSplits: 1)
        let rest = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) + " " : ""
        return ScenarioError(path: "\(error.source):\(parts[0])", message: rest + error.message)
    }

    /// The pure reader: bytes in, paths or an error naming file, line, column and value out.
    public static func read(_ bytes: [UInt8], file: String, fallbackName: String) -> Result<Contents, GridError> {
        Result(catching: { () throws(GridError) -> Contents in try parseLines(CSVText.lines(bytes), file: file, fallbackName: fallbackName) })
    }

    static func parseLines(_ lines: [CSVText.Line], file: String, fallbackName: String) throws(GridError) -> Contents {
        guard let header = lines.first else {
            throw GridError(source: file, message: "is empty; it needs a header line naming the columns x and y")
        }
        let columns = header.cells.map { $0.lowercased() }
        guard let xi = columns.firstIndex(of: "x"), let yi = columns.firstIndex(of: "y") else {
            throw GridError(source: file, location: "line \(header.number)",
                            message: "must be a header naming the columns x and y (and optionally name, step, f or loss), got \"\(header.cells.joined(separator: ","))\"")
        }
        let ni = columns.firstIndex(of: "name") ?? columns.firstIndex(of: "path")
        let si = columns.firstIndex(of: "step")
        let fi = columns.firstIndex(of: "f") ?? columns.firstIndex(of: "loss") ?? columns.firstIndex(of: "value")
        var order: [String] = []
        var collected: [String: (points: [SIMD2<Double>], values: [Double], steps: [Double])] = [:]
        var skipped = 0, firstSkipped = 0
        for line in lines.dropFirst() {
            guard line.cells.count == columns.count else {
                throw GridError(source: file, location: "line \(line.number)",
                                message: "has \(line.cells.count) cells, the header has \(columns.count); quote fields that contain commas")
            }
            func number(_ index: Int) throws(GridError) -> Double {
                guard let v = CSVText.number(line.cells[index]) else {
                    throw GridError(source: file, location: "line \(line.number), column \(index + 1) (\(header.cells[index]))",
                                    message: "is \"\(line.cells[index])\", not a number")
                }
                return v
            }
            let x = try number(xi), y = try number(yi)
            guard x.isFinite, y.isFinite else {
                if skipped == 0 { firstSkipped = line.number }
                skipped += 1
                continue
            }
            let name = ni.map { line.cells[$0] }.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackName
            if collected[name] == nil { order.append(name); collected[name] = ([], [], []) }
            collected[name]!.points.append(SIMD2(x, y))
            collected[name]!.values.append(try fi.map { i throws(GridError) in try number(i) } ?? .nan)
            collected[name]!.steps.append(try si.map { i throws(GridError) in try number(i) } ?? Double(collected[name]!.steps.count))
        }
        guard !order.isEmpty else {
            throw GridError(source: file, message: skipped > 0 ? "has no point with numbers in both x and y (\(skipped) rows are NaN)" : "has a header but no points")
        }
        var warnings: [String] = []
        if skipped > 0 {
            warnings.append("\(file): skipped \(skipped) row\(skipped == 1 ? "" : "s") with NaN or empty x or y (the first on line \(firstSkipped))")
        }
        let paths = order.map { name -> PathSpec in
            let c = collected[name]!
            var spec = PathSpec(name: name, points: c.points)
            if fi != nil { spec.values = c.values }
            if si != nil { spec.steps = c.steps }
            return spec
        }
        return Contents(paths: paths, warnings: warnings)
    }
}
