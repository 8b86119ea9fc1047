/// A stretch of a run's iterates as a recorder takes them, compactly: consecutive steps from
/// `firstStep`, each point (x, y, f, ‖∇f‖) kept once for as many consecutive steps as it stays
/// the same, without its step. A solver that reports the same point step after step (simulated
/// annealing's best point, Nelder–Mead's best vertex, a stalled run) then costs its thread a
/// comparison a step instead of a 40-byte record, and the store a few bytes a stretch.
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
    public var count: Int { filed + held }
    /// The steps of the points and the repeats filed (all but those the last point held since).
    private var filed = 0
    /// (x, y, f, ‖∇f‖) of each stretch of steps at one point, in step order.
    public private(set) var points: [SIMD4<Double>] = []
    /// The points held for more than one step, in the order of `points`, but the last point's.
    private var closedRepeats: [Repeat] = []
    /// The steps the last point held after its first, kept apart so that a step at the same
    /// point only counts.
    private var held = 0
    /// The bits of the last point (compared, bit for bit, with the next iterate; four integers,
    /// not a vector, which would make the step loop keep its stack 32-byte aligned).
    private var lastBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init() {}

    /// The points held for more than one step, in the order of `points`.
    public var repeats: [Repeat] {
        held > 0 ? closedRepeats + [Repeat(point: points.count - 1, extraSteps: held)] : closedRepeats
    }

    /// Bytes of points and repeats logged.
    public var bytes: Int {
        points.count * MemoryLayout<SIMD4<Double>>.stride + (closedRepeats.count + (held > 0 ? 1 : 0)) * MemoryLayout<Repeat>.stride
    }

    /// Bytes of storage the log holds (its arrays' capacity).
    public var storageBytes: Int {
        points.capacity * MemoryLayout<SIMD4<Double>>.stride + closedRepeats.capacity * MemoryLayout<Repeat>.stride
    }

    /// Logs the iterate of the next step (`firstStep + count`). Only the first iterate's step is
    /// read: the caller hands over consecutive steps, as a solver run's iterates are
    /// (`SolverRun.run(steps:on:loggingTo:)`). Small enough to be compiled into a solver's step
    /// loop: a step at the same point costs a comparison and an addition, a new point a call
    /// (given the values, not the iterate, whose address the loop would store it to every step).
    @inline(__always)
    public mutating func append(_ iterate: SolverIterate) {
        let bits = (iterate.x.bitPattern, iterate.y.bitPattern, iterate.value.bitPattern, iterate.gradientNorm.bitPattern)
        if filed == 0 {
            firstStep = iterate.step
        } else if (bits.0 ^ lastBits.0) | (bits.1 ^ lastBits.1) | (bits.2 ^ lastBits.2) | (bits.3 ^ lastBits.3) == 0 {
            held &+= 1
            return
        }
        appendPoint(iterate.x, iterate.y, iterate.value, iterate.gradientNorm)
    }

    /// Logs a new point, filing the steps the last one held.
    @inline(never)
    private mutating func appendPoint(_ x: Double, _ y: Double, _ f: Double, _ gradientNorm: Double) {
        if held > 0 {
            closedRepeats.append(Repeat(point: points.count - 1, extraSteps: held))
            filed += held
            held = 0
        }
        points.append(SIMD4(x, y, f, gradientNorm))
        lastBits = (x.bitPattern, y.bitPattern, f.bitPattern, gradientNorm.bitPattern)
        filed += 1
    }

    /// Room for `steps` more points without growing.
    public mutating func reserveCapacity(_ steps: Int) {
        points.reserveCapacity(points.count + steps)
    }

    /// Makes this log a copy of `other` in its own storage (kept when large enough): a bulk copy,
    /// where assigning would share `other`'s arrays until either is written again.
    public mutating func copy(from other: IterateLog) {
        points.removeAll(keepingCapacity: true)
        points.append(contentsOf: other.points)
        closedRepeats.removeAll(keepingCapacity: true)
        closedRepeats.append(contentsOf: other.closedRepeats)
        held = other.held
        firstStep = other.firstStep
        filed = other.filed
        lastBits = other.lastBits
    }

    /// Empties the log, keeping its storage.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        closedRepeats.removeAll(keepingCapacity: true)
        held = 0
        filed = 0
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
