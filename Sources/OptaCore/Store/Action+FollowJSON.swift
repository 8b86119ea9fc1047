import OptaSupport

/// A followed batch in traces: `{"type": "appendFollowedPoints", "points": [{"path": "adam",
/// "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}, …]}`, each point as the log's line gave it (`step`
/// and `f` left out where it had none), so a recorded session with a followed log replays exactly.
extension Action {
    static func followedPointsJSON(_ points: [PathPoint]) -> String {
        var out = "{\"type\": \"appendFollowedPoints\", \"points\": ["
        for (i, p) in points.enumerated() {
            if i > 0 { out += ", " }
            out += "{\"path\": \(JSONText.quoted(p.path))"
            if let step = p.step, step.isFinite { out += ", \"step\": \(JSONText.number(step))" }
            out += ", \"x\": \(JSONText.number(p.point.x)), \"y\": \(JSONText.number(p.point.y))"
            if let f = p.f, f.isFinite { out += ", \"f\": \(JSONText.number(f))" }
            out += "}"
        }
        return out + "]}"
    }

    /// Reads the `points` of an `appendFollowedPoints` action; errors name the point and field.
    static func followedPoints(_ r: JSONObjectReader) throws(ScenarioError) -> [PathPoint] {
        guard let items = try r.array("points") else {
            throw ScenarioError(path: r.pathOf("points"), message: "is missing; give [{\"path\": …, \"x\": …, \"y\": …}, …]")
        }
        var points: [PathPoint] = []
        points.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let p = try JSONObjectReader(item, path: "\(r.pathOf("points"))[\(i)]")
            try p.rejectUnknownKeys(["path", "step", "x", "y", "f"])
            guard let path = try p.string("path") else { throw ScenarioError(path: p.pathOf("path"), message: "is missing; give the path's name") }
            func finite(_ key: String) throws(ScenarioError) -> Double? {
                guard let v = try p.number(key) else { return nil }
                guard v.isFinite else { throw ScenarioError(path: p.pathOf(key), message: "must be a finite number, got \(v)") }
                return v
            }
            guard let x = try finite("x"), let y = try finite("y") else {
                throw ScenarioError(path: p.path, message: "needs numbers \"x\" and \"y\"")
            }
            points.append(PathPoint(path: path, step: try finite("step"), point: SIMD2(x, y), f: try finite("f")))
        }
        return points
    }
}
