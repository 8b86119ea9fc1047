import Foundation

/// The scene `opta render` draws when given no scenario: reference scene R1, the Rosenbrock
/// valley on a log colour scale with 16 log-spaced contours, and the Adam solver's 200 steps from
/// (−1.5, 2.5) with learning rate 0.1.
public enum DefaultScenario {
    /// R1 as scenario JSON, with Adam as a solver of the scenario.
    public static let json = """
        {
          "version": 1,
          "title": "Rosenbrock with Adam (R1)",
          "size": {"width": 1920, "height": 1080},
          "landscape": {
            "function": "rosenbrock",
            "domain": {"x": [-2, 2], "y": [-1, 3]},
            "scale": "log",
            "epsilon": 0.001,
            "colormap": "viridis",
            "contours": {"count": 16, "spacing": "log", "range": [0.1, 3162.2776601683795], "width": 0.8, "color": [1, 1, 1]},
            "labels": false
          },
          "solvers": [
            {"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 200,
             "params": {"learningRate": 0.1, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8}}
          ],
          "axes": {"xStep": 0.5, "yStep": 0.5}
        }
        """

    /// The R1 scenario.
    public static func scenario() -> Scenario {
        // The JSON above is part of the program and covered by tests; it always parses.
        guard let scenario = try? ScenarioLoader.parse(Data(json.utf8), source: "default scenario") else {
            preconditionFailure("the built-in default scenario does not parse")
        }
        return scenario
    }
}
