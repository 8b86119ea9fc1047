import OptaCore
import OptaRuntime
import Testing

/// Live graph layouts on a `ManualFrameClock` (see `SolverWorkerTests`): exact counts, no sleeps.
@Suite struct GraphLayoutWorkerTests {
    static func layout() -> ForceLayout {
        let nodes = (0..<40).map { GraphNode(id: "n\($0)") }
        let edges = (0..<40).map { GraphEdge(from: $0, to: ($0 + 1) % 40) } + (0..<10).map { GraphEdge(from: $0, to: $0 * 3 % 40) }
        return ForceLayout(graph: GraphSpec(nodes: nodes, edges: edges, layout: GraphLayoutSpec(method: .force, seed: 2, iterations: 120)))
    }

    @Test func settlesOnItsThreadToTheSamePositionsAsTheHeadlessLayout() {
        var headless = Self.layout()
        while !headless.isSettled { headless.step() }
        let clock = ManualFrameClock()
        let worker = GraphLayoutWorker(layout: Self.layout(), iterationsPerSecond: nil, clock: clock)
        worker.start()
        var last = 0
        // Another thread reads snapshots while the layout runs: iterations never go back.
        for _ in 0..<2_000 {
            let s = worker.snapshot
            #expect(s.iteration >= last)
            last = s.iteration
        }
        #expect(clock.waitUntilParked(), "a settled layout idles")
        #expect(worker.snapshot.settled)
        #expect(worker.snapshot.positions == headless.positions)
        #expect(worker.cancel())
    }

    @Test func pacedLayoutIteratesOncePerInterval() {
        let clock = ManualFrameClock()
        let worker = GraphLayoutWorker(layout: Self.layout(), iterationsPerSecond: 60, clock: clock)
        worker.start()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.iteration == 1)
        for k in 1...10 {
            clock.advance(by: .seconds(1) / 60)
            #expect(clock.waitUntilParked())
            #expect(worker.snapshot.iteration == 1 + k)
        }
        #expect(worker.cancel())
    }

    @Test func pausedWorkerWaitsAndResetGoesBackToTheStart() {
        let clock = ManualFrameClock()
        let worker = GraphLayoutWorker(layout: Self.layout(), iterationsPerSecond: nil, paused: true, clock: clock)
        worker.start()
        #expect(clock.waitUntilParked())
        clock.advance(by: .seconds(10))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.iteration == 0)
        worker.resume()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.settled)
        worker.pause()
        worker.reset()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.iteration == 0)
        #expect(worker.snapshot.positions == Self.layout().positions)
        #expect(worker.cancel())
    }
}
