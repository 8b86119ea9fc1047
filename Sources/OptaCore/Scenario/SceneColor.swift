import OptaSupport

/// A colour a scenario names (contour lines, a path, a solver, a graph's background, nodes and
/// edges): straight red, green, blue and alpha, each finite and within 0…1.
///
/// Made only by `validated(_:path:opaque:)`, which the scenario loader and decoding both call,
/// and by the named defaults of the specs that hold one, so every value is a colour a figure can
/// draw without checking it again. Its JSON is the array the scenario wrote: `[r, g, b]` when the
/// alpha was left out (opaque), `[r, g, b, a]` otherwise; so a scenario's colours written back
/// leave its canonical JSON, and the hash the run store keys runs on, unchanged.
public struct SceneColor: Sendable, Hashable, Codable {
    public let red: Double
    public let green: Double
    public let blue: Double
    /// 1 when the scenario gave three components.
    public let alpha: Double
    /// Whether the scenario wrote the alpha, so the JSON form keeps the three or four components
    /// it was written with.
    private let writesAlpha: Bool

    /// `components` as they are; callers have checked them (three or four, each in 0…1).
    init(unchecked components: [Double]) {
        red = components[0]
        green = components[1]
        blue = components[2]
        alpha = components.count > 3 ? components[3] : 1
        writesAlpha = components.count > 3
    }

    /// The colour `components` give: red, green, blue and (unless `opaque`) an optional alpha,
    /// each finite and within 0…1. Errors name `path` (the JSON field) and say what to write.
    public static func validated(_ components: [Double], path: String, opaque: Bool = false) throws(ScenarioError) -> SceneColor {
        guard components.count == 3 || (!opaque && components.count == 4) else {
            let want = opaque ? "exactly 3 numbers (red, green, blue)" : "3 or 4 numbers (red, green, blue and an optional alpha)"
            throw ScenarioError(path: path, message: "must have \(want), got \(components.count)")
        }
        for (i, v) in components.enumerated() where !(v.isFinite && (0...1).contains(v)) {
            throw ScenarioError(path: "\(path)[\(i)]", message: "must be between 0 and 1, got \(JSONText.number(v))")
        }
        return SceneColor(unchecked: components)
    }

    public init(from decoder: any Decoder) throws {
        let components = try decoder.singleValueContainer().decode([Double].self)
        let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
        do { self = try Self.validated(components, path: path.isEmpty ? "color" : path) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(red)
        try container.encode(green)
        try container.encode(blue)
        if writesAlpha { try container.encode(alpha) }
    }
}
