import Foundation
import OptaSupport

/// What the viewer keeps of a session between launches: camera, colormap, toggles, whether solvers
/// run, focus and window size. Saved as JSON, and read back like any input: every field is checked
/// (the error names it, its value and the allowed range), so a damaged or hand-edited saved state
/// is refused whole, never half applied. The scenario itself is not part of it: a snapshot is
/// applied to the state the scenario opens in.
public struct ViewerSnapshot: Sendable, Equatable {
    public var camera: Camera2D
    /// The 3D camera; nil in 2D. Applied only to a 3D scenario.
    public var orbit: OrbitCamera?
    public var colormap: Colormap
    public var showContours: Bool
    public var showLabels: Bool
    public var showLegend: Bool
    public var showHUD: Bool
    public var solversRunning: Bool
    public var focus: FocusPosition?
    public var selection: String?
    /// The window's size in pixels.
    public var windowSize: SIMD2<Int>

    /// The format's version; a snapshot of another version is refused.
    public static let version = 1
    /// Window sizes the viewer opens (as `opta view --width/--height` allow).
    public static let windowRange = 64...16384
    /// The largest focus offset kept, either way (far beyond any frame's items).
    public static let focusLimit = 1_000_000
    /// The longest node id (focus anchor, selection) kept.
    public static let idLimit = 1000

    /// The snapshot of `state` in a window of `windowSize`.
    public init(state: AppState, windowSize: SIMD2<Int>) {
        camera = state.camera
        orbit = state.orbit
        colormap = state.colormap
        showContours = state.showContours
        showLabels = state.showLabels
        showLegend = state.showLegend
        showHUD = state.showHUD
        solversRunning = state.solversRunning
        focus = state.focus
        selection = state.selection
        self.windowSize = windowSize
    }

    /// `state` (as its scenario opens) with this snapshot's view applied; the scenario's home
    /// domain bounds the camera as panning does.
    public func applied(to state: AppState) -> AppState {
        var next = state
        let home = state.scenario.landscape.domain
        next.camera = camera.panned(by: .zero, home: home)
        if state.orbit != nil, let orbit {
            var kept = state.orbit!
            kept.target = orbit.target
            kept.distance = orbit.distance
            kept.yawDegrees = orbit.yawDegrees
            kept.pitchDegrees = orbit.pitchDegrees
            next.orbit = kept
        }
        next.colormap = colormap
        next.showContours = showContours
        next.showLabels = showLabels
        next.showLegend = showLegend
        next.showHUD = showHUD
        next.solversRunning = solversRunning
        next.focus = focus
        next.selection = selection
        return next
    }

    /// The snapshot as one line of JSON (numbers written so they read back exactly).
    public var json: String {
        func pair(_ v: SIMD2<Double>) -> String { "[\(JSONText.number(v.x)), \(JSONText.number(v.y))]" }
        var fields = [
            "\"version\": \(Self.version)",
            "\"camera\": {\"center\": \(pair(camera.center)), \"zoom\": \(JSONText.number(camera.zoom))}",
        ]
        if let orbit {
            let t = orbit.target
            fields.append("\"orbit\": {\"target\": [\(JSONText.number(t.x)), \(JSONText.number(t.y)), \(JSONText.number(t.z))], "
                          + "\"distance\": \(JSONText.number(orbit.distance)), \"yaw\": \(JSONText.number(orbit.yawDegrees)), "
                          + "\"pitch\": \(JSONText.number(orbit.pitchDegrees))}")
        }
        fields += [
            "\"colormap\": \(JSONText.quoted(colormap.rawValue))", "\"contours\": \(showContours)", "\"labels\": \(showLabels)",
            "\"legend\": \(showLegend)", "\"hud\": \(showHUD)", "\"running\": \(solversRunning)",
        ]
        if let focus {
            fields.append("\"focus\": {" + (focus.anchor.map { "\"anchor\": \(JSONText.quoted($0)), " } ?? "") + "\"offset\": \(focus.offset)}")
        }
        if let selection { fields.append("\"selection\": \(JSONText.quoted(selection))") }
        fields.append("\"window\": [\(windowSize.x), \(windowSize.y)]")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Reads a saved snapshot, checking every field; the error names the first bad one.
    public init(json text: String) throws(ScenarioError) {
        let r = try JSONObjectReader(JSONValue.parse(Data(text.utf8), source: "saved viewer state"), path: "")
        try r.rejectUnknownKeys(["version", "camera", "orbit", "colormap", "contours", "labels", "legend", "hud",
                                 "running", "focus", "selection", "window"])
        guard try r.integer("version", in: Self.version...Self.version) != nil else {
            throw ScenarioError(path: "version", message: "is missing")
        }
        guard let c = try r.object("camera") else { throw ScenarioError(path: "camera", message: "is missing") }
        try c.rejectUnknownKeys(["center", "zoom"])
        let center = try Self.required(c.numbers("center", counts: 2...2), c.pathOf("center"))
        for value in center where abs(value) > Camera2D.coordinateLimit {
            throw ScenarioError(path: c.pathOf("center"), message: "must lie within ±\(Camera2D.coordinateLimit), got \(JSONText.number(value))")
        }
        let zoom = try Self.required(c.number("zoom"), c.pathOf("zoom"))
        guard Camera2D.zoomRange.contains(zoom) else {
            throw ScenarioError(path: c.pathOf("zoom"), message: "must be from \(Camera2D.zoomRange.lowerBound) to \(Camera2D.zoomRange.upperBound), got \(JSONText.number(zoom))")
        }
        camera = Camera2D(center: SIMD2(center[0], center[1]), zoom: zoom)
        if let o = try r.object("orbit") {
            try o.rejectUnknownKeys(["target", "distance", "yaw", "pitch"])
            let target = try Self.required(o.numbers("target", counts: 3...3), o.pathOf("target"))
            for value in target where abs(value) > Camera2D.coordinateLimit {
                throw ScenarioError(path: o.pathOf("target"), message: "must lie within ±\(Camera2D.coordinateLimit), got \(JSONText.number(value))")
            }
            let distance = try Self.required(o.number("distance"), o.pathOf("distance"))
            guard OrbitCamera.distanceRange.contains(distance) else {
                throw ScenarioError(path: o.pathOf("distance"), message: "must be from \(OrbitCamera.distanceRange.lowerBound) to \(OrbitCamera.distanceRange.upperBound), got \(JSONText.number(distance))")
            }
            let yaw = try Self.required(o.number("yaw"), o.pathOf("yaw"))
            guard yaw.isFinite, abs(yaw) <= 1e6 else {
                throw ScenarioError(path: o.pathOf("yaw"), message: "must be a number of degrees within ±1000000, got \(JSONText.number(yaw))")
            }
            let pitch = try Self.required(o.number("pitch"), o.pathOf("pitch"))
            guard abs(pitch) <= OrbitCamera.pitchLimit else {
                throw ScenarioError(path: o.pathOf("pitch"), message: "must be from -\(OrbitCamera.pitchLimit) to \(OrbitCamera.pitchLimit) degrees, got \(JSONText.number(pitch))")
            }
            orbit = OrbitCamera(target: SIMD3(target[0], target[1], target[2]), distance: distance, yawDegrees: yaw, pitchDegrees: pitch)
        }
        colormap = try Self.required(r.choice("colormap", Colormap.self), "colormap")
        showContours = try Self.required(r.bool("contours"), "contours")
        showLabels = try Self.required(r.bool("labels"), "labels")
        showLegend = try Self.required(r.bool("legend"), "legend")
        showHUD = try Self.required(r.bool("hud"), "hud")
        solversRunning = try Self.required(r.bool("running"), "running")
        if let f = try r.object("focus") {
            try f.rejectUnknownKeys(["anchor", "offset"])
            let anchor = try Self.id(f.string("anchor"), f.pathOf("anchor"))
            let offset = try Self.required(f.integer("offset", in: -Self.focusLimit...Self.focusLimit), f.pathOf("offset"))
            focus = FocusPosition(anchor: anchor, offset: offset)
        }
        selection = try Self.id(r.string("selection"), "selection")
        guard let window = try r.array("window") else { throw ScenarioError(path: "window", message: "is missing") }
        let size = try JSONObjectReader.numbers(window, path: "window", counts: 2...2)
        for value in size where !(value.rounded() == value && Double(Self.windowRange.lowerBound) <= value && value <= Double(Self.windowRange.upperBound)) {
            throw ScenarioError(path: "window", message: "must be [width, height], each a whole number from \(Self.windowRange.lowerBound) to \(Self.windowRange.upperBound), got \(JSONText.number(value))")
        }
        windowSize = SIMD2(Int(size[0]), Int(size[1]))
    }

    private static func id(_ text: String?, _ path: String) throws(ScenarioError) -> String? {
        if let text, text.count > idLimit {
            throw ScenarioError(path: path, message: "must be at most \(idLimit) characters, got \(text.count)")
        }
        return text
    }

    private static func required<T>(_ value: T?, _ path: String) throws(ScenarioError) -> T {
        guard let value else { throw ScenarioError(path: path, message: "is missing") }
        return value
    }
}
