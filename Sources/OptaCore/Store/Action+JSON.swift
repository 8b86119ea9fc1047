import OptaSupport

/// Actions as JSON objects with a `type` and their fields, the form traces store them in.
extension Action {
    /// The action's `type` name in traces.
    public var typeName: String {
        switch self {
        case .orbit: "orbit"
        case .pan: "pan"
        case .zoom: "zoom"
        case .resetCamera: "resetCamera"
        case .startSolvers: "startSolvers"
        case .pauseSolvers: "pauseSolvers"
        case .resumeSolvers: "resumeSolvers"
        case .togglePause: "togglePause"
        case .stepSolvers: "stepSolvers"
        case .resetSolvers: "resetSolvers"
        case .setColormap: "setColormap"
        case .nextColormap: "nextColormap"
        case .toggleContours: "toggleContours"
        case .toggleLabels: "toggleLabels"
        case .toggleLegend: "toggleLegend"
        case .toggleHUD: "toggleHUD"
        case .focusNext: "focusNext"
        case .focusPrevious: "focusPrevious"
        case .focus, .focusNode: "focus"
        case .select: "select"
        case .appendFollowedPoints: "appendFollowedPoints"
        case .resetFollowedPaths: "resetFollowedPaths"
        }
    }

    static let simpleActions: [Action] = [
        .resetCamera, .startSolvers, .pauseSolvers, .resumeSolvers, .togglePause, .stepSolvers, .resetSolvers,
        .nextColormap, .toggleContours, .toggleLabels, .toggleLegend, .toggleHUD, .focusNext, .focusPrevious,
        .resetFollowedPaths,
    ]

    /// The action as one JSON object. Numbers are written so that they read back exactly.
    public var json: String {
        func pair(_ v: SIMD2<Double>) -> String { "[\(v.x), \(v.y)]" }
        switch self {
        case .orbit(let yaw, let pitch): return "{\"type\": \"orbit\", \"yaw\": \(yaw), \"pitch\": \(pitch)}"
        case .pan(let by): return "{\"type\": \"pan\", \"by\": \(pair(by))}"
        case .zoom(let factor, let about): return "{\"type\": \"zoom\", \"factor\": \(factor), \"about\": \(pair(about))}"
        case .setColormap(let colormap): return "{\"type\": \"setColormap\", \"name\": \(JSONText.quoted(colormap.rawValue))}"
        case .select(let id): return "{\"type\": \"select\", \"id\": \(id.map(JSONText.quoted) ?? "null")}"
        case .focus(let index): return "{\"type\": \"focus\", \"index\": \(index)}"
        case .focusNode(let id): return "{\"type\": \"focus\", \"id\": \(JSONText.quoted(id))}"
        case .appendFollowedPoints(let points): return Self.followedPointsJSON(points)
        default: return "{\"type\": \"\(typeName)\"}"
        }
    }

    /// Reads an action object; errors name the field and the allowed types.
    public init(json r: JSONObjectReader) throws(ScenarioError) {
        let all = ["orbit", "pan", "zoom", "setColormap", "select", "focus", "appendFollowedPoints"]
            + Self.simpleActions.map(\.typeName)
        guard let type = try r.choice("type", all) else {
            throw ScenarioError(path: r.pathOf("type"), message: "is missing; one of \(all.joined(separator: ", "))")
        }
        func pair(_ key: String) throws(ScenarioError) -> SIMD2<Double> {
            guard let v = try r.numbers(key, counts: 2...2) else {
                throw ScenarioError(path: r.pathOf(key), message: "is missing; give [x, y]")
            }
            return SIMD2(v[0], v[1])
        }
        func number(_ key: String) throws(ScenarioError) -> Double {
            guard let v = try r.number(key), v.isFinite else { throw ScenarioError(path: r.pathOf(key), message: "is missing; give a number") }
            return v
        }
        switch type {
        case "orbit":
            try r.rejectUnknownKeys(["type", "yaw", "pitch"])
            self = .orbit(yaw: try number("yaw"), pitch: try number("pitch"))
        case "pan":
            try r.rejectUnknownKeys(["type", "by"])
            self = .pan(try pair("by"))
        case "zoom":
            try r.rejectUnknownKeys(["type", "factor", "about"])
            let factor = try number("factor")
            guard factor > 0 else { throw ScenarioError(path: r.pathOf("factor"), message: "must be greater than 0, got \(factor)") }
            self = .zoom(factor: factor, about: r.has("about") ? try pair("about") : SIMD2(0.5, 0.5))
        case "setColormap":
            try r.rejectUnknownKeys(["type", "name"])
            guard let colormap = try r.choice("name", Colormap.self) else {
                throw ScenarioError(path: r.pathOf("name"), message: "is missing")
            }
            self = .setColormap(colormap)
        case "select":
            try r.rejectUnknownKeys(["type", "id"])
            self = .select(try r.string("id"))
        case "focus":
            try r.rejectUnknownKeys(["type", "id", "index"])
            if r.has("id") && r.has("index") {
                throw ScenarioError(path: r.pathOf("index"), message: "goes with no \"id\": give the node's id, or (older traces) its index")
            }
            if let id = try r.string("id") {
                guard !id.isEmpty else { throw ScenarioError(path: r.pathOf("id"), message: "is empty; give a node id, e.g. \"path/Adam/end\"") }
                self = .focusNode(id)
                return
            }
            guard let index = try r.integer("index", in: 0...1_000_000) else {
                throw ScenarioError(path: r.pathOf("id"), message: "is missing; give the accessibility node's id, e.g. \"path/Adam/end\" (or, as older traces do, an \"index\" into the focus order, 0 or more)")
            }
            self = .focus(index)
        case "appendFollowedPoints":
            try r.rejectUnknownKeys(["type", "points"])
            self = .appendFollowedPoints(try Self.followedPoints(r))
        default:
            try r.rejectUnknownKeys(["type"])
            self = Self.simpleActions.first { $0.typeName == type }!
        }
    }
}
