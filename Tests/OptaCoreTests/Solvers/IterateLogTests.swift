import Testing
@testable import OptaCore

/// A log gives back every iterate exactly, from room it keeps.
@Suite struct IterateLogTests {
    /// Points held, not held, NaNs with two payloads, signed zeros: what goes in comes out bit for
    /// bit, step by step.
    @Test func givesBackEveryIterateBitForBit() {
        let negativeNaN = Double(bitPattern: 0xFFF8_0000_0000_0000)
        let values: [(Double, Double, Double, Double)] = [
            (1, 2, 3, .nan), (1, 2, 3, .nan), (1, 2, 3, .nan),  // held twice more
            (1, 2, 3, negativeNaN),  // another NaN: a new point
            (0, 0, 1, 1), (-0.0, 0, 1, 1),  // −0 is not 0
            (5, 5, 5, 5), (5, 5, 5, 5),  // held once more
            (6, 6, 6, 6),
        ]
        var log = IterateLog()
        for (i, v) in values.enumerated() {
            log.append(SolverIterate(step: 40 + i, x: v.0, y: v.1, value: v.2, gradientNorm: v.3))
        }
        #expect(log.firstStep == 40)
        #expect(log.count == values.count)
        #expect(log.points.count == values.count && log.bytes == 32 * values.count)
        let back = log.iterates
        #expect(back.map(\.step) == Array(40..<40 + values.count))
        for (it, v) in zip(back, values) {
            #expect([it.x, it.y, it.value, it.gradientNorm].map(\.bitPattern) == [v.0, v.1, v.2, v.3].map(\.bitPattern))
        }
    }

    /// An emptied log starts afresh at the next iterate's step, its storage kept.
    @Test func anEmptiedLogStartsAfresh() {
        var log = IterateLog()
        for step in 0..<100 { log.append(SolverIterate(step: step, x: 1, y: 1, value: 0, gradientNorm: 0)) }
        #expect(log.count == 100 && log.firstStep == 0)
        log.reserveCapacity(64)
        let storage = log.storageBytes
        log.removeAll()
        #expect(log.count == 0 && log.points.isEmpty && log.storageBytes == storage)
        log.append(SolverIterate(step: 100, x: 1, y: 1, value: 0, gradientNorm: 0))
        #expect(log.iterates == [SolverIterate(step: 100, x: 1, y: 1, value: 0, gradientNorm: 0)])
    }

    /// A loop that logs more points than the room it asked for loses none: the points past the
    /// room follow the others.
    @Test func aLoopLoggingPastItsRoomKeepsEveryPoint() {
        let iterates = (0..<50).map { step in
            let at = Double(step / 3 * 3)  // each point held for three steps
            return SolverIterate(step: 7 + step, x: at, y: -at, value: at * at, gradientNorm: 1)
        }
        var log = IterateLog()
        log.logging(room: 2) { writer in
            for it in iterates[..<40] { writer.append(it) }
        }
        log.logging(room: 1) { writer in
            for it in iterates[40...] { writer.append(it) }
        }
        #expect(log.firstStep == 7 && log.count == 50 && log.points.count == 50)
        #expect(log.iterates == iterates)
    }
}
