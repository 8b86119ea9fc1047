import Foundation
import ArgumentParser
import OptaCore
import OptaSupport

/// Options that describe a landscape right on the command line, so a formula becomes a picture in
/// one command: `opta render --expression "x^2 + 3*y^2" --domain -2,2,-2,2 -o out.png`.
struct LandscapeOptions: ParsableArguments {
    @Option(help: "A built-in function: \(BuiltinFunction.allCases.map(\.rawValue).joined(separator: ", ")).")
    var function: String?

    @Option(help: "Your own formula in x and y, e.g. \"(1-x)^2 + 100*(y-x^2)^2\" (see docs/scenario.md).")
    var expression: String?

    @Option(parsing: .unconditional, help: "The domain as xmin,xmax,ymin,ymax, e.g. -2,2,-1,3 (needed with --expression).")
    var domain: String?

    @Option(help: "Colour scale: auto, log or linear (default: log for built-in functions; auto, which picks log only for non-negative values spanning over three decades, for formulas and grids).")
    var scale: String?

    @Option(help: "Colormap: \(Colormap.allCases.map(\.rawValue).joined(separator: ", ")).")
    var colormap: String?

    @Option(help: "Title of the plot.")
    var title: String?

    @Option(help: "2d (heatmap and contours) or 3d (a lit surface).")
    var view: String?

    @Option(parsing: .upToNextOption, help: "Logged paths to draw over the landscape: .npy (N×2 x, y or N×3 x, y, f), .h5 (proj_xcoord, proj_ycoord), .csv or .jsonl files (see docs/grids.md).")
    var paths: [String] = []

    /// Whether any landscape option was given.
    var isEmpty: Bool {
        function == nil && expression == nil && domain == nil && scale == nil && colormap == nil && title == nil && view == nil && paths.isEmpty
    }

    /// The scenario these options describe, on top of `base` (a file, or nil for a new landscape).
    func apply(to base: Scenario?) throws -> Scenario {
        var json: [String] = []
        let quoted = JSONText.quoted
        if let function { json.append("\"function\": \(quoted(function))") }
        if let expression { json.append("\"expression\": \(quoted(expression))") }
        if let domain {
            let parts = domain.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
                throw CommandFailure.usage("--domain must be xmin,xmax,ymin,ymax, e.g. -2,2,-1,3; got \"\(domain)\"")
            }
            json.append("\"domain\": {\"x\": [\(parts[0]!), \(parts[1]!)], \"y\": [\(parts[2]!), \(parts[3]!)]}")
        }
        if let scale { json.append("\"scale\": \(quoted(scale))") }
        if let colormap { json.append("\"colormap\": \(quoted(colormap))") }
        var scenario: Scenario
        if function != nil || expression != nil {
            // A new landscape: contours with labels, as a quick look at a function wants.
            let text = "{\"version\": 1, \"landscape\": {\(json.joined(separator: ", ")), \"contours\": {\"count\": 12}, \"labels\": true}}"
            do { scenario = try ScenarioLoader.parse(Data(text.utf8), source: "options") } catch {
                throw CommandFailure.usage(optionMessage(error))
            }
            if let base { scenario.paths = base.paths; scenario.width = base.width; scenario.height = base.height }
        } else {
            scenario = base ?? DefaultScenario.scenario()
            // Re-read the landscape fields that were given, validated like a scenario file.
            if !json.isEmpty {
                let text = "{\"version\": 1, \"landscape\": {\"function\": \"booth\", \(json.joined(separator: ", "))}}"
                let parsed: Scenario
                do { parsed = try ScenarioLoader.parse(Data(text.utf8), source: "options") } catch {
                    throw CommandFailure.usage(optionMessage(error))
                }
                if domain != nil { scenario.landscape.domain = parsed.landscape.domain }
                // "auto" (asked for, or kept while the domain changes) decides on this scenario's landscape.
                if scale == "auto" || (scale == nil && domain != nil && scenario.landscape.scaleIsAutomatic) {
                    scenario.landscape.scale = .automatic(for: scenario.landscape.objective, over: scenario.landscape.domain)
                    scenario.landscape.scaleIsAutomatic = true
                } else if scale != nil {
                    scenario.landscape.scale = parsed.landscape.scale
                    scenario.landscape.scaleIsAutomatic = false
                }
                if colormap != nil { scenario.landscape.colormap = parsed.landscape.colormap }
            }
        }
        if let title { scenario.title = title }
        try applyGridAndView(&scenario)
        return scenario
    }

    /// A scenario error about an option, named as the option the user typed: `landscape.domain.x`
    /// is `--domain` (its x range), `landscape` is `--function`/`--expression`.
    private func optionMessage(_ error: Error) -> String {
        guard let error = error as? ScenarioError else { return "\(error)" }
        return Self.optionMessage(path: error.path, message: error.message)
    }

    static func optionMessage(path: String, message: String) -> String {
        let parts = path.split(separator: ".").map(String.init)
        guard parts.first == "landscape", parts.count >= 2 else { return "--function or --expression: \(message)" }
        switch parts[1] {
        case "domain":
            let axis = parts.count >= 3 ? " (its \(parts[2]) range, \(parts[2] == "x" ? "xmin,xmax" : "ymin,ymax"))" : ""
            return "--domain\(axis) \(message)"
        case "function", "expression", "scale", "colormap":
            return "--\(parts[1]) \(message)"
        default:
            return "--function or --expression: \(path) \(message)"
        }
    }
}
