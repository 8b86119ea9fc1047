import Foundation

/// Reads optimizer paths logged as CSV: a header with columns `x` and `y` (any order, other
/// columns ignored) and, optionally, `name` to hold several paths in one file.
public enum PathCSV {
    /// The paths in the CSV file at `path`; `field` names the scenario field for errors.
    public static func load(path: String, field: String) throws(ScenarioError) -> [PathSpec] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(path: field, message: "names \(path), which does not exist or cannot be read")
        }
        let fallbackName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try parse(String(decoding: data, as: UTF8.self), source: path, fallbackName: fallbackName)
    }

    /// Parses CSV text; errors name the file and line.
    public static func parse(_ text: String, source: String, fallbackName: String) throws(ScenarioError) -> [PathSpec] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let header = lines.first else {
            throw ScenarioError(path: source, message: "is empty; it needs a header line with x and y")
        }
        let columns = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let xi = columns.firstIndex(of: "x"), let yi = columns.firstIndex(of: "y") else {
            throw ScenarioError(path: "\(source):1", message: "must be a header naming the columns x and y (and optionally name), got \"\(header)\"")
        }
        let ni = columns.firstIndex(of: "name")
        var order: [String] = []
        var points: [String: [SIMD2<Double>]] = [:]
        for (n, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == columns.count else {
                throw ScenarioError(path: "\(source):\(n + 1)", message: "has \(cells.count) cells, the header has \(columns.count)")
            }
            guard let x = Double(cells[xi]), let y = Double(cells[yi]), x.isFinite, y.isFinite else {
                throw ScenarioError(path: "\(source):\(n + 1)", message: "needs numbers in x and y, got \"\(cells[xi])\" and \"\(cells[yi])\"")
            }
            let name = ni.map { cells[$0] } ?? fallbackName
            if points[name] == nil { order.append(name) }
            points[name, default: []].append(SIMD2(x, y))
        }
        guard !order.isEmpty else { throw ScenarioError(path: source, message: "has a header but no points") }
        return order.map { PathSpec(name: $0, points: points[$0]!) }
    }
}
