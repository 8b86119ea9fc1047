import Foundation
import GRDB
import OptaCore
@testable import OptaStore
import XCTest

/// Chunks of iterates in every layout: the held and predicted layouts (v6, v7 on) round-trip
/// every combination of columns left out, with points held for many steps; damaged chunks give
/// no more than they hold; chunks written flat by earlier versions still read back.
final class IterateChunkTests: XCTestCase {
    /// 1,000 steps where the columns not in `mask` are NaN throughout, and the point holds for
    /// stretches of steps (as simulated annealing's best point does).
    static func iterates(mask: Int, from first: Int = 0) -> [SolverIterate] {
        (first..<first + 1000).map { step in
            let at = Double(step / 37 * 37)  // held for 37 steps at a time
            func column(_ k: Int, _ v: Double) -> Double { mask & (1 << k) != 0 ? v : .nan }
            return SolverIterate(step: step, x: column(0, at), y: column(1, -at), value: column(2, 1 / (at + 1)), gradientNorm: column(3, at * 0.5))
        }
    }

    func testEveryColumnMaskRoundTripsThroughTheStore() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let recorder = RunRecorder(store: store, interval: .milliseconds(5))
        var handles: [(mask: Int, logged: RunRecorder.Handle, handed: RunRecorder.Handle)] = []
        for mask in 0..<16 {
            let logged = recorder.begin(sampleInfo(name: "logged \(mask)")), handed = recorder.begin(sampleInfo(name: "handed \(mask)"))
            var log = IterateLog()
            for it in Self.iterates(mask: mask) { log.append(it) }
            recorder.append(logged, handingOver: &log)
            recorder.append(handed, Self.iterates(mask: mask))
            handles.append((mask, logged, handed))
        }
        recorder.close()
        for (mask, logged, handed) in handles {
            let expected = Self.iterates(mask: mask)
            for handle in [logged, handed] {
                let id = try XCTUnwrap(recorder.storedID(handle))
                let run = try XCTUnwrap(store.run(id))
                XCTAssertEqual(run.iterates.map(\.step), Array(0..<1000), "mask \(mask)")
                XCTAssertTrue(run.iterates.map(Self.bits) == expected.map(Self.bits), "mask \(mask)")
                XCTAssertEqual(run.summary.iterateCount, 1000)
                XCTAssertEqual(run.summary.bestF, mask & 4 != 0 ? 1 / Double(999 / 37 * 37 + 1) : nil)
                // The stored chunk: only the known columns, one point per 37 steps; predicted
                // (smaller) when any column is known.
                let (layout, data) = try store.read { db in
                    let row = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT layout, data FROM iterateChunk WHERE runId = ?", arguments: [id]))
                    return (row[0] as Int, row[1] as Data)
                }
                XCTAssertEqual(layout, mask == 0 ? IterateChunk.Layout.held.rawValue : IterateChunk.Layout.predicted.rawValue)
                XCTAssertEqual(data.first.map(Int.init), mask)
                // 28 points, all but the last (step 999) held for 37 steps; with no column known,
                // one point held for all 1,000.
                let (points, repeats) = mask == 0 ? (1, 1) : (28, 27)
                let held = IterateChunk.headerBytes + points * 8 * mask.nonzeroBitCount + repeats * IterateChunk.repeatBytes
                if mask == 0 { XCTAssertEqual(data.count, held) } else { XCTAssertLessThan(data.count, held, "mask \(mask)") }
            }
        }
    }

    /// A NaN of another sign or payload is stored, not left out as "unknown": it reads back as it was.
    func testANaNOtherThanTheUsualOneIsKept() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let negativeNaN = Double(bitPattern: 0xFFF8_0000_0000_0001)
        let iterates = (0..<10).map { SolverIterate(step: $0, x: 1, y: 2, value: 3, gradientNorm: $0 == 4 ? negativeNaN : .nan) }
        let id = try store.insert(sampleInfo(), iterates: iterates, end: RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        XCTAssertEqual(try store.run(id)?.iterates.map(Self.bits), iterates.map(Self.bits))
    }

    /// Chunks written flat (before v6; the layout column says 0) read back beside newer ones.
    func testFlatChunksOfEarlierVersionsStillRead() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let first = sampleIterates(300), second = Self.iterates(mask: 15, from: 300)
        let id = try store.insert(sampleInfo(), iterates: second, end: RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        try store.write { db in
            for chunk in IterateChunk.split(first) {
                XCTAssertEqual(chunk.layout, .flat)
                try db.execute(sql: "INSERT INTO iterateChunk (runId, firstStep, count, data) VALUES (?, ?, ?, ?)",
                               arguments: [id, chunk.firstStep, chunk.count, chunk.data])
            }
        }
        XCTAssertTrue(try store.run(id)?.iterates == first + second)
        let layouts = try store.read { db in try Int.fetchAll(db, sql: "SELECT layout FROM iterateChunk ORDER BY firstStep") }
        XCTAssertEqual(layouts, [0, 2])
    }

    /// A held chunk cut short gives the steps it still says for certain (a first part of them),
    /// one claiming fewer steps gives those; nothing traps.
    func testADamagedHeldChunkGivesWhatItHoldsForCertain() {
        var log = IterateLog()
        for it in Self.iterates(mask: 15) { log.append(it) }
        let chunk = IterateChunk.pack(log, predicting: false), all = Self.iterates(mask: 15)
        XCTAssertEqual(chunk.layout, .held)
        let repeatsStart = IterateChunk.headerBytes + 28 * 32
        // Cut in the header or the points: nothing; after the first 5 repeats: 5 points of 37.
        for (cut, expected) in [(0, 0), (8, 0), (16, 0), (40, 0), (repeatsStart - 1, 0), (repeatsStart, 0),
                                (repeatsStart + 5 * 16 + 8, 5 * 37), (chunk.data.count - 1, 26 * 37), (chunk.data.count, 1000)] {
            var out: [SolverIterate] = []
            IterateChunk.unpack(firstStep: 0, count: 1000, layout: 1, data: chunk.data.prefix(cut), into: &out)
            XCTAssertEqual(out.count, expected, "cut at \(cut)")
            if out != Array(all.prefix(out.count)) { XCTFail("cut at \(cut): not the first steps") }
        }
        var fewer: [SolverIterate] = [], unknown: [SolverIterate] = []
        IterateChunk.unpack(firstStep: 0, count: 100, layout: 1, data: chunk.data, into: &fewer)
        XCTAssertTrue(fewer == Array(all.prefix(100)))
        IterateChunk.unpack(firstStep: 0, count: 100, layout: 7, data: chunk.data, into: &unknown)
        XCTAssertEqual(unknown, [])
    }

    /// Gradient descent's iterates on Rosenbrock (every one new), as `opta solve` logs them.
    static func descent(steps: Int) throws -> [SolverIterate] {
        var run = try SolverRun(method: .gradientDescent, start: SIMD2(-1.5, 2.5), parameters: ["learningRate": 0.00001],
                                 rules: StopRules(maxSteps: steps))
        var log = IterateLog()
        run.run(steps: steps, on: .builtin(.rosenbrock), loggingTo: &log)
        var out: [SolverIterate] = []
        IterateChunk.unpack(firstStep: 0, count: log.count, layout: 1, data: IterateChunk.pack(log, predicting: false).data, into: &out)
        return out
    }

    /// A run whose every iterate is new is stored predicted, in under a third of the held layout's
    /// bytes, and reads back bit for bit through the store.
    func testADescentIsStoredPredictedInAThirdOfTheBytes() throws {
        let iterates = try Self.descent(steps: 4096)
        XCTAssertEqual(iterates.count, 4097)  // the start and 4,096 steps
        var log = IterateLog()
        for it in iterates { log.append(it) }
        let chunk = IterateChunk.pack(log), held = IterateChunk.pack(log, predicting: false)
        XCTAssertEqual(chunk.layout, .predicted)
        XCTAssertLessThan(Double(chunk.data.count), 0.35 * Double(held.data.count), "\(chunk.data.count) bytes against \(held.data.count)")
        XCTAssertEqual(chunk.lastF, held.lastF)
        XCTAssertEqual(chunk.bestF, held.bestF)
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let id = try store.insert(sampleInfo(), iterates: iterates, end: RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        XCTAssertTrue(try XCTUnwrap(store.run(id)).iterates.map(Self.bits) == iterates.map(Self.bits))
    }

    /// The points and repeats of a held chunk, as stored.
    static func heldPointsAndRepeats(_ chunk: IterateChunk) -> (points: Int, repeats: [IterateChunk.Repeat]) {
        let words = chunk.data.withUnsafeBytes { raw in (0..<raw.count / 8).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self)) } }
        let points = Int(words[1]), first = 2 + points * words[0].nonzeroBitCount
        let repeats = stride(from: first, to: words.count, by: 2).map { IterateChunk.Repeat(point: Int(words[$0]), extraSteps: Int(words[$0 + 1])) }
        return (points, repeats)
    }

    /// Packing folds runs of bit-identical neighbours into one point and its repeat: NaNs of two
    /// payloads and signed zeros are told apart, and a run goes on across logs.
    func testOnlyBitIdenticalNeighboursShareAPoint() {
        let negativeNaN = Double(bitPattern: 0xFFF8_0000_0000_0000)
        let values: [(Double, Double, Double, Double)] = [
            (1, 2, 3, .nan), (1, 2, 3, .nan), (1, 2, 3, .nan),  // held twice more
            (1, 2, 3, negativeNaN),  // another NaN: a new point
            (0, 0, 1, 1), (-0.0, 0, 1, 1),  // −0 is not 0
            (5, 5, 5, 5), (5, 5, 5, 5),  // held once more, across the two logs
            (6, 6, 6, 6),
        ]
        var first = IterateLog(), second = IterateLog()
        for (i, v) in values.enumerated() {
            let it = SolverIterate(step: 40 + i, x: v.0, y: v.1, value: v.2, gradientNorm: v.3)
            if i < 7 { first.append(it) } else { second.append(it) }
        }
        var room = IterateChunk.PackingRoom()
        let chunk = IterateChunk.pack([first, second][...], into: &room, predicting: false)
        let stored = Self.heldPointsAndRepeats(chunk)
        XCTAssertEqual(chunk.count, values.count)
        XCTAssertEqual(stored.points, 6)
        XCTAssertEqual(stored.repeats, [IterateChunk.Repeat(point: 0, extraSteps: 2), IterateChunk.Repeat(point: 4, extraSteps: 1)])
        var out: [SolverIterate] = []
        IterateChunk.unpack(firstStep: 40, count: chunk.count, layout: chunk.layout.rawValue, data: chunk.data, into: &out)
        XCTAssertEqual(out.map(\.step), Array(40..<40 + values.count))
        for (it, v) in zip(out, values) {
            XCTAssertEqual([it.x, it.y, it.value, it.gradientNorm].map(\.bitPattern), [v.0, v.1, v.2, v.3].map(\.bitPattern))
        }
    }

    /// Simulated annealing logged step by step, as `opta solve` logs it: its best point holds for
    /// many steps, so the stored chunk keeps a tenth of the points or fewer.
    func testAnAnnealingsHeldPointIsStoredOnce() throws {
        var run = try SolverRun(id: "sa", method: .simulatedAnnealing, start: SIMD2(-1.5, 2.5), seed: 7,
                                rules: StopRules(maxSteps: 10_000, fTolerance: 0, gradientTolerance: 0, bounds: nil))
        var log = IterateLog()
        run.run(steps: 10_000, on: .builtin(.rosenbrock), loggingTo: &log)
        XCTAssertEqual(log.count, 10_001)
        let chunk = IterateChunk.pack(log, predicting: false)
        let stored = Self.heldPointsAndRepeats(chunk)
        XCTAssertLessThan(stored.points, log.count / 10, "\(stored.points) points")
        XCTAssertEqual(stored.points + stored.repeats.reduce(0) { $0 + $1.extraSteps }, log.count)
        var out: [SolverIterate] = []
        IterateChunk.unpack(firstStep: log.firstStep, count: chunk.count, layout: chunk.layout.rawValue, data: chunk.data, into: &out)
        XCTAssertEqual(out, log.iterates)
    }

    /// A solver's logs handed over in one batch are gathered into chunks of at most 65,536 steps
    /// (one per run and batch at most, and a new one where steps do not follow on), and read back
    /// whole with the run's summary.
    func testLogsOfOneBatchAreGatheredIntoLargeChunks() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let recorder = RunRecorder(store: store, interval: .seconds(60))
        let iterates = try Self.descent(steps: 100_000)
        let handle = recorder.begin(sampleInfo())
        var from = 0
        while from < iterates.count {
            var log = IterateLog()
            for it in iterates[from..<min(iterates.count, from + 4096)] { log.append(it) }
            recorder.append(handle, handingOver: &log)
            from += 4096
        }
        recorder.finish(handle, RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        recorder.close()
        let id = try XCTUnwrap(recorder.storedID(handle))
        let counts = try store.read { db in try Int.fetchAll(db, sql: "SELECT count FROM iterateChunk WHERE runId = ? ORDER BY firstStep", arguments: [id]) }
        XCTAssertEqual(counts, [65_536, 100_001 - 65_536])
        let run = try XCTUnwrap(store.run(id))
        XCTAssertTrue(run.iterates.map(Self.bits) == iterates.map(Self.bits))
        XCTAssertEqual(run.summary.iterateCount, 100_001)
        XCTAssertEqual(run.summary.finalF, iterates.last?.value)
        XCTAssertEqual(run.summary.bestF, iterates.map(\.value).min())
    }

    /// Values of every kind (NaN payloads, signed zeros, infinities, subnormals, jumps, runs of
    /// one value) round-trip bit for bit at every count, odd and even.
    func testPredictedCodingRoundTripsAnyBits() {
        var random = SystemRandomNumberGenerator()
        let special: [Double] = [0, -0.0, .infinity, -.infinity, .nan, Double(bitPattern: 0xFFF8_0000_0000_0001),
                                 Double(bitPattern: 0x7FF0_0000_0000_0001), .leastNonzeroMagnitude, -.leastNormalMagnitude,
                                 .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, 1, 1, 2, 3, 4, 1e300, -1e-300]
        for count in [0, 1, 2, 3, 4, 17, 1000] {
            for kind in 0..<3 {
                let values: [Double] = (0..<count).map { i in
                    switch kind {
                    case 0: special[i % special.count]
                    case 1: Double(bitPattern: UInt64.random(in: .min ... .max, using: &random))
                    default: 1 + Double(i) * 1e-3 + Double(i * i) * 1e-9
                    }
                }
                var buffer = [UInt8](repeating: 0xAB, count: PredictedDoubles.capacity(count: count))
                let written = buffer.withUnsafeMutableBytes { out in values.withUnsafeBufferPointer { PredictedDoubles.encode($0, into: out) } }
                XCTAssertLessThanOrEqual(written, PredictedDoubles.capacity(count: count) - 8)
                var decoded = [Double](repeating: 7, count: count)
                let read = buffer.prefix(written).withUnsafeBytes { PredictedDoubles.decode(count: count, from: $0) { decoded[$0] = $1 } }
                XCTAssertEqual(read, written, "count \(count), kind \(kind)")
                XCTAssertEqual(decoded.map(\.bitPattern), values.map(\.bitPattern), "count \(count), kind \(kind)")
                // Cut short anywhere: nil, never a trap.
                for cut in stride(from: 0, to: written, by: max(1, written / 97)) {
                    let short = buffer.prefix(cut).withUnsafeBytes { PredictedDoubles.decode(count: count, from: $0) { _, _ in } }
                    XCTAssertNil(short, "count \(count), kind \(kind), cut at \(cut)")
                }
            }
        }
    }

    /// A column coded in pieces (the points of consecutive logs, cut at odd and even places, with
    /// a stride) gives exactly the bytes of the column coded whole.
    func testAColumnCodedInPiecesIsTheColumnCodedWhole() {
        var random = SystemRandomNumberGenerator()
        let count = 1001
        let values: [Double] = (0..<count).map { i in
            let x = Double(i)
            return i % 50 == 7 ? .nan : 1 + x * 1e-3 + x * x * 1e-9
        }
        var whole = [UInt8](repeating: 0, count: PredictedDoubles.capacity(count: count))
        let wholeBytes = whole.withUnsafeMutableBytes { out in values.withUnsafeBufferPointer { PredictedDoubles.encode($0, into: out) } }
        // The values as the second of four columns, as a log's points hold them.
        let points = values.map { SIMD4(-1, $0, -2, -3) }
        for _ in 0..<20 {
            var cuts = (0..<6).map { _ in Int.random(in: 0...count, using: &random) } + [0, count]
            cuts.sort()
            var pieces = [UInt8](repeating: 0xCD, count: PredictedDoubles.capacity(count: count))
            let piecesBytes = pieces.withUnsafeMutableBytes { out in
                var column = PredictedDoubles.ColumnEncoder(count: count, into: out.baseAddress!)
                points.withUnsafeBufferPointer { all in
                    all.baseAddress!.withMemoryRebound(to: Double.self, capacity: 4 * count) { doubles in
                        for (from, to) in zip(cuts, cuts.dropFirst()) {
                            column.encode(doubles + 4 * from + 1, stride: 4, count: to - from)
                        }
                    }
                }
                return column.bytesWritten
            }
            XCTAssertEqual(piecesBytes, wholeBytes, "cuts \(cuts)")
            XCTAssertEqual(pieces.prefix(piecesBytes), whole.prefix(wholeBytes), "cuts \(cuts)")
        }
    }

    /// A predicted chunk cut short or with bytes changed never traps and never gives more steps
    /// than it says; cut in its points it gives none, and whole it gives all.
    func testADamagedPredictedChunkGivesNoMoreThanItSays() {
        var log = IterateLog()
        for it in Self.iterates(mask: 15) { log.append(it) }
        let chunk = IterateChunk.pack(log), all = Self.iterates(mask: 15)
        XCTAssertEqual(chunk.layout, .predicted)
        let data = chunk.data
        let coded = data.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) }
        for cut in 0...data.count {
            var out: [SolverIterate] = []
            IterateChunk.unpack(firstStep: 0, count: 1000, layout: 2, data: data.prefix(cut), into: &out)
            if cut < IterateChunk.predictedHeaderBytes + coded { XCTAssertEqual(out, [], "cut at \(cut)") }
            XCTAssertLessThanOrEqual(out.count, 1000)
            if out != Array(all.prefix(out.count)) { XCTFail("cut at \(cut): not the first steps") }
            if cut == data.count { XCTAssertEqual(out.count, 1000) }
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var bad = data
            bad[Int.random(in: 0..<bad.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            var out: [SolverIterate] = []
            IterateChunk.unpack(firstStep: 0, count: 1000, layout: 2, data: bad, into: &out)
            XCTAssertLessThanOrEqual(out.count, 1000)
        }
    }

    static func bits(_ it: SolverIterate) -> [UInt64] {
        [UInt64(it.step), it.x.bitPattern, it.y.bitPattern, it.value.bitPattern, it.gradientNorm.bitPattern]
    }
}
