import Foundation
import OptaSupport

/// Reads scenario JSON, validates every field (errors name the JSON path and the allowed
/// values) and loads the CSV path files it refers to.
public enum ScenarioLoader {
    /// The colormap names a scenario may use.

    /// Loads the scenario at `path`; relative `pathsFile` names are resolved beside it.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ScenarioError(path: path, message: exists ? "cannot be read" : "does not exist")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try parse(data, source: path, baseFolder: folder)
    }

    /// Parses scenario JSON text.
    public static func parse(_ data: Data, source: String = "scenario", baseFolder: String = ".") throws(ScenarioError) -> Scenario {
        let root = try JSONObjectReader(JSONValue.parse(data, source: source), path: "")
        try root.rejectUnknownKeys(["version", "title", "size", "landscape", "paths", "pathsFile", "axes",
                                  "solvers", "stepsPerFrame", "view", "camera", "panels", "surface", "graph",
                                  "runs"])
        guard let version = try root.number("version") else {
            throw ScenarioError(path: "version", message: "is missing; add \"version\": 1")
        }
        guard version == Double(OptaCore.scenarioVersion) else {
            throw ScenarioError(path: "version", message: "must be 1, got \(JSONText.number(version))")
        }
        var width = 1920, height = 1080
        if let size = try root.object("size") {
            try size.rejectUnknownKeys(["width", "height"])
            width = try size.integer("width", in: 1...16384) ?? width
            height = try size.integer("height", in: 1...16384) ?? height
        }
        let graph = try root.object("graph").map { g throws(ScenarioError) in try parseGraph(g, baseFolder: baseFolder) }
        let landscape: LandscapeSpec
        if let landscapeReader = try root.object("landscape") {
            if graph != nil {
                throw ScenarioError(path: "graph", message: "cannot be shown together with \"landscape\" yet; remove one of them")
            }
            landscape = try parseLandscape(landscapeReader, baseFolder: baseFolder)
        } else if graph != nil {
            landscape = Scenario.graphLandscape
        } else {
            throw ScenarioError(path: "landscape", message: "is missing; add {\"function\": \"rosenbrock\"} or {\"expression\": \"...\"} (or a \"graph\")")
        }
        if graph != nil, root.has("solvers") {
            throw ScenarioError(path: "solvers", message: "cannot run on a graph (its force layout is its solver); remove \"solvers\"")
        }
        var paths: [PathSpec] = []
        var warnings: [String] = []
        if let items = try root.array("paths") {
            for (i, item) in items.enumerated() {
                paths.append(try parsePath(JSONObjectReader(item, path: "paths[\(i)]"), index: i))
            }
        }
        if let files = root.value("pathsFile") {
            let names: [String]
            switch files {
            case .string(let s): names = [s]
            case .array(let a):
                names = try a.enumerated().map { (i, v) throws(ScenarioError) -> String in
                    guard case .string(let s) = v else {
                        throw ScenarioError(path: "pathsFile[\(i)]", message: "must be a file name, got \(v.typeName)")
                    }
                    return s
                }
            default: throw ScenarioError(path: "pathsFile", message: "must be a file name or a list of them, got \(files.typeName)")
            }
            for (i, name) in names.enumerated() {
                let full = name.hasPrefix("/") ? name : "\(baseFolder)/\(name)"
                let field = files == .string(name) ? "pathsFile" : "pathsFile[\(i)]"
                let contents = try PathFiles.load(full, shownAs: name, field: field)
                paths += contents.paths
                warnings += contents.warnings
            }
        }
        var axes = AxesSpec()
        if let a = try root.object("axes") {
            try a.rejectUnknownKeys(["xTitle", "yTitle", "xStep", "yStep", "colorbar", "legend"])
            axes.xTitle = try a.string("xTitle") ?? axes.xTitle
            axes.yTitle = try a.string("yTitle") ?? axes.yTitle
            axes.xStep = try positive(a, "xStep")
            axes.yStep = try positive(a, "yStep")
            axes.colorbar = try a.bool("colorbar") ?? axes.colorbar
            try parseLegend(a, into: &axes)
        }
        let surface = try parseSurface(root, landscape: landscape)
        var solvers: [SolverSpec] = []
        if let items = try root.array("solvers") {
            for (i, item) in items.enumerated() {
                let solver = try parseSolver(JSONObjectReader(item, path: "solvers[\(i)]"), index: i)
                if solvers.contains(where: { $0.id == solver.id }) {
                    throw ScenarioError(path: "solvers[\(i)].id", message: "\"\(solver.id)\" is used twice; give each solver its own id")
                }
                solvers.append(solver)
            }
        }
        var camera: Camera2D?
        if surface == nil, let c = try root.object("camera") {
            try c.rejectUnknownKeys(["center", "zoom"])
            let center = try c.numbers("center", counts: 2...2) ?? [
                (landscape.domain.x.lowerBound + landscape.domain.x.upperBound) / 2,
                (landscape.domain.y.lowerBound + landscape.domain.y.upperBound) / 2]
            let zoom = try positive(c, "zoom") ?? 1
            camera = Camera2D(center: SIMD2(center[0], center[1]), zoom: zoom)
        }
        var scenario = Scenario(title: try root.string("title"), width: width, height: height,
                                landscape: landscape, paths: paths, axes: axes, solvers: solvers,
                                stepsPerFrame: try root.integer("stepsPerFrame", in: 1...100_000) ?? 1, camera: camera,
                                graph: graph)
        scenario.panels = try parsePanels(root, landscape: landscape)
        scenario.surface = surface
        scenario.runReferences = try parseRunReferences(root)
        scenario.warnings = warnings
        if surface != nil, graph != nil {
            throw ScenarioError(path: "view", message: "\"3d\" shows a landscape, not a graph; remove \"view\" or \"graph\"")
        }
        if surface != nil, !scenario.panels.isEmpty {
            throw ScenarioError(path: "panels", message: "cannot hold a 3D surface yet; remove \"panels\" or use \"view\": \"2d\"")
        }
        if graph != nil, !scenario.panels.isEmpty {
            throw ScenarioError(path: "panels", message: "cannot hold a graph yet; remove \"panels\" or \"graph\"")
        }
        try ScenarioLimits.check(scenario)
        return scenario
    }

    static func parseSolver(_ r: JSONObjectReader, index: Int) throws(ScenarioError) -> SolverSpec {
        try r.rejectUnknownKeys(["id", "method", "start", "steps", "params", "seed", "color"])
        guard let methodName = try r.choice("method", SolverMethod.allCases.map(\.rawValue)),
              let method = SolverMethod(rawValue: methodName) else {
            let names = SolverMethod.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ScenarioError(path: r.pathOf("method"), message: "is missing; one of \(names)")
        }
        guard let start = try r.numbers("start", counts: 2...2) else {
            throw ScenarioError(path: r.pathOf("start"), message: "is missing; give the start point as [x, y]")
        }
        var parameters: [String: Double] = [:]
        if let p = try r.object("params") {
            let choices = AnySolverState.choices(of: method)
            for key in p.fields.keys.sorted() {
                // Named choices and switches reach the method as their index (0/1 for false/true).
                switch p.value(key) {
                case .string(let name)?:
                    guard let options = choices[key] else {
                        throw ScenarioError(path: p.pathOf(key), message: "must be a number, got \(JSONText.quoted(name))")
                    }
                    guard let index = options.firstIndex(of: name) else {
                        throw ScenarioError(path: p.pathOf(key), message: "must be one of "
                            + options.map(JSONText.quoted).joined(separator: ", ") + ", got \(JSONText.quoted(name))")
                    }
                    parameters[key] = Double(index)
                case .bool(let flag)? where AnySolverState.switches(of: method).contains(key):
                    parameters[key] = flag ? 1 : 0
                default:
                    guard let value = try p.number(key), value.isFinite else {
                        throw ScenarioError(path: p.pathOf(key), message: "must be a number")
                    }
                    parameters[key] = value
                }
            }
        }
        let seed = try r.integer("seed", in: 0...Int.max) ?? 1
        var spec = SolverSpec(id: try r.string("id") ?? methodName, method: method, start: SIMD2(start[0], start[1]),
                              steps: try r.integer("steps", in: 0...10_000_000) ?? 200, parameters: parameters,
                              seed: UInt64(seed))
        spec.color = try color(r, "color")
        // Let the method check its hyper-parameters now, so a bad one is reported with its path.
        do { _ = try AnySolverState(method: method, start: spec.start, parameters: parameters, seed: spec.seed) } catch {
            // "params.learningRate must be > 0 (got -1.0)": the first word is the field.
            let text = error.description
            let field = text.prefix(while: { $0 != " " })
            throw ScenarioError(path: "\(r.path).\(field)", message: String(text.dropFirst(field.count + 1)))
        }
        return spec
    }

    static func positive(_ r: JSONObjectReader, _ key: String) throws(ScenarioError) -> Double? {
        guard let v = try r.number(key) else { return nil }
        guard v > 0 else { throw ScenarioError(path: r.pathOf(key), message: "must be greater than 0, got \(JSONText.number(v))") }
        return v
    }

    static func parseLandscape(_ r: JSONObjectReader, baseFolder: String = ".") throws(ScenarioError) -> LandscapeSpec {
        try r.rejectUnknownKeys(["function", "expression", "grid", "domain", "scale", "epsilon", "vmin", "vmax",
                                 "colormap", "contours", "labels", "minima"])
        let objective: Objective
        var domain: Domain?
        let givenDomain = try parseDomain(r)
        if let g = try r.object("grid") {
            if r.has("function") || r.has("expression") {
                throw ScenarioError(path: r.path, message: "has \"grid\" and \"function\" or \"expression\"; keep one")
            }
            let grid = try parseGrid(g, domain: givenDomain, baseFolder: baseFolder)
            objective = .grid(grid)
            domain = grid.domain
        } else {
        switch (try r.string("function"), try r.string("expression")) {
        case (let name?, nil):
            guard let builtin = BuiltinFunction(rawValue: name) else {
                let names = BuiltinFunction.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw ScenarioError(path: r.pathOf("function"), message: "must be one of \(names), got \"\(name)\"")
            }
            objective = .builtin(builtin)
            domain = builtin.defaultDomain
        case (nil, let source?):
            do { objective = .expression(try Expression(parsing: source)) } catch {
                throw ScenarioError(path: r.pathOf("expression"), message: "cannot be parsed: \(error.description)")
            }
        case (nil, nil):
            throw ScenarioError(path: r.path, message: "needs \"function\" (a built-in name), \"expression\" (a formula in x and y) or \"grid\" (samples from a file)")
        case (.some, .some):
            throw ScenarioError(path: r.path, message: "has both \"function\" and \"expression\"; keep one")
        }
        }
        if let givenDomain { domain = givenDomain }
        guard let domain else {
            throw ScenarioError(path: r.pathOf("domain"), message: "is needed for an expression: add {\"x\": [min, max], \"y\": [min, max]}")
        }
        var spec = LandscapeSpec(objective: objective, domain: domain)
        // Built-in functions default to log (their classic pictures); formulas and grids to auto.
        let scaleWord = try r.choice("scale", ["auto", "log", "linear"]) ?? (objective.isBuiltin ? "log" : "auto")
        if scaleWord == "auto" {
            spec.scale = ScaleChoice.automatic(for: objective, over: domain)
            spec.scaleIsAutomatic = true
        } else {
            spec.scale = ScaleChoice(rawValue: scaleWord)!
        }
        spec.epsilon = try positive(r, "epsilon")
        spec.vmin = try r.number("vmin")
        spec.vmax = try r.number("vmax")
        if let lo = spec.vmin, let hi = spec.vmax, !(lo < hi) {
            throw ScenarioError(path: r.pathOf("vmax"), message: "must be greater than vmin (\(JSONText.number(lo))), got \(JSONText.number(hi))")
        }
        spec.colormap = try r.choice("colormap", Colormap.self) ?? spec.colormap
        spec.labels = try r.bool("labels") ?? spec.labels
        spec.showMinima = try r.bool("minima") ?? spec.showMinima
        if let value = r.value("contours") {
            if case .bool(false) = value {
                spec.contours = nil
            } else {
                spec.contours = try parseContours(JSONObjectReader(value, path: r.pathOf("contours")))
            }
        }
        return spec
    }

    /// `landscape.domain`, checked; nil when absent.
    static func parseDomain(_ r: JSONObjectReader) throws(ScenarioError) -> Domain? {
        guard let d = try r.object("domain") else { return nil }
        try d.rejectUnknownKeys(["x", "y"])
        guard let x = try d.numbers("x", counts: 2...2), let y = try d.numbers("y", counts: 2...2) else {
            throw ScenarioError(path: d.path, message: "needs both \"x\": [min, max] and \"y\": [min, max]")
        }
        for (key, v) in [("x", x), ("y", y)] where !(v[0] < v[1]) {
            throw ScenarioError(path: d.pathOf(key), message: "must be [min, max] with min < max, got [\(JSONText.number(v[0])), \(JSONText.number(v[1]))]")
        }
        for (key, v) in [("x", x), ("y", y)] where v.contains(where: { abs($0) > Camera2D.coordinateLimit }) {
            throw ScenarioError(path: d.pathOf(key), message: "must lie within ±1e300 (see docs/limits.md), got [\(JSONText.number(v[0])), \(JSONText.number(v[1]))]; rescale the variables")
        }
        return Domain(x: x[0]...x[1], y: y[0]...y[1])
    }

    static func parseContours(_ c: JSONObjectReader) throws(ScenarioError) -> ContourSpec {
        try c.rejectUnknownKeys(["count", "spacing", "range", "levels", "width", "color"])
        var spec = ContourSpec()
        spec.count = try c.integer("count", in: 0...256) ?? spec.count
        if let s = try c.choice("spacing", ["log", "linear"]) { spec.logSpacing = s == "log" }
        if let range = try c.numbers("range", counts: 2...2) {
            guard range[0] < range[1], spec.logSpacing != true || range[0] > 0 else {
                throw ScenarioError(path: c.pathOf("range"), message: "must be [low, high] with low < high (and low > 0 for log spacing)")
            }
            spec.range = range[0]...range[1]
        }
        if let levels = try c.numbers("levels", counts: 1...256) { spec.levels = levels }
        if let w = try positive(c, "width") { spec.width = w }
        spec.color = try color(c, "color") ?? spec.color
        return spec
    }

    static func parsePath(_ p: JSONObjectReader, index: Int) throws(ScenarioError) -> PathSpec {
        try p.rejectUnknownKeys(["name", "points", "color", "width", "markers", "markerRadius"])
        guard let items = try p.array("points") else {
            throw ScenarioError(path: p.pathOf("points"), message: "is missing; give [[x, y], ...]")
        }
        var points: [SIMD2<Double>] = []
        for (i, item) in items.enumerated() {
            guard case .array(let pair) = item else {
                throw ScenarioError(path: "\(p.pathOf("points"))[\(i)]", message: "must be [x, y], got \(item.typeName)")
            }
            let xy = try JSONObjectReader.numbers(pair, path: "\(p.pathOf("points"))[\(i)]", counts: 2...2)
            points.append(SIMD2(xy[0], xy[1]))
        }
        var spec = PathSpec(name: try p.string("name") ?? "path \(index + 1)", points: points)
        spec.color = try color(p, "color")
        spec.width = try positive(p, "width") ?? spec.width
        spec.markers = try p.bool("markers") ?? spec.markers
        spec.markerRadius = try positive(p, "markerRadius") ?? spec.markerRadius
        return spec
    }

    /// The colour at `key` (nil when absent): numbers checked by `SceneColor.validated`.
    static func color(_ r: JSONObjectReader, _ key: String, opaque: Bool = false) throws(ScenarioError) -> SceneColor? {
        guard let items = try r.array(key) else { return nil }
        let components = try JSONObjectReader.numbers(items, path: r.pathOf(key), counts: 0...Int.max)
        return try SceneColor.validated(components, path: r.pathOf(key), opaque: opaque)
    }
}
