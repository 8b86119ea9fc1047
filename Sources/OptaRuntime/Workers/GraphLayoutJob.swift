import OptaCore

/// A live graph layout: a force layout settling on a `BackgroundWorker`'s thread, publishing a
/// `GraphLayoutSnapshot` after every iteration so the viewer shows the graph settling.
public typealias GraphLayoutWorker = BackgroundWorker<GraphLayoutJob>

/// A force layout as a `WorkerJob`; done once settled.
public struct GraphLayoutJob: WorkerJob {
    private var layout: ForceLayout

    init(layout: ForceLayout) { self.layout = layout }

    public var isDone: Bool { layout.isSettled }

    public mutating func step() -> Bool {
        layout.step()
        return false
    }

    public func snapshot(paused: Bool) -> GraphLayoutSnapshot { layout.snapshot }

    public func willWait() {}

    public func end() {}
}

extension BackgroundWorker where Job == GraphLayoutJob {
    /// A worker that lays out from `layout` (its state at iteration 0), `iterationsPerSecond`
    /// iterations a second of `clock` time (nil: flat out).
    public convenience init(layout: ForceLayout, iterationsPerSecond: Double? = 60, paused: Bool = false,
                            clock: any FrameClock = SystemFrameClock()) {
        self.init(name: "opta.graph-layout", interval: Self.interval(perSecond: iterationsPerSecond),
                  paused: paused, clock: clock) { GraphLayoutJob(layout: layout) }
    }
}
