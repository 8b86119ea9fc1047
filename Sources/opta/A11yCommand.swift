import ArgumentParser
import Foundation
import OptaA11y
import OptaCore
import OptaScene

/// `opta a11y`: says what a frame shows, as a screen reader would get it: the accessibility tree's
/// outline or JSON, or the item under one pixel and the landscape value there.
struct A11yCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11y",
        abstract: "Describe a frame for screen readers: its accessibility tree, or what is at a pixel.",
        discussion: """
            Builds the frame `opta render` would draw (solvers run to their step budget, or to frame N with \
            --frame) and prints its accessibility tree as an indented outline: one line per item with its \
            role, stable id, name, value, description and bounds [x, y, width×height] in frame pixels. \
            --json prints the tree as JSON with sorted keys. --at X,Y prints the item under pixel column X, \
            row Y (the deepest one whose bounds hold it) and, inside the plot, f(x, y) there. \
            --verbosity low says only names and values; medium adds roles and descriptions.

            --sonify FILE.wav writes an audio graph: each path's f over its steps as pitch (low f, low \
            pitch, on the scene's colour scale), one timbre and stereo position per path, earcons at the \
            start, at contour crossings, on convergence (rising) and divergence (falling). --table prints \
            every path's points (step, x, y, f, ‖∇f‖) — or a graph's nodes — row by row, or as CSV.

            Examples:
              opta a11y
              opta a11y Examples/solvers.json --frame 40 --json
              opta a11y --at 1374,531
              opta a11y Examples/convergence.json --verbosity low
              opta a11y Examples/convergence.json --sonify c.wav --path Adam --path L-BFGS
              opta a11y Examples/convergence.json --sonify all.wav --together --seconds 6
              opta a11y Examples/convergence.json --table --path L-BFGS --csv
            """
    )

    @Argument(help: "A scenario JSON file (see docs/scenario.md). Default: the built-in R1 scene.")
    var scenario: String?

    @Option(parsing: .unconditional, help: "Describe frame N of the run (0 is the first) instead of the finished run.")
    var frame: Int?

    @Option(parsing: .unconditional, help: "A pixel X,Y (column, row from the top left): print what is there and f at that point.")
    var at: PixelPosition?

    @Flag(help: "Print JSON instead of the outline.")
    var json = false

    @Option(help: "How much the outline says: low (names and values), medium (also roles and descriptions) or high (everything, the default).")
    var verbosity: Verbosity = .high

    @Option(help: "Write the audio graph of the paths to FILE (WAV, 44.1 kHz stereo); its folder must exist.")
    var sonify: String?

    @Option(name: .customLong("path"), help: "Only this path (a solver id or logged path name); repeat for more. With --sonify or --table.")
    var paths: [String] = []

    @Option(help: "With --sonify: seconds the longest path plays, 0.5 to 600 (default 4).")
    var seconds: Double = 4

    @Flag(help: "With --sonify: play the paths at once instead of one after another.")
    var together = false

    @Flag(help: "Print every path's points (or a graph's nodes) as a table, row by row.")
    var table = false

    @Flag(help: "With --table: comma-separated values with a header row.")
    var csv = false

    @Option(parsing: .unconditional, help: "Frame width in pixels, 1 to 16384 (default: the scenario's).")
    var width: Int?

    @Option(parsing: .unconditional, help: "Frame height in pixels, 1 to 16384 (default: the scenario's).")
    var height: Int?

    @OptionGroup var storeLocation: StoreLocationOption

    func validate() throws {
        if let frame, !(0...Limits.maxFrameNumber).contains(frame) {
            throw ValidationError("--frame must be from 0 to \(Limits.maxFrameNumber) (docs/limits.md), got \(frame)")
        }
        try validateAudioAndTable()
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...16384).contains(value) { throw ValidationError("\(name) must be from 1 to 16384, got \(value)") }
        }
    }

    func run() throws {
        try reportingFailures {
            var scenario = try ScenarioInput.load(self.scenario, store: storeLocation.path)
            scenario.width = width ?? scenario.width
            scenario.height = height ?? scenario.height
            var session: HeadlessSession
            do { session = try HeadlessSession(scenario: scenario) } catch { throw CommandFailure.badData("\(error)") }
            if let frame { session.replayShowingProgress(Trace(), through: frame) } else { session.runToCompletion() }
            let state = session.renderState
            let figure = SessionFigures(scenario: scenario, fonts: try ScenarioInput.fonts()).figure(for: state)
            if let sonify { return try writeAudioGraph(of: state, to: sonify) }
            if table { return try printTables(of: state) }
            let tree = figure.accessibilityTree(for: state)
            if let at {
                try describe(at, in: tree, figure: figure)
            } else if json {
                try print(String(decoding: tree.jsonData(), as: UTF8.self))
            } else {
                print(tree.outline(verbosity: verbosity), terminator: "")
            }
        }
    }

    /// The item at a pixel and the landscape value there.
    private func describe(_ pixel: PixelPosition, in tree: AccessibilityTree, figure: any SceneFigure) throws {
        guard pixel.x >= 0, pixel.y >= 0, pixel.x < figure.width, pixel.y < figure.height else {
            throw CommandFailure.usage("--at \(pixel.x),\(pixel.y) is outside the \(figure.width)×\(figure.height) frame")
        }
        let center = SIMD2(Double(pixel.x) + 0.5, Double(pixel.y) + 0.5)
        let node = tree.hitTest(x: center.x, y: center.y)
        let sample = figure.landscapeSample(atPixel: center)
        if json {
            let answer = PixelAnswer(x: pixel.x, y: pixel.y, node: node?.withoutChildren,
                                     landscape: sample.map { PixelAnswer.Landscape(x: $0.point.x, y: $0.point.y, f: $0.value.isFinite ? $0.value : nil) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(answer), as: UTF8.self))
            return
        }
        print(node?.outlineLine(verbosity: verbosity) ?? "nothing at \(pixel.x),\(pixel.y)")
        if let sample {
            print("f\(A11yNumber.point(sample.point.x, sample.point.y)) = \(A11yNumber.format(sample.value))")
        } else {
            print("outside the plot: no landscape value")
        }
    }
}

/// What `opta a11y --at X,Y --json` prints.
private struct PixelAnswer: Encodable {
    struct Landscape: Encodable { let x: Double, y: Double, f: Double? }
    let x: Int, y: Int
    let node: AccessibilityNode?
    let landscape: Landscape?
}

/// `X,Y`: a pixel position in the frame.
struct PixelPosition: ExpressibleByArgument {
    let x: Int
    let y: Int

    init?(argument: String) {
        let parts = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
        self.x = x
        self.y = y
    }

    static var defaultValueDescription: String { "X,Y" }
}

extension Verbosity: ExpressibleByArgument {}
