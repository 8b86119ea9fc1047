import OptaA11y
import OptaCore
import OptaSupport
import Shaders

/// Builds the audio graph of a frame: every solver's and logged path's f on the landscape's own
/// colour scale (log or linear, the range the colour bar shows), with earcons at the start, at a
/// status change (converged, diverged) and where f crosses a contour level.
public enum AudioGraphBuilder {
    /// The audio graph of `state`; `pathNames` picks paths by name (all when empty). Throws the
    /// unknown name with the ones present.
    public static func graph(for state: RenderState, pathNames: [String] = []) throws(AudioGraphError) -> AudioGraph {
        let scenario = state.scenario
        let prepared = PreparedLandscape(scenario.landscape)
        let levels = prepared.contours?.values ?? []
        let solvers = Dictionary(state.solvers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let available = scenario.paths.map(\.name)
        for name in pathNames where !available.contains(name) {
            throw .unknownPath(name, available: available)
        }
        var series: [AudioGraph.Series] = []
        for path in scenario.paths where pathNames.isEmpty || pathNames.contains(path.name) {
            let snapshot = solvers[path.name]
            let values = snapshot.map(\.values).flatMap { $0.count == path.points.count ? $0 : nil }
                ?? path.points.map(scenario.landscape.objective.value)
            let positions = values.map { $0.isFinite ? min(max(prepared.scale.normalized($0), 0), 1) : .nan }
            var events = [AudioGraph.Event(step: 0, kind: .start)]
            for i in values.indices.dropFirst() where crossesLevel(values[i - 1], values[i], levels) {
                events.append(AudioGraph.Event(step: i, kind: .contourCrossing))
            }
            if let status = snapshot?.status, let last = values.indices.last {
                if status == .converged { events.append(AudioGraph.Event(step: last, kind: .converged)) }
                if status == .diverged { events.append(AudioGraph.Event(step: last, kind: .diverged)) }
            }
            series.append(AudioGraph.Series(name: path.name, levels: positions, events: events))
        }
        let scaleName = prepared.scale.kind == .log ? "log scale" : "linear scale"
        let count = series.count == 1 ? "1 path" : "\(series.count) paths"
        return AudioGraph(title: "f of \(count) on \(scenario.landscape.objective.displayName), \(scaleName)",
                          series: series)
    }

    /// Whether a contour level lies between two consecutive values.
    static func crossesLevel(_ a: Double, _ b: Double, _ levels: [Double]) -> Bool {
        guard a.isFinite, b.isFinite, a != b else { return false }
        let low = min(a, b), high = max(a, b)
        return levels.contains { $0 > low && $0 <= high }
    }
}

/// Why an audio graph could not be built.
public enum AudioGraphError: Error, Sendable, CustomStringConvertible {
    case unknownPath(String, available: [String])

    public var description: String {
        switch self {
        case let .unknownPath(name, available):
            "--path \(JSONText.quoted(name)) is not a path of this scenario; "
                + (available.isEmpty ? "it has none" : "it has " + available.map(JSONText.quoted).joined(separator: ", "))
        }
    }
}
