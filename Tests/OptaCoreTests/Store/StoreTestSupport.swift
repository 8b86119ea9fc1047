import Foundation
@testable import OptaCore

/// A scenario parsed from JSON the way users write it. `extra` is spliced into the top-level object
/// (e.g. `"\"stepsPerFrame\": 3"`); the landscape is Rosenbrock on a wide, flat home domain
/// (8 × 2) so x and y scale differently.
func storeScenario(_ extra: String = "", landscape: String? = nil) throws -> Scenario {
    let land = landscape ?? """
        {"function": "rosenbrock", "domain": {"x": [-4, 4], "y": [-1, 1]}, "colormap": "magma", "labels": true}
        """
    let json = """
        {"version": 1, "landscape": \(land)\(extra.isEmpty ? "" : ", " + extra)}
        """
    return try ScenarioLoader.parse(Data(json.utf8), source: "store-test")
}

/// Two deterministic solvers with large budgets, so step counts show exactly what frames did.
let twoSolvers = """
    "solvers": [
      {"id": "gd", "method": "gradient-descent", "start": [-1.5, 0.5], "steps": 1000, "params": {"learningRate": 0.0001}},
      {"id": "adam", "method": "adam", "start": [1.5, -0.5], "steps": 1000, "params": {"learningRate": 0.01}}
    ]
    """

/// Every action kind once, with fields that exercise number and string formatting.
let oneOfEveryAction: [Action] = [
    .orbit(yaw: 0.1, pitch: -1e-7),
    .pan(SIMD2(0.1, -0.30000000000000004)),
    .zoom(factor: 1e-7, about: SIMD2(0.1, 1)),
    .resetCamera,
    .startSolvers,
    .pauseSolvers,
    .resumeSolvers,
    .togglePause,
    .stepSolvers,
    .resetSolvers,
    .setColormap(.berlin),
    .nextColormap,
    .toggleContours,
    .toggleLabels,
    .toggleLegend,
    .toggleHUD,
    .focusNext,
    .focusPrevious,
    .focus(3),
    .focusNode("path/adam \"end\""),
    .select("a \"quoted\" \\ id"),
    .select(nil),
    .appendFollowedPoints([PathPoint(path: "adam", step: 12, point: SIMD2(0.1, -1e-7), f: 0.30000000000000004),
                           PathPoint(path: "a \"quoted\" run", step: nil, point: SIMD2(-2, 1e300), f: nil)]),
    .resetFollowedPaths,
]

/// Every `typeName`, spelled out so a new action kind breaks the coverage test until it is listed.
let allActionTypeNames: Set<String> = [
    "orbit", "pan", "zoom", "resetCamera", "startSolvers", "pauseSolvers", "resumeSolvers", "togglePause",
    "stepSolvers", "resetSolvers", "setColormap", "nextColormap", "toggleContours", "toggleLabels",
    "toggleLegend", "toggleHUD", "focusNext", "focusPrevious", "focus", "select", "appendFollowedPoints", "resetFollowedPaths",
]

/// |a − b| ≤ tolerance · max(1, |a|, |b|).
func storeNear(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func storeNear(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-12) -> Bool {
    storeNear(a.x, b.x, tolerance) && storeNear(a.y, b.y, tolerance)
}

func storeNear(_ a: Domain, _ b: Domain, _ tolerance: Double = 1e-12) -> Bool {
    storeNear(a.x.lowerBound, b.x.lowerBound, tolerance) && storeNear(a.x.upperBound, b.x.upperBound, tolerance)
        && storeNear(a.y.lowerBound, b.y.lowerBound, tolerance) && storeNear(a.y.upperBound, b.y.upperBound, tolerance)
}

/// Width and height of a domain.
func extent(_ d: Domain) -> SIMD2<Double> {
    SIMD2(d.x.upperBound - d.x.lowerBound, d.y.upperBound - d.y.lowerBound)
}

/// Where `p` lies in `d` as fractions ((0, 0) bottom-left, (1, 1) top-right).
func fractionOf(_ p: SIMD2<Double>, in d: Domain) -> SIMD2<Double> {
    (p - SIMD2(d.x.lowerBound, d.y.lowerBound)) / extent(d)
}

/// The point at fractions `f` of `d`.
func pointAt(_ f: SIMD2<Double>, in d: Domain) -> SIMD2<Double> {
    SIMD2(d.x.lowerBound, d.y.lowerBound) + f * extent(d)
}

/// The `ScenarioError` a throwing closure throws, or nil (also for other errors, which fail the path checks).
func scenarioError(_ body: () throws -> Void) -> ScenarioError? {
    do { try body() } catch { return error as? ScenarioError }
    return nil
}
