import Foundation
import OptaCore
import OptaRuntime
import Testing

@Suite(.serialized) struct GraphLayoutWorkerTests {
    static func layout() -> ForceLayout {
        let nodes = (0..<40).map { GraphNode(id: "n\($0)") }
        let edges = (0..<40).map { GraphEdge(from: $0, to: ($0 + 1) % 40) } + (0..<10).map { GraphEdge(from: $0, to: $0 * 3 % 40) }
        return ForceLayout(graph: GraphSpec(nodes: nodes, edges: edges, layout: GraphLayoutSpec(method: .force, seed: 2, iterations: 120)))
    }

    @Test func settlesOnItsThreadToTheSamePositionsAsTheHeadlessLayout() {
        var headless = Self.layout()
        while !headless.isSettled { headless.step() }
        let worker = GraphLayoutWorker(layout: Self.layout(), iterationsPerSecond: nil)
        worker.start()
        var last = 0
        // Another thread reads snapshots while the layout runs: iterations never go back.
        let settled = eventually(10) {
            let s = worker.snapshot
            #expect(s.iteration >= last)
            last = s.iteration
            return s.settled
        }
        #expect(settled)
        #expect(worker.snapshot.positions == headless.positions)
        #expect(worker.cancel())
    }

    @Test func pausedWorkerWaitsAndResetGoesBackToTheStart() {
        let worker = GraphLayoutWorker(layout: Self.layout(), iterationsPerSecond: nil, paused: true)
        worker.start()
        usleep(50_000)
        #expect(worker.snapshot.iteration == 0)
        worker.resume()
        #expect(eventually { worker.snapshot.settled })
        worker.pause()
        worker.reset()
        #expect(eventually { worker.snapshot.iteration == 0 })
        #expect(worker.snapshot.positions == Self.layout().positions)
        #expect(worker.cancel())
    }
}
