import Foundation
import GRDB
import OptaCore
@testable import OptaStore
import XCTest

/// Chunks of iterates in both layouts: the held layout (v6 on) round-trips every combination of
/// columns left out, with points held for many steps, and chunks written flat by earlier versions
/// still read back.
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
                // The stored chunk: held, with only the known columns, one point per 37 steps.
                let (layout, data) = try store.read { db in
                    let row = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT layout, data FROM iterateChunk WHERE runId = ?", arguments: [id]))
                    return (row[0] as Int, row[1] as Data)
                }
                XCTAssertEqual(layout, IterateChunk.Layout.held.rawValue)
                XCTAssertEqual(data.first.map(Int.init), mask)
                // 28 points, all but the last (step 999) held for 37 steps; with no column known,
                // one point held for all 1,000.
                let (points, repeats) = mask == 0 ? (1, 1) : (28, 27)
                XCTAssertEqual(data.count, IterateChunk.headerBytes + points * 8 * mask.nonzeroBitCount + repeats * IterateChunk.repeatBytes,
                               "mask \(mask)")
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

    /// Chunks written flat (before v6; the layout column says 0) read back beside held ones.
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
        XCTAssertEqual(layouts, [0, 1])
    }

    /// A held chunk cut short gives the steps it still says for certain (a first part of them),
    /// one claiming fewer steps gives those; nothing traps.
    func testADamagedHeldChunkGivesWhatItHoldsForCertain() {
        var log = IterateLog()
        for it in Self.iterates(mask: 15) { log.append(it) }
        let chunk = IterateChunk.pack(log), all = Self.iterates(mask: 15)
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

    static func bits(_ it: SolverIterate) -> [UInt64] {
        [UInt64(it.step), it.x.bitPattern, it.y.bitPattern, it.value.bitPattern, it.gradientNorm.bitPattern]
    }
}
