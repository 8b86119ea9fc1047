/// A stretch of a run's iterates as a recorder takes them: consecutive steps from `firstStep`,
/// each step's point (x, y, f, ‖∇f‖) without its step. A solver's step loop writes each point
/// straight into memory already there (`logging(room:_:)`): one 32-byte store a step. Points
/// held for many steps (simulated annealing's best point, a stalled run) are folded into one
/// when the stretch is stored, on the store's thread (`IterateChunk`), not in the loop.
public struct IterateLog: Sendable {
    /// The step of the first iterate.
    public private(set) var firstStep = 0
    /// Room for points: the first `count` are the points, the rest (zero, or points of an
    /// earlier stretch) room for more, which `logging(room:_:)` writes into without growing.
    private var slots: [SIMD4<Double>] = []
    /// The steps logged.
    public private(set) var count = 0

    public init() {}

    /// (x, y, f, ‖∇f‖) of each step, in step order.
    public var points: ArraySlice<SIMD4<Double>> { slots[..<count] }

    /// Bytes of points logged.
    public var bytes: Int { count * MemoryLayout<SIMD4<Double>>.stride }

    /// Bytes of storage the log holds (its room's capacity).
    public var storageBytes: Int { slots.capacity * MemoryLayout<SIMD4<Double>>.stride }

    /// Logs the iterate of the next step (`firstStep + count`); see `Writer.append(_:)`. One
    /// iterate at a time, for callers outside a step loop: a loop logs through
    /// `logging(room:_:)`.
    public mutating func append(_ iterate: SolverIterate) {
        logging(room: 1) { $0.append(iterate) }
    }

    /// Runs `body` with a writer that logs into this log's room for at least `room` more points:
    /// how a solver's step loop logs (`SolverRun.run(steps:on:loggingTo:)`). A loop that logs
    /// at most `room` points writes each straight into memory already there; more go on in an
    /// overflow array, out of the loop's way.
    public mutating func logging<Result>(room: Int, _ body: (inout Writer) -> Result) -> Result {
        reserveCapacity(max(room, 1))
        // Taken out of `self`, so that the writer holds the only reference to its storage.
        var slots: [SIMD4<Double>] = []
        swap(&slots, &self.slots)
        var overflow: [SIMD4<Double>] = []
        let result = slots.withUnsafeMutableBufferPointer { buffer in
            // Not empty: `reserveCapacity` made room for at least one point.
            var writer = Writer(base: buffer.baseAddress!, room: buffer.count, firstStep: firstStep, count: count)
            let result = body(&writer)
            firstStep = writer.firstStep
            count = writer.count
            swap(&overflow, &writer.overflow)
            return result
        }
        // Points overflow only once the room is full: they follow on at its end.
        slots.append(contentsOf: overflow)
        swap(&slots, &self.slots)
        return result
    }

    /// Logs iterates of consecutive steps into a log's storage, inside `IterateLog.logging`.
    /// Not copyable, so that its pointer into the log's storage cannot outlive the call.
    public struct Writer: ~Copyable {
        private let base: UnsafeMutablePointer<SIMD4<Double>>
        private let room: Int
        fileprivate var firstStep: Int
        fileprivate var count: Int
        /// Points past `room`.
        fileprivate var overflow: [SIMD4<Double>] = []

        fileprivate init(base: UnsafeMutablePointer<SIMD4<Double>>, room: Int, firstStep: Int, count: Int) {
            self.base = base
            self.room = room
            self.firstStep = firstStep
            self.count = count
        }

        /// Logs the iterate of the next step. Only the first iterate's step is read: the caller
        /// hands over consecutive steps, as a solver run's iterates are. Compiled into a solver's
        /// step loop: a comparison and a store, and a call only for the log's first point or one
        /// past the room.
        @inline(__always)
        public mutating func append(_ iterate: SolverIterate) {
            // One unsigned comparison for both an empty log (0 &- 1 is the largest) and a full room.
            if UInt(bitPattern: count &- 1) >= UInt(bitPattern: room &- 1) {
                appendSlowly(iterate.x, iterate.y, iterate.value, iterate.gradientNorm, step: iterate.step)
                return
            }
            base[count] = SIMD4(iterate.x, iterate.y, iterate.value, iterate.gradientNorm)
            count &+= 1
        }

        /// Logs the log's first point, or one past the room (given its values, not the iterate,
        /// whose address the loop would store it to every step).
        @inline(never)
        private mutating func appendSlowly(_ x: Double, _ y: Double, _ f: Double, _ gradientNorm: Double, step: Int) {
            if count == 0 { firstStep = step }
            let point = SIMD4(x, y, f, gradientNorm)
            if count < room { base[count] = point } else { overflow.append(point) }
            count += 1
        }
    }

    /// Room for `steps` more points without growing.
    public mutating func reserveCapacity(_ steps: Int) {
        let needed = count + steps
        if slots.count < needed { slots.append(contentsOf: repeatElement(SIMD4<Double>(), count: needed - slots.count)) }
    }

    /// Makes this log a copy of `other` in its own storage (kept when large enough): a bulk copy,
    /// where assigning would share `other`'s storage until either is written again.
    public mutating func copy(from other: IterateLog) {
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: other.points)
        count = other.count
        firstStep = other.firstStep
    }

    /// Empties the log, keeping its storage.
    public mutating func removeAll() {
        count = 0
        firstStep = 0
    }

    /// The logged iterates, one per step.
    public var iterates: [SolverIterate] {
        points.enumerated().map { i, p in SolverIterate(step: firstStep + i, x: p.x, y: p.y, value: p[2], gradientNorm: p[3]) }
    }
}
