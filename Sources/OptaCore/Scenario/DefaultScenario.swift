import Foundation

/// The scene `opta render` draws when given no scenario: reference scene R1, the Rosenbrock
/// valley on a log colour scale with 16 log-spaced contours and Adam's path from (−1.5, 2.5).
public enum DefaultScenario {
    /// R1 as scenario JSON; the path comes from running Adam, not from a file.
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
          "axes": {"xStep": 0.5, "yStep": 0.5}
        }
        """

    /// Adam's settings in R1: learning rate 0.1 (β1 0.9, β2 0.999, ε 1e−8), 200 steps from (−1.5, 2.5).
    public static let adamStart = SIMD2<Double>(-1.5, 2.5)
    public static let adamSteps = 200
    public static let adamLearningRate = 0.1

    /// The R1 scenario with Adam's 201 iterates as its path.
    public static func scenario() -> Scenario {
        // The JSON above is part of the program and covered by tests; it always parses.
        guard var scenario = try? ScenarioLoader.parse(Data(json.utf8), source: "default scenario") else {
            preconditionFailure("the built-in default scenario does not parse")
        }
        let path = Adam.path(on: scenario.landscape.objective, from: adamStart, steps: adamSteps,
                             learningRate: adamLearningRate)
        scenario.paths = [PathSpec(name: "Adam", points: path)]
        return scenario
    }
}

