import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// How figures show followed paths (`opta view --follow`): colours, legend and chart series, the
/// chart's growing axis, and the thinning that keeps a million-point path drawable.
@Suite struct FollowedPathFigureTests {
    static let scenarioJSON = """
        {"version": 1, "size": {"width": 640, "height": 300}, "landscape": {"function": "rosenbrock"},
         "paths": [{"name": "logged", "points": [[-1, 2], [-0.5, 1], [0, 0.5]]}],
         "solvers": [{"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 40, "params": {"learningRate": 0.1}}],
         "panels": [{"view": "landscape"}, {"view": "convergence"}]}
        """

    func session(followed names: [String], points: Int = 30) throws -> HeadlessSession {
        var session = try HeadlessSession(scenario: try ScenarioLoader.parse(Data(Self.scenarioJSON.utf8)))
        session.replay(Trace(), through: 4)
        var batch: [PathPoint] = []
        for name in names {
            for k in 0..<points {
                batch.append(PathPoint(path: name, step: Double(k), point: SIMD2(-1 + 0.05 * Double(k), 1), f: 1 / Double(k + 1)))
            }
        }
        session.apply(.appendFollowedPoints(batch))
        return session
    }

    @Test func aNewFollowedPathGetsTheNextColourAndALegendEntryWithoutRecolouringTheOthers() throws {
        let one = try session(followed: ["run-a"]).renderState
        let two = try session(followed: ["run-a", "run-b"]).renderState
        let first = ConvergenceSeries.all(in: one), second = ConvergenceSeries.all(in: two)
        #expect(first.map(\.id) == ["logged", "Adam", "run-a"])
        #expect(second.map(\.id) == ["logged", "Adam", "run-a", "run-b"])
        #expect(Array(second.prefix(3)).map(\.color) == first.map(\.color), "no colour changed")
        #expect(Set(second.map(\.color)).count == 4, "the new path has a colour of its own")
        #expect(second[3].color == Palette.color(3), "the next palette colour after logged, Adam, run-a")
        #expect(second[3].status == "logged" && second[3].values.count == 30)
        // The landscape's legend lists it too.
        let names = LandscapeFigure.legendEntries(two.scenario.paths, minimaCount: 0).map(\.name)
        #expect(names == ["logged", "Adam", "run-a", "run-b"])
    }

    /// A chart rebuilt for a wider axis (and then kept from frame to frame, as the viewer keeps
    /// it) does not hold a followed path's arrays: the next point is appended in place instead of
    /// copying the whole path (milliseconds for a long log).
    @Test func aRebuiltChartLeavesTheFollowedArraysToTheSession() throws {
        var session = try session(followed: ["a"], points: 10)
        let figures = SessionFigures(scenario: session.state.scenario, fonts: try FontLibrary.loadDefault())
        let first = figures.figure(for: session.renderState, width: 640, height: 300)
        session.apply(.appendFollowedPoints((0..<5_000).map { _ in PathPoint(path: "a", step: nil, point: SIMD2(0, 0), f: 1) }))
        #expect(session.state.followedPaths[0].points.capacity > 5_011, "room for the next point")
        let rebuilt = figures.figure(for: session.renderState, width: 640, height: 300, rebuildingChartsOf: first)
        func address() -> UnsafeRawPointer? { session.state.followedPaths[0].points.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let before = address()
        session.apply(.appendFollowedPoints([PathPoint(path: "a", step: nil, point: SIMD2(0.1, 0), f: nil)]))
        #expect(address() == before, "the points were copied")
        withExtendedLifetime(rebuilt) {}
    }

    /// The chart's column lookup (which skips the division while steps stay in one column) gives
    /// every step the column `column(of:)` gives it: runs up and down, jumps, negative and huge
    /// steps, on axes of several spans and widths.
    @Test(arguments: [(640, 50), (640, 200_000), (333, 7), (1_900, 3_000_000)])
    func theColumnLookupAgreesWithTheColumnOfEachStep(width: Int, span: Int) throws {
        let figure = ConvergenceFigure(scenario: try ScenarioLoader.parse(Data(Self.scenarioJSON.utf8)), width: width, height: 300,
                                       fonts: try FontLibrary.loadDefault(), followedSpan: span)
        var state: UInt64 = 11
        var steps = Array(0...(3 * span / 2)) + Array((0...span).reversed()) + [-5, -1, 0, Int(1) << 53, -(Int(1) << 53), Int.max / 1_000]
        steps += (0..<5_000).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % (2 * span + 1) - span / 4
        }
        let columns = figure.stepColumns
        var lookup = StepColumns.Lookup(columns)
        let differing = steps.filter { lookup.column(of: $0) != columns.column(of: $0) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")

        // Taken a column at a time, the same extremes as value by value, with values that are not
        // finite among them.
        let values = steps.indices.map { i -> Double in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let r = Double(state >> 11) / Double(1 << 53)
            return r < 0.02 ? .nan : r < 0.03 ? .infinity : r < 0.04 ? -.infinity : r * 100 - 50
        }
        var one = ColumnExtremes(), bulk = ColumnExtremes()
        for (step, f) in zip(steps, values) where f.isFinite {
            if let c = columns.column(of: step) { one.add(step: step, f: f, column: c) }
        }
        bulk.add(steps: steps, values: values, columns: columns)
        #expect(bulk.doneCount == one.doneCount)
        #expect(bulk.values.map { [Double($0.step), $0.f] } == one.values.map { [Double($0.step), $0.f] })
    }

    @Test func theChartAxisGivesFollowedPathsRoomAndWidensInOneTwoFiveSteps() throws {
        #expect(ConvergenceFigure.followedSpan(try session(followed: ["a"], points: 30).renderState) == 50)
        #expect(ConvergenceFigure.followedSpan(try session(followed: ["a"], points: 101).renderState) == 100)
        #expect(ConvergenceFigure.followedSpan(try session(followed: ["a"], points: 102).renderState) == 200)
        #expect(ConvergenceFigure.followedSpan(try session(followed: ["a"], points: 1).renderState) == 10)
        #expect(ConvergenceFigure.followedSpan(try session(followed: []).renderState) == nil)
        let state = try session(followed: ["a"], points: 1234).renderState
        let fonts = try FontLibrary.loadDefault()
        let panels = try #require(SessionFigures(scenario: state.scenario, fonts: fonts).figure(for: state) as? PanelsFigure)
        let chart = try #require(panels.panels[1].figure as? ConvergenceFigure)
        #expect(chart.steps == 2000)
    }

    @Test func theChartStrokesALongFollowedSeriesThinnedAsThePathsAre() throws {
        let state = try session(followed: ["long"], points: 50_000).renderState
        let fonts = try FontLibrary.loadDefault()
        let panels = try #require(SessionFigures(scenario: state.scenario, fonts: fonts).figure(for: state) as? PanelsFigure)
        let chart = try #require(panels.panels[1].figure as? ConvergenceFigure)
        let colour = try #require(ConvergenceSeries.all(in: state).last?.color)
        let lines = chart.drawList(state).items.compactMap { item -> [SIMD2<Float>]? in
            if case .polyline(let points, _, let color) = item, color == colour { return points }
            return nil
        }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.count <= PolylineThinning.budget }, "\(lines.map(\.count))")
    }

    @Test func shortPathsAreDrawnAsTheyAre() {
        let points = (0..<PolylineThinning.budget).map { SIMD2<Float>(Float($0) * 0.01, 0) }
        #expect(PolylineThinning.thinned(points) == points)
    }

    @Test func longPathsKeepTheirEndsAndAtMostTheBudget() {
        // A random walk (the hardest case) and a smooth spiral, both far over the budget.
        var walk: [SIMD2<Float>] = [SIMD2(300, 200)]
        var state: UInt64 = 12345
        for _ in 0..<200_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let angle = Float(state >> 40) / Float(1 << 24) * 2 * .pi
            walk.append(walk.last! + SIMD2(cos(angle), sin(angle)) * 3)
        }
        let spiral = (0..<100_000).map { k -> SIMD2<Float> in
            let t = Float(k) * 0.001
            return SIMD2(300 + 100 * cos(t) * (1 + t / 100), 200 + 100 * sin(t) * (1 + t / 100))
        }
        for path in [walk, spiral] {
            let thinned = PolylineThinning.thinned(path)
            #expect(thinned.count <= PolylineThinning.budget && thinned.count > PolylineThinning.budget / 20)
            #expect(thinned.first == path.first && thinned.last == path.last)
            #expect(PolylineThinning.thinned(path) == thinned, "a pure function")
        }
        // The spiral (0.1 to 0.2 px a step, about 15,000 px long) keeps points spread evenly along
        // it: no gap much longer than its length / budget.
        let spiralThinned = PolylineThinning.thinned(spiral)
        let longestGap = zip(spiralThinned, spiralThinned.dropFirst()).map { simd_length($1 - $0) }.max() ?? 0
        #expect(longestGap < 4.5, "\(longestGap)")
    }

    @Test func thinningAPathPieceByPieceKeepsTheSamePointsAsThinningItWhole() {
        // A noisy walk of 0.4 px steps with a break, fed in uneven pieces.
        var walk: [SIMD2<Float>] = [SIMD2(300, 200)]
        var state: UInt64 = 99
        for k in 0..<120_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let angle = Float(state >> 40) / Float(1 << 24) * 2 * .pi
            walk.append(k == 70_000 ? SIMD2(.nan, .nan) : (walk.last!.x.isNaN ? walk[walk.count - 2] : walk.last!) + SIMD2(cos(angle), sin(angle)) * 0.4)
        }
        let whole = PolylineThinning.thinned(walk)
        var pieces = PolylineThinning()
        var start = 0, size = 1
        while start < walk.count {
            let end = min(walk.count, start + size)
            pieces.append(contentsOf: walk[start..<end])
            #expect(bits(pieces.points) == bits(PolylineThinning.thinned(Array(walk[..<end]))), "after \(end) points")
            start = end
            size = size * 3 + 7
        }
        #expect(bits(pieces.points) == bits(whole))
        #expect(whole.count <= PolylineThinning.budget && whole.count > PolylineThinning.budget / 2, "\(whole.count)")
        #expect(whole.contains { $0.x.isNaN })
    }

    @Test func aSmoothPathKeepsPointsASubPixelApart() {
        // 10,000 points 0.1 px apart along a line: 1,000 px long, thinned at ¼ px or so.
        let line = (0..<10_000).map { SIMD2<Float>(Float($0) * 0.1, 100) }
        let thinned = PolylineThinning.thinned(line)
        let longestGap = zip(thinned, thinned.dropFirst()).map { simd_length($1 - $0) }.max() ?? 0
        #expect(thinned.count < PolylineThinning.budget && longestGap <= 0.5, "\(thinned.count) points, gap \(longestGap)")
    }

    @Test func aGrowingFollowedChartDrawsWhatAChartDrawnOnceDraws() throws {
        // Followed paths with a few lines lacking f (the landscape's value stands in), grown over
        // several frames through one chart, then drawn by a new chart of the same layout.
        var session = try HeadlessSession(scenario: try ScenarioLoader.parse(Data(Self.scenarioJSON.utf8)))
        session.replay(Trace(), through: 4)
        var states: [RenderState] = []
        var step = 0
        for batch in [10, 500, 3_000, 20_000, 40_000] {
            var points: [PathPoint] = []
            for _ in 0..<batch {
                for name in ["a", "b"] {
                    let t = Double(step) * 0.0001
                    let p = SIMD2(-1.5 + 2.5 * t + 0.01 * sin(Double(step)), 2 - 1.2 * t + 0.01 * cos(Double(step) * 1.3))
                    points.append(PathPoint(path: name, step: Double(step), point: p, f: step % 997 == 5 ? nil : 1 / Double(step + 1) + 0.01 * sin(Double(step))))
                }
                step += 1
            }
            session.apply(.appendFollowedPoints(points))
            states.append(session.renderState)
        }
        let fonts = try FontLibrary.loadDefault()
        let final = try #require(states.last)
        let figures = SessionFigures(scenario: final.scenario, fonts: fonts)
        let growing = figures.figure(for: final, width: 960, height: 400)
        for state in states.dropLast() { _ = growing.render(state, threads: 2) }
        let fresh = figures.figure(for: final, width: 960, height: 400)
        #expect(growing.render(final, threads: 2) == fresh.render(final, threads: 2))
        let panels = try #require(growing as? PanelsFigure)
        let chart = try #require(panels.panels[1].figure as? ConvergenceFigure)
        let series = chart.series(final), whole = ConvergenceSeries.all(in: final)
        #expect(series.map(\.values) == whole.map(\.values) && series.map(\.steps) == whole.map(\.steps))
        #expect(series.map { $0.best?.value } == whole.map { $0.best?.value } && series.map { $0.best?.step } == whole.map { $0.best?.step })
    }

    @Test func aLongFollowedSeriesIsDrawnFromItsCoverageAsItsLineIsStroked() throws {
        let state = try session(followed: ["long"], points: 50_000).renderState
        let fonts = try FontLibrary.loadDefault()
        let panels = try #require(SessionFigures(scenario: state.scenario, fonts: fonts).figure(for: state) as? PanelsFigure)
        let chart = try #require(panels.panels[1].figure as? ConvergenceFigure)
        let series = try #require(chart.series(state).last)
        let items = chart.drawList(state).items
        let masks = items.indices.filter { index in
            if case .mask(_, _, _, _, _, let color) = items[index], color == series.color { return true }
            return false
        }
        #expect(!masks.isEmpty, "the series comes as coverage")
        // The same list with the series stroked instead.
        var stroked = items.enumerated().filter { !masks.contains($0.offset) }.map(\.element)
        let points = chart.line(series.values, at: series.steps, scale: chart.scale(chart.series(state)), extremes: series.extremes)
        stroked.insert(.polyline(points: points, width: 2 * chart.layout.strokeScale, color: series.color), at: masks[0])
        func picture(_ items: [DrawItem]) -> Framebuffer {
            var frame = Framebuffer(width: chart.width, height: chart.height, fill: RGBA(1, 1, 1).premultipliedPacked)
            frame.draw(DrawList(items))
            return frame
        }
        let drawn = picture(items), expected = picture(stroked)
        var largest: UInt32 = 0
        for (a, b) in zip(drawn.pixels, expected.pixels) where a != b {
            for shift in stride(from: 0, to: 32, by: 8) {
                let x = (a >> UInt32(shift)) & 0xFF, y = (b >> UInt32(shift)) & 0xFF
                largest = max(largest, x > y ? x - y : y - x)
            }
        }
        #expect(largest <= 2, "a coverage of 128/256 is kept as 127, nothing else differs: \(largest)")
    }

    @Test func aChartWhoseAxisWidenedGoesOnFromTheOldOneAndDrawsWhatANewOneDraws() throws {
        var session = try session(followed: ["a", "b"], points: 30_000)
        let before = session.renderState
        var more: [PathPoint] = []
        for k in 30_000..<70_000 {
            for name in ["a", "b"] {
                more.append(PathPoint(path: name, step: Double(k), point: SIMD2(-1 + 1e-5 * Double(k), 1), f: 1 / Double(k + 1) + 0.01 * sin(Double(k))))
            }
        }
        session.apply(.appendFollowedPoints(more))
        let after = session.renderState
        #expect(ConvergenceFigure.followedSpan(before) != ConvergenceFigure.followedSpan(after))
        let fonts = try FontLibrary.loadDefault()
        let figures = SessionFigures(scenario: after.scenario, fonts: fonts)
        let old = figures.figure(for: before, width: 960, height: 400)
        _ = old.render(before, threads: 2)
        let carried = figures.figure(for: after, width: 960, height: 400, rebuildingChartsOf: old)
        let panels = try #require(carried as? PanelsFigure), oldPanels = try #require(old as? PanelsFigure)
        #expect(panels.panels[0].figure as? LandscapeFigure != nil && panels.panels[1].figure as? ConvergenceFigure != nil)
        let chart = try #require(panels.panels[1].figure as? ConvergenceFigure)
        let fresh = try #require(figures.figure(for: after, width: 960, height: 400) as? PanelsFigure)
        let freshChart = try #require(fresh.panels[1].figure as? ConvergenceFigure)
        #expect(chart.steps == freshChart.steps && chart.steps != (oldPanels.panels[1].figure as? ConvergenceFigure)?.steps)
        #expect(chart.render(after, threads: 2) == freshChart.render(after, threads: 2))
    }

    @Test func breaksSurviveThinning() {
        var points = (0..<30_000).map { SIMD2<Float>(Float($0 % 300), Float($0 / 300)) }
        points[15_000] = SIMD2(.nan, .nan)
        let thinned = PolylineThinning.thinned(points)
        #expect(thinned.contains { $0.x.isNaN })
        #expect(thinned.count <= PolylineThinning.budget)
    }
}

/// The points' bits, so that breaks (NaN) compare equal.
private func bits(_ points: [SIMD2<Float>]) -> [UInt64] {
    points.map { UInt64($0.x.bitPattern) << 32 | UInt64($0.y.bitPattern) }
}

private func simd_length(_ v: SIMD2<Float>) -> Float { (v.x * v.x + v.y * v.y).squareRoot() }
