/// A stretch of a run's iterates as a recorder takes them, compactly: consecutive steps from
/// `firstStep`, each point (x, y, f, ‖∇f‖) kept once for as many consecutive steps as it stays
/// the same, without its step. A solver that reports the same point step after step (simulated
/// annealing's best point, Nelder–Mead's best vertex, a stalled run) then costs its thread a
/// comparison a step instead of a 32-byte record, and the store a few bytes a stretch.
///
/// "The same" is bit for bit (NaN payloads, signed zeros), so the iterates read back exactly.
public struct IterateLog: Sendable {
    /// A point held for more steps than one.
    public struct Repeat: Sendable, Equatable {
        /// The point's index in `points`.
        public var point: Int
        /// The steps it held after its first.
        public var extraSteps: Int

        public init(point: Int, extraSteps: Int) {
            self.point = point
            self.extraSteps = extraSteps
        }
    }

    /// The step of the first iterate.
    public private(set) var firstStep = 0
    /// The steps logged.
    public var count: Int { pointCount + closedExtraSteps + held }
    /// Room for points: the first `pointCount` are the points, the rest (zero, or points of an
    /// earlier stretch) room for more, which `logging(room:_:)` writes into without growing.
    private var slots: [SIMD4<Double>] = []
    private var pointCount = 0
    /// The extra steps of `closedRepeats`.
    private var closedExtraSteps = 0
    /// The points held for more than one step, in the order of `points`, but the last point's.
    private var closedRepeats: [Repeat] = []
    /// The steps the last point held after its first, kept apart so that a step at the same
    /// point only counts.
    private var held = 0
    /// The bits of the last point (compared, bit for bit, with the next iterate; four integers,
    /// not a vector, which would make the step loop keep its stack 32-byte aligned).
    private var lastBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init() {}

    /// (x, y, f, ‖∇f‖) of each stretch of steps at one point, in step order.
    public var points: ArraySlice<SIMD4<Double>> { slots[..<pointCount] }

    /// The points held for more than one step, in the order of `points`.
    public var repeats: [Repeat] {
        held > 0 ? closedRepeats + [Repeat(point: pointCount - 1, extraSteps: held)] : closedRepeats
    }

    /// Bytes of points and repeats logged.
    public var bytes: Int {
        pointCount * MemoryLayout<SIMD4<Double>>.stride + (closedRepeats.count + (held > 0 ? 1 : 0)) * MemoryLayout<Repeat>.stride
    }

    /// Bytes of storage the log holds (its arrays' capacity).
    public var storageBytes: Int {
        slots.capacity * MemoryLayout<SIMD4<Double>>.stride + closedRepeats.capacity * MemoryLayout<Repeat>.stride
    }

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
        // Taken out of `self`, so that the writer holds the only reference to their storage.
        var slots: [SIMD4<Double>] = [], repeats: [Repeat] = []
        swap(&slots, &self.slots)
        swap(&repeats, &closedRepeats)
        var overflow: [SIMD4<Double>] = []
        let result = slots.withUnsafeMutableBufferPointer { buffer in
            // Not empty: `reserveCapacity` made room for at least one point.
            var writer = Writer(base: buffer.baseAddress!, room: buffer.count, firstStep: firstStep, pointCount: pointCount,
                                closedExtraSteps: closedExtraSteps, closedRepeats: repeats, held: held, lastBits: lastBits)
            let result = body(&writer)
            firstStep = writer.firstStep
            pointCount = writer.pointCount
            closedExtraSteps = writer.closedExtraSteps
            held = writer.held
            lastBits = writer.lastBits
            swap(&repeats, &writer.closedRepeats)
            swap(&overflow, &writer.overflow)
            return result
        }
        slots.append(contentsOf: overflow)
        swap(&slots, &self.slots)
        swap(&repeats, &closedRepeats)
        return result
    }

    /// Logs iterates of consecutive steps into a log's storage, inside `IterateLog.logging`.
    /// Not copyable, so that its pointer into the log's storage cannot outlive the call.
    public struct Writer: ~Copyable {
        private let base: UnsafeMutablePointer<SIMD4<Double>>
        private let room: Int
        fileprivate var firstStep: Int
        fileprivate var pointCount: Int
        fileprivate var closedExtraSteps: Int
        fileprivate var closedRepeats: [Repeat]
        fileprivate var held: Int
        fileprivate var lastBits: (UInt64, UInt64, UInt64, UInt64)
        /// Points past `room`.
        fileprivate var overflow: [SIMD4<Double>] = []

        fileprivate init(base: UnsafeMutablePointer<SIMD4<Double>>, room: Int, firstStep: Int, pointCount: Int,
                         closedExtraSteps: Int, closedRepeats: [Repeat], held: Int, lastBits: (UInt64, UInt64, UInt64, UInt64)) {
            self.base = base
            self.room = room
            self.firstStep = firstStep
            self.pointCount = pointCount
            self.closedExtraSteps = closedExtraSteps
            self.closedRepeats = closedRepeats
            self.held = held
            self.lastBits = lastBits
        }

        /// Logs the iterate of the next step. Only the first iterate's step is read: the caller
        /// hands over consecutive steps, as a solver run's iterates are. Compiled into a solver's
        /// step loop: a step at the same point costs a comparison and an addition; a new point a
        /// comparison more and a store into the room, and a call only for the log's first point,
        /// the first after a held one, or one past the room.
        @inline(__always)
        public mutating func append(_ iterate: SolverIterate) {
            let bits = (iterate.x.bitPattern, iterate.y.bitPattern, iterate.value.bitPattern, iterate.gradientNorm.bitPattern)
            if (bits.0 ^ lastBits.0) | (bits.1 ^ lastBits.1) | (bits.2 ^ lastBits.2) | (bits.3 ^ lastBits.3) == 0, pointCount > 0 {
                held &+= 1
                return
            }
            // One unsigned comparison for both an empty log (0 &- 1 is the largest) and a full room.
            if held != 0 || UInt(bitPattern: pointCount &- 1) >= UInt(bitPattern: room &- 1) {
                appendSlowly(iterate.x, iterate.y, iterate.value, iterate.gradientNorm, step: iterate.step)
                return
            }
            base[pointCount] = SIMD4(iterate.x, iterate.y, iterate.value, iterate.gradientNorm)
            pointCount &+= 1
            lastBits = bits
        }

        /// Logs a new point (given its values, not the iterate, whose address the loop would
        /// store it to every step): the log's first, or after a held point, or past the room.
        @inline(never)
        private mutating func appendSlowly(_ x: Double, _ y: Double, _ f: Double, _ gradientNorm: Double, step: Int) {
            if pointCount == 0 { firstStep = step }
            if held > 0 {
                closedRepeats.append(Repeat(point: pointCount - 1, extraSteps: held))
                closedExtraSteps += held
                held = 0
            }
            let point = SIMD4(x, y, f, gradientNorm)
            if pointCount < room { base[pointCount] = point } else { overflow.append(point) }
            pointCount += 1
            lastBits = (x.bitPattern, y.bitPattern, f.bitPattern, gradientNorm.bitPattern)
        }
    }

    /// Room for `steps` more points without growing.
    public mutating func reserveCapacity(_ steps: Int) {
        let needed = pointCount + steps
        if slots.count < needed { slots.append(contentsOf: repeatElement(SIMD4<Double>(), count: needed - slots.count)) }
    }

    /// Makes this log a copy of `other` in its own storage (kept when large enough): a bulk copy,
    /// where assigning would share `other`'s arrays until either is written again.
    public mutating func copy(from other: IterateLog) {
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: other.points)
        closedRepeats.removeAll(keepingCapacity: true)
        closedRepeats.append(contentsOf: other.closedRepeats)
        pointCount = other.pointCount
        closedExtraSteps = other.closedExtraSteps
        held = other.held
        firstStep = other.firstStep
        lastBits = other.lastBits
    }

    /// Empties the log, keeping its storage.
    public mutating func removeAll() {
        pointCount = 0
        closedRepeats.removeAll(keepingCapacity: true)
        closedExtraSteps = 0
        held = 0
        firstStep = 0
    }

    /// The logged iterates, one per step.
    public var iterates: [SolverIterate] {
        var out: [SolverIterate] = []
        out.reserveCapacity(count)
        let repeats = self.repeats
        var step = firstStep, next = repeats.startIndex
        for (i, p) in points.enumerated() {
            var steps = 1
            if next < repeats.endIndex, repeats[next].point == i {
                steps += repeats[next].extraSteps
                next += 1
            }
            for _ in 0..<steps {
                out.append(SolverIterate(step: step, x: p.x, y: p.y, value: p[2], gradientNorm: p[3]))
                step += 1
            }
        }
        return out
    }
}
