import Foundation
import Testing
@testable import OptaCore

@Suite struct ScenarioLoaderTests {
    func parse(_ json: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(Data(json.utf8))
    }

    func expectError(_ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(json)
            Issue.record("expected an error for \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == message, sourceLocation: sourceLocation)
        }
    }

    @Test func minimalScenarioGetsDefaults() throws {
        let s = try parse(#"{"version": 1, "landscape": {"function": "rosenbrock"}}"#)
        #expect(s.width == 1920 && s.height == 1080)
        #expect(s.landscape.domain == BuiltinFunction.rosenbrock.defaultDomain)
        #expect(s.landscape.scale == .log && s.landscape.colormap == .viridis)
        #expect(s.landscape.contours == ContourSpec())
        #expect(s.paths.isEmpty)
    }

    @Test func everyFieldIsRead() throws {
        let s = try parse("""
            {"version": 1, "title": "T", "size": {"width": 640, "height": 480},
             "landscape": {"expression": "x^2 + y^2", "domain": {"x": [-1, 2], "y": [-3, 4]}, "scale": "linear",
                           "epsilon": 0.01, "vmin": 0, "vmax": 5, "colormap": "magma", "labels": true, "minima": false,
                           "contours": {"count": 5, "spacing": "linear", "range": [1, 4], "width": 1.5, "color": [0, 0, 0, 0.5]}},
             "paths": [{"name": "gd", "points": [[0, 1], [0.5, 0.5]], "color": [1, 0, 0], "width": 2, "markers": false, "markerRadius": 4}],
             "axes": {"xTitle": "a", "yTitle": "b", "xStep": 0.5, "yStep": 1, "colorbar": false, "legend": false}}
            """)
        #expect(s.title == "T" && s.width == 640 && s.height == 480)
        #expect(s.landscape.domain == Domain(x: -1...2, y: -3...4))
        #expect(s.landscape.scale == .linear && s.landscape.epsilon == 0.01)
        #expect(s.landscape.vmin == 0 && s.landscape.vmax == 5 && s.landscape.colormap == .magma)
        #expect(s.landscape.labels && !s.landscape.showMinima)
        #expect(try s.landscape.contours == ContourSpec(count: 5, logSpacing: false, range: 1...4, width: 1.5,
                                                         color: SceneColor.validated([0, 0, 0, 0.5], path: "color")))
        #expect(try s.paths == [PathSpec(name: "gd", points: [SIMD2(0, 1), SIMD2(0.5, 0.5)], color: SceneColor.validated([1, 0, 0], path: "color"),
                                         width: 2, markers: false, markerRadius: 4)])
        #expect(s.axes == AxesSpec(xTitle: "a", yTitle: "b", xStep: 0.5, yStep: 1, colorbar: false, legend: false))
        #expect(s.landscape.objective.value(SIMD2(1, 2)) == 5)
    }

    @Test func errorsNameTheJSONPathAndTheFix() {
        expectError(#"{"landscape": {"function": "rosenbrock"}}"#, #"version is missing; add "version": 1"#)
        expectError(#"{"version": 2, "landscape": {"function": "rosenbrock"}}"#, "version must be 1, got 2")
        expectError(#"{"version": 1}"#, #"landscape is missing; add {"function": "rosenbrock"} or {"expression": "..."} (or a "graph")"#)
        expectError(#"{"version": 1, "landscape": {"function": "rosenbrock", "scale": "logarithmic"}}"#,
                    #"landscape.scale must be one of "auto", "log", "linear", got "logarithmic""#)
        expectError(#"{"version": 1, "landscape": {"function": "rosenbrok"}}"#,
                    #"landscape.function must be one of "rosenbrock", "himmelblau", "rastrigin", "ackley", "beale", "booth", "goldstein-price", "six-hump-camel", "styblinski-tang", "matyas", "levi13", "eggholder", "three-hump-camel", "easom", "mccormick", got "rosenbrok""#)
        expectError(#"{"version": 1, "landscape": {"function": "booth"}, "size": {"width": 0}}"#,
                    "size.width must be a whole number from 1 to 16384, got 0")
        expectError(#"{"version": 1, "landscape": {"function": "booth"}, "size": {"width": "big"}}"#,
                    "size.width must be a number, got a string")
        expectError(#"{"version": 1, "landscape": {"function": "booth", "domain": {"x": [1, -1], "y": [0, 1]}}}"#,
                    "landscape.domain.x must be [min, max] with min < max, got [1, -1]")
        expectError(#"{"version": 1, "landscape": {"expression": "x +"}}"#,
                    "landscape.expression cannot be parsed: expected a number, variable, function or '(' at column 4")
        expectError(#"{"version": 1, "landscape": {"expression": "x*y"}}"#,
                    #"landscape.domain is needed for an expression: add {"x": [min, max], "y": [min, max]}"#)
        expectError(#"{"version": 1, "landscape": {"function": "booth"}, "paths": [{"points": [[0, 1], [2]]}]}"#,
                    "paths[0].points[1] must have exactly 2 numbers, got 1")
        expectError(#"{"version": 1, "landscape": {"function": "booth", "contours": {"color": [2, 0, 0]}}}"#,
                    "landscape.contours.color[0] must be between 0 and 1, got 2")
        expectError(#"{"version": 1, "landscape": {"function": "booth"}, "solvers": [{"method": "adam", "start": [0, 0], "params": {"learningRate": true}}]}"#,
                    "solvers[0].params.learningRate must be a number, got a boolean")
        expectError(#"{"version": 1, "landscape": {"function": "booth"}, "solvers": [{"method": "nelder-mead", "start": [0, 0], "params": {"initialSimplex": "scipi"}}]}"#,
                    #"solvers[0].params.initialSimplex must be one of "scipy", "fixed", got "scipi""#)
        expectError(#"{"version": 1, "landscape": {"function": "booth"}, "extra": 1}"#,
                    "extra is not a known field; allowed here: version, title, size, landscape, paths, pathsFile, axes, solvers, stepsPerFrame, view, camera, panels, surface, graph, runs")
        expectError(#"{"version": 1, "landscape": {"function": "booth", "vmin": 3, "vmax": 1}}"#,
                    "landscape.vmax must be greater than vmin (3), got 1")
    }

    @Test func invalidJSONSaysWhere() {
        do { _ = try parse(#"{"version": 1,, }"#); Issue.record("expected an error") } catch {
            #expect(error.description.hasPrefix("scenario is not valid JSON"))
        }
    }

    @Test func pathsFilesAreReadBesideTheScenario() throws {
        let folder = NSTemporaryDirectory() + "opta-scenario-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("name,x,y\na,0,1\nb,2,3\na,1,1\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/runs.csv"))
        try Data("y,x,loss\n5,4,0.1\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/sgd.csv"))
        try Data(#"{"version": 1, "landscape": {"function": "booth"}, "pathsFile": ["runs.csv", "sgd.csv"]}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(folder)/s.json"))
        let s = try ScenarioLoader.load(path: "\(folder)/s.json")
        #expect(s.paths.map(\.name) == ["a", "b", "sgd"])
        #expect(s.paths[0].points == [SIMD2(0, 1), SIMD2(1, 1)])
        #expect(s.paths[2].points == [SIMD2(4, 5)])
    }

    @Test func badCSVLinesAreNamed() {
        #expect(throws: ScenarioError(path: "run.csv:3", message: #"column 1 (x) is "a", not a number"#)) {
            try PathCSV.parse("x,y\n1,2\na,2\n", source: "run.csv", fallbackName: "run")
        }
        #expect(throws: ScenarioError(path: "run.csv:1", message: #"must be a header naming the columns x and y (and optionally name, step, f or loss), got "a,b""#)) {
            try PathCSV.parse("a,b\n1,2\n", source: "run.csv", fallbackName: "run")
        }
        #expect(throws: ScenarioError.self) { try PathCSV.parse("", source: "run.csv", fallbackName: "run") }
    }

    @Test func theDefaultScenarioIsR1WithAdam() throws {
        let s = DefaultScenario.scenario()
        #expect(s.landscape.domain == Domain(x: -2...2, y: -1...3))
        #expect(s.solvers == [SolverSpec(id: "Adam", method: .adam, start: SIMD2(-1.5, 2.5), steps: 200,
                                         parameters: ["learningRate": 0.1, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8])])
        var session = try HeadlessSession(scenario: s)
        session.runToCompletion()
        #expect(session.runs[0].trajectory.count == 201)
        #expect(session.runs[0].status == .stopped)
    }

    @Test func r1PathFileMatchesTheAdamSolver() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let fromFile = try ScenarioLoader.load(path: root.appendingPathComponent("Benchmarks/Scenarios/r1-landscape2d.json").path)
        var session = try HeadlessSession(scenario: DefaultScenario.scenario())
        session.runToCompletion()
        let solved = session.runs[0].trajectory
        #expect(fromFile.paths.count == 1 && fromFile.paths[0].points.count == solved.count)
        for (a, b) in zip(fromFile.paths[0].points, solved) {
            #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
        }
    }
}
