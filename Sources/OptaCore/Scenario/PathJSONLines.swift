import Foundation

/// Reads paths logged as JSON Lines, one point per line:
/// `{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}` — `path` (default: the file's
/// name), `step` and `f` optional. Malformed lines are skipped and reported once, with the first
/// one's line number. A pure function of the bytes.
public enum PathJSONLines {
    public static func read(_ bytes: [UInt8], file: String, fallbackName: String) -> Result<PathCSV.Contents, GridError> {
        // Each path's columns by its index in `order`, appended in place (copying a path's
        // columns for each point made reading grow with the square of the log's length).
        var order: [String] = []
        var index: [String: Int] = [:]
        var points: [[SIMD2<Double>]] = [], values: [[Double]] = [], steps: [[Double]] = []
        var bad = 0, firstBad = 0, firstReason = ""
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
            guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) else { continue }
            switch PathPoint.parse(Array(trimmed), defaultPath: fallbackName) {
            case .success(let p):
                let k: Int
                if let known = index[p.path] { k = known } else {
                    k = order.count
                    index[p.path] = k
                    order.append(p.path); points.append([]); values.append([]); steps.append([])
                }
                points[k].append(p.point)
                values[k].append(p.f ?? .nan)
                steps[k].append(p.step ?? Double(steps[k].count))
            case .failure(let reason):
                if bad == 0 { firstBad = lineNumber; firstReason = reason.message }
                bad += 1
            }
        }
        guard !order.isEmpty else {
            return .failure(GridError(source: file, location: bad > 0 ? "line \(firstBad)" : nil,
                                      message: bad > 0 ? "\(firstReason); no line held a point" : "holds no points; write one JSON object per line"))
        }
        var warnings: [String] = []
        if bad > 0 { warnings.append("\(file), line \(firstBad): \(firstReason); skipped it and \(bad - 1) more malformed line\(bad == 2 ? "" : "s")") }
        let paths = order.indices.map { k in
            var path = PathSpec(name: order[k], points: points[k])
            path.values = values[k]
            path.steps = steps[k]
            return path
        }
        return .success(PathCSV.Contents(paths: paths, warnings: warnings))
    }
}

/// One logged point: the line format `opta view --follow` and path files share.
public struct PathPoint: Sendable, Equatable {
    public var path: String
    public var step: Double?
    public var point: SIMD2<Double>
    public var f: Double?

    public struct Problem: Error, Sendable { public let message: String }

    public init(path: String, step: Double?, point: SIMD2<Double>, f: Double?) {
        self.path = path
        self.step = step
        self.point = point
        self.f = f
    }

    /// Parses one line (without its newline).
    public static func parse(_ line: [UInt8], defaultPath: String) -> Result<PathPoint, Problem> {
        if let fast = parseFlat(line, defaultPath: defaultPath) { return fast }
        let value: JSONValue
        do { value = try JSONValue.parse(Data(line), source: "line") } catch {
            return .failure(Problem(message: "is not JSON (\(error.message))"))
        }
        guard case .object(let fields) = value else { return .failure(Problem(message: "is \(value.typeName), not an object {\"x\": …, \"y\": …}")) }
        func number(_ key: String) -> Double?? {
            guard let v = fields[key], v != .null else { return .some(nil) }
            if case .number(let n) = v { return .some(n) }
            return nil
        }
        guard let x = number("x") ?? nil, let y = number("y") ?? nil, x.isFinite, y.isFinite else {
            return .failure(Problem(message: "needs numbers \"x\" and \"y\""))
        }
        guard let step = number("step"), let f = number("f") ?? number("loss") else {
            return .failure(Problem(message: "has a \"step\" or \"f\" that is not a number"))
        }
        var path = defaultPath
        if let p = fields["path"] ?? fields["name"] {
            guard case .string(let s) = p else { return .failure(Problem(message: "has a \"path\" that is not a string")) }
            path = s
        }
        return .success(PathPoint(path: path, step: step, point: SIMD2(x, y), f: f))
    }
}
