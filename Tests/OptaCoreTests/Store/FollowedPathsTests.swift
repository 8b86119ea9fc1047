import Foundation
import Testing
@testable import OptaCore

/// The actions a followed log (`opta view --follow`) becomes: appending points by path name, and
/// starting over.
@Suite("Followed paths")
struct FollowedPathsTests {
    static func point(_ path: String, _ step: Double?, _ x: Double, _ y: Double, _ f: Double? = nil) -> PathPoint {
        PathPoint(path: path, step: step, point: SIMD2(x, y), f: f)
    }

    @Test func appendsKeepOrderAndNewNamesStartNewPathsInTheOrderTheyAppear() throws {
        var state = AppState(scenario: try storeScenario())
        Reducer.apply(.appendFollowedPoints([Self.point("sgd", 0, 1, 1, 5), Self.point("adam", 0, 2, 2),
                                             Self.point("sgd", 1, 1.5, 1.5, 4)]), to: &state)
        Reducer.apply(.appendFollowedPoints([Self.point("adam", nil, 3, 3, 1), Self.point("sgd", 7, 2, 2, 3),
                                             Self.point("momentum", 0, 0, 0)]), to: &state)
        #expect(state.followedPaths.map(\.name) == ["sgd", "adam", "momentum"])
        let sgd = state.followedPaths[0], adam = state.followedPaths[1]
        #expect(sgd.points == [SIMD2(1, 1), SIMD2(1.5, 1.5), SIMD2(2, 2)])
        #expect(sgd.values == [5, 4, 3])
        #expect(sgd.steps == [0, 1, 7])
        #expect(adam.points == [SIMD2(2, 2), SIMD2(3, 3)])
        // f not logged is NaN (the chart then reads it off the landscape); a step not logged is the index.
        #expect(adam.values?[0].isNaN == true && adam.values?[1] == 1)
        #expect(adam.steps == [0, 1])
        #expect(adam.color == nil, "a followed path takes the palette's colour for its place")
        // The scenario's own paths are untouched.
        #expect(state.scenario.paths.isEmpty)
    }

    @Test func resetForgetsEveryFollowedPathAndTheNextPointsStartOver() throws {
        var state = AppState(scenario: try storeScenario())
        Reducer.apply(.appendFollowedPoints([Self.point("a", 0, 1, 1), Self.point("b", 0, 2, 2)]), to: &state)
        Reducer.apply(.resetFollowedPaths, to: &state)
        #expect(state.followedPaths.isEmpty)
        Reducer.apply(.appendFollowedPoints([Self.point("b", 0, 3, 3)]), to: &state)
        #expect(state.followedPaths.map(\.name) == ["b"])
        #expect(state.followedPaths[0].points == [SIMD2(3, 3)])
        // f not logged is NaN, and equal to itself in paths: the same actions give equal states.
        #expect(state == Reducer.reduce(Reducer.reduce(AppState(scenario: try storeScenario()), .resetFollowedPaths),
                                        .appendFollowedPoints([Self.point("b", 0, 3, 3)])))
    }

    /// Paths that grow at the same rate do not all move to larger arrays in the same batch (each
    /// move of a long path's arrays costs the viewer's frame milliseconds): past the first few
    /// thousand points, at most one of their arrays gets a new capacity a batch.
    @Test func pathsGrowingTogetherMoveToLargerArraysOneAtATime() throws {
        var state = AppState(scenario: try storeScenario())
        func capacities() -> [Int] {
            state.followedPaths.flatMap { [$0.points.capacity, $0.values?.capacity ?? 0, $0.steps?.capacity ?? 0] }
        }
        var step = 0.0, grownAtOnce = 0, batches = 0
        while (state.followedPaths.first?.points.count ?? 0) < 200_000 {
            let before = capacities()
            Reducer.apply(.appendFollowedPoints((0..<900).map { k in Self.point("p\(k % 3)", step + Double(k / 3), 1, 1, 0.5) }), to: &state)
            step += 300
            // Long paths, whose copies take milliseconds. While the arrays are short they grow by
            // themselves as well (then each one's capacity depends on what the allocator hands
            // out, which tests running beside this one sway); one array a batch keeps ahead of
            // nine once each takes nine batches or more from half full to full.
            guard before.count == 9, (state.followedPaths.first?.points.count ?? 0) > 16_384 else { continue }
            batches += 1
            grownAtOnce = max(grownAtOnce, zip(before, capacities()).filter { $0 != $1 }.count)
        }
        #expect(batches > 550)
        #expect(grownAtOnce == 1, "\(grownAtOnce) arrays moved in one batch")
        #expect(state.followedPaths.map(\.points.count) == [200_100, 200_100, 200_100])
    }

    @Test func reduceAndApplyInPlaceAgree() throws {
        let start = AppState(scenario: try storeScenario())
        let action = Action.appendFollowedPoints((0..<50).map { Self.point("p\($0 % 3)", Double($0), Double($0), 1, 0.5) })
        var inPlace = start
        Reducer.apply(action, to: &inPlace)
        #expect(Reducer.reduce(start, action) == inPlace)
        #expect(start.followedPaths.isEmpty, "reduce leaves the state it was given alone")
    }

    /// Followed paths come after the scenario's paths and the solvers', so a new one takes the next
    /// palette index and no other path moves; they are shown whole, even while frames reveal the
    /// logged paths step by step.
    @Test func renderStateDrawsFollowedPathsLastAndWhole() throws {
        let scenario = try storeScenario(twoSolvers + #", "paths": [{"name": "logged", "points": [[0, 0], [1, 1], [2, 2]]}]"#)
        var session = try HeadlessSession(scenario: scenario)
        session.apply(.appendFollowedPoints((0..<500).map { Self.point("followed", Double($0) * 100, 0.001 * Double($0), 0) }))
        session.advanceFrame()
        let shown = session.renderState
        #expect(shown.scenario.paths.map(\.name) == ["logged", "gd", "adam", "followed"])
        #expect(shown.followedPathCount == 1)
        #expect(shown.scenario.paths[0].points.count == 2, "frame 0 reveals the logged path through step 1")
        #expect(shown.scenario.paths[3].points.count == 500, "followed points are all shown, whatever their steps")
        #expect(!shown.scenario.paths[3].markers, "markers only on short paths, as for solvers")
        session.apply(.appendFollowedPoints([Self.point("second", 0, 1, 1)]))
        let again = session.renderState
        #expect(again.scenario.paths.map(\.name) == ["logged", "gd", "adam", "followed", "second"])
        #expect(again.followedPathCount == 2 && again.scenario.paths[4].markers)
    }

    @Test func aTraceWithFollowedPointsReplaysToTheSameState() throws {
        let scenario = try storeScenario(twoSolvers)
        var trace = Trace()
        trace.append(frame: 1, .appendFollowedPoints([Self.point("adam", 0, 0.5, 0.25, 3.5), Self.point("x", nil, -1, 1)]))
        trace.append(frame: 3, .resetFollowedPaths)
        trace.append(frame: 3, .appendFollowedPoints([Self.point("x", 4, 1e-300, -0.30000000000000004, 1e300)]))
        let read = try Trace.parse(trace.jsonLines, source: "followed.jsonl")
        #expect(read == trace)
        var original = try HeadlessSession(scenario: scenario)
        original.replay(trace, through: 5)
        var replayed = try HeadlessSession(scenario: scenario)
        replayed.replay(read, through: 5)
        #expect(replayed.renderState == original.renderState)
        #expect(replayed.state.followedPaths.map(\.name) == ["x"])
        #expect(replayed.state.followedPaths[0].points == [SIMD2(1e-300, -0.30000000000000004)])
    }

    @Test func badFollowedPointsInATraceNameThePointAndField() {
        func error(_ points: String) -> ScenarioError? {
            scenarioError { _ = try Trace.parse("{\"frame\": 0, \"action\": {\"type\": \"appendFollowedPoints\", \"points\": \(points)}}", source: "t.jsonl") }
        }
        #expect(error(#"[{"path": "a", "x": 1}]"#)?.path == "t.jsonl:1.action.points[0]")
        #expect(error(#"[{"path": "a", "x": 1, "y": 2}, {"x": 1, "y": 2}]"#)?.path == "t.jsonl:1.action.points[1].path")
        #expect(error(#"[{"path": "a", "x": 1, "y": 2, "loss": 3}]"#)?.path == "t.jsonl:1.action.points[0].loss")
        #expect(error(#"[{"path": "a", "x": "1", "y": 2}]"#)?.path == "t.jsonl:1.action.points[0].x")
        #expect(error(#"{"path": "a"}"#)?.path == "t.jsonl:1.action.points")
        #expect(scenarioError { _ = try Trace.parse(#"{"frame": 0, "action": {"type": "appendFollowedPoints"}}"#, source: "t.jsonl") }?
            .path == "t.jsonl:1.action.points")
    }
}
