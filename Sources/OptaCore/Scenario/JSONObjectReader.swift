import OptaSupport

/// Reads fields from a JSON object while tracking its path, so every error names the field
/// ("landscape.scale must be \"log\" or \"linear\", got \"logarithmic\"").
public struct JSONObjectReader: Sendable {
    public let path: String
    /// The object's fields by name.
    public let fields: [String: JSONValue]

    /// Wraps `value`, which must be an object.
    public init(_ value: JSONValue, path: String) throws(ScenarioError) {
        guard case .object(let fields) = value else {
            throw ScenarioError(path: path, message: "must be an object, got \(value.typeName)")
        }
        self.path = path
        self.fields = fields
    }

    /// The full path of a field.
    public func pathOf(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Fails on any field not in `allowed`, naming it and listing the allowed ones.
    public func rejectUnknownKeys(_ allowed: [String]) throws(ScenarioError) {
        for key in fields.keys.sorted() where !allowed.contains(key) {
            throw ScenarioError(path: pathOf(key),
                                message: "is not a known field; allowed here: \(allowed.joined(separator: ", "))")
        }
    }

    public func has(_ key: String) -> Bool { fields[key] != nil && fields[key] != .null }

    public func value(_ key: String) -> JSONValue? {
        guard let v = fields[key], v != .null else { return nil }
        return v
    }

    public func string(_ key: String) throws(ScenarioError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw typeError(key, "a string", v) }
        return s
    }

    public func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw typeError(key, "true or false", v) }
        return b
    }

    public func number(_ key: String) throws(ScenarioError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v else { throw typeError(key, "a number", v) }
        return n
    }

    /// A whole number in `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int? {
        guard let n = try number(key) else { return nil }
        guard n.rounded() == n, n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw ScenarioError(path: pathOf(key),
                                message: "must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(JSONText.number(n))")
        }
        return Int(n)
    }

    /// A string that must be one of `allowed`.
    /// One of `T`'s cases, by its raw value; an error lists them all.
    public func choice<T: CaseIterable & RawRepresentable>(_ key: String, _ type: T.Type) throws(ScenarioError) -> T?
    where T.RawValue == String {
        try choice(key, T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
    }

    public func choice(_ key: String, _ allowed: [String]) throws(ScenarioError) -> String? {
        guard let s = try string(key) else { return nil }
        guard allowed.contains(s) else {
            let list = allowed.map { "\"\($0)\"" }
            let options = list.count == 2 ? "\(list[0]) or \(list[1])" : "one of \(list.joined(separator: ", "))"
            throw ScenarioError(path: pathOf(key), message: "must be \(options), got \"\(s)\"")
        }
        return s
    }

    public func object(_ key: String) throws(ScenarioError) -> JSONObjectReader? {
        guard let v = value(key) else { return nil }
        return try JSONObjectReader(v, path: pathOf(key))
    }

    public func array(_ key: String) throws(ScenarioError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw typeError(key, "an array", v) }
        return a
    }

    /// An array of finite numbers with a length in `counts`.
    public func numbers(_ key: String, counts: ClosedRange<Int> = 0...Int.max) throws(ScenarioError) -> [Double]? {
        guard let items = try array(key) else { return nil }
        return try JSONObjectReader.numbers(items, path: pathOf(key), counts: counts)
    }

    /// Reads `items` as finite numbers, naming the first bad element.
    public static func numbers(_ items: [JSONValue], path: String, counts: ClosedRange<Int>) throws(ScenarioError) -> [Double] {
        guard counts.contains(items.count) else {
            let want = counts.lowerBound == counts.upperBound ? "exactly \(counts.lowerBound)" : "\(counts.lowerBound) or more"
            throw ScenarioError(path: path, message: "must have \(want) numbers, got \(items.count)")
        }
        var result: [Double] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case .number(let n) = item, n.isFinite else {
                throw ScenarioError(path: "\(path)[\(i)]", message: "must be a number, got \(item.typeName)")
            }
            result.append(n)
        }
        return result
    }

    func typeError(_ key: String, _ expected: String, _ got: JSONValue) -> ScenarioError {
        ScenarioError(path: pathOf(key), message: "must be \(expected), got \(got.typeName)")
    }
}
