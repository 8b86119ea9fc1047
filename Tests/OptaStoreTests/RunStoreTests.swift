import Foundation
import OptaCore
import Synchronization
@testable import OptaStore
import XCTest

/// The folder every test's store lives in, removed when the test process exits, so runs of the
/// suite leave no stores behind on the disk.
let testFoldersRoot: String = {
    let root = NSTemporaryDirectory() + "opta-store-tests-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: testFoldersRoot) }
    return root
}()

/// A fresh folder for one test's store files.
func temporaryFolder() -> String {
    let path = testFoldersRoot + "/\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func sampleInfo(name: String = "Adam", method: String = "adam", landscape: String = "function:rosenbrock",
                label: String? = nil) -> RunInfo {
    RunInfo(source: "solve", scenarioJSON: "{\"version\":1}", scenarioHash: "abc", landscape: landscape, name: name,
            method: method, parameters: ["learningRate": 0.1], seed: 7, start: SIMD2(-1.5, 2.5), optaVersion: "test",
            label: label)
}

func sampleIterates(_ count: Int, runOffset: Double = 0) -> [SolverIterate] {
    (0..<count).map { (i: Int) -> SolverIterate in
        let x: Double = Double(i)
        let f: Double = 100 / (x + 1) + runOffset
        let g: Double = 1 / (x + 1)
        return SolverIterate(step: i, x: x, y: -x, value: f, gradientNorm: g)
    }
}

final class RunStoreTests: XCTestCase {
    func testRunsRoundTripWithFiltersTagsAndDeletion() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let a = try store.insert(sampleInfo(), iterates: sampleIterates(5),
                                 end: RunEnd(status: "converged", stopReason: "met", wallTime: 0.5))
        let b = try store.insert(sampleInfo(name: "GD", method: "gradient-descent", landscape: "formula:x^2+y^2"),
                                 iterates: sampleIterates(3), end: RunEnd(status: "stopped", stopReason: nil, wallTime: 0.1))
        XCTAssertEqual(try store.list().map(\.id), [b, a])
        XCTAssertEqual(try store.list(RunFilter(method: "adam")).map(\.id), [a])
        XCTAssertEqual(try store.list(RunFilter(landscape: "rosenbrock")).map(\.id), [a])
        XCTAssertEqual(try store.list(RunFilter(landscape: "x^2+y^2")).map(\.id), [b])
        let run = try XCTUnwrap(store.run(a))
        XCTAssertEqual(run.iterates, sampleIterates(5))
        XCTAssertEqual(run.summary.iterateCount, 5)
        XCTAssertEqual(run.summary.finalF, 20)
        XCTAssertEqual(run.summary.bestF, 20)
        XCTAssertEqual(run.summary.parameters, ["learningRate": 0.1])
        XCTAssertEqual(run.summary.seed, 7)
        XCTAssertEqual(run.summary.status, "converged")
        XCTAssertTrue(try store.tag(a, "sweep"))
        XCTAssertFalse(try store.tag(999, "sweep"))
        XCTAssertEqual(try store.list(RunFilter(label: "sweep")).map(\.id), [a])
        XCTAssertEqual(try store.summary(a)?.tags, ["sweep"])
        XCTAssertEqual(try store.delete([a, 999]), [999])
        XCTAssertNil(try store.run(a))
        XCTAssertEqual(try store.list().map(\.id), [b])
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testNaNValuesComeBackAsNaN() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let id = try store.insert(sampleInfo(), iterates: [SolverIterate(step: 0, x: 1, y: 2, value: .nan, gradientNorm: .nan)],
                                  end: RunEnd(status: "diverged", stopReason: nil, wallTime: 0))
        let it = try XCTUnwrap(store.run(id)?.iterates.first)
        XCTAssertTrue(it.value.isNaN && it.gradientNorm.isNaN)
        XCTAssertEqual(it.x, 1)
    }

    func testQueryStrings() throws {
        XCTAssertEqual(try RunFilter.parse("method=adam  last=3 label=lr"), RunFilter(method: "adam", label: "lr", limit: 3))
        XCTAssertThrowsError(try RunFilter.parse("colour=red"))
        XCTAssertThrowsError(try RunFilter.parse("last=0"))
        XCTAssertThrowsError(try RunFilter.parse("method"))
    }

    func testRecorderCommitsInBatchesAndFinishes() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let recorder = RunRecorder(store: store, interval: .milliseconds(20))
        let handle = recorder.begin(sampleInfo())
        let all = sampleIterates(1000)
        for chunk in stride(from: 0, to: 1000, by: 100) { recorder.append(handle, Array(all[chunk..<chunk + 100])) }
        Thread.sleep(forTimeInterval: 0.2)
        let id = try XCTUnwrap(recorder.storedID(handle))
        XCTAssertEqual(try store.summary(id)?.status, "recording")
        XCTAssertEqual(try store.summary(id)?.iterateCount, 1000)
        recorder.finish(handle, RunEnd(status: "stopped", stopReason: "budget", wallTime: 1))
        recorder.close()
        let run = try XCTUnwrap(store.run(id))
        XCTAssertEqual(run.summary.status, "stopped")
        XCTAssertEqual(run.iterates, all)
    }

    func testRunsOfAProcessThatIsGoneAreMarkedInterrupted() throws {
        let path = temporaryFolder() + "/runs.sqlite"
        let store = try RunStore(path: path)
        let id = try store.write { db in try RunStore.insertRun(db, sampleInfo(), now: Date()) }
        // Our own process is alive: its run stays `recording`.
        XCTAssertEqual(try RunStore(path: path).summary(id)?.status, "recording")
        try store.write { db in try db.execute(sql: "UPDATE run SET pid = 2147483646 WHERE id = ?", arguments: [id]) }
        XCTAssertEqual(try RunStore(path: path).summary(id)?.status, "interrupted")
    }

    func testMigratesTheFirstVersionsFile() throws {
        let fixture = try XCTUnwrap(Bundle.module.path(forResource: "runs-v1", ofType: "sqlite", inDirectory: "Fixtures"))
        let path = temporaryFolder() + "/runs.sqlite"
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        let store = try RunStore(path: path)
        XCTAssertEqual(try store.appliedMigrations(), [StoreSchema.v1, StoreSchema.v2, StoreSchema.v3, StoreSchema.v4, StoreSchema.v5, StoreSchema.v6, StoreSchema.v7])
        let run = try XCTUnwrap(store.run(1))
        XCTAssertEqual(run.summary.iterateCount, 3)
        XCTAssertEqual(run.summary.finalF, 5)
        XCTAssertEqual(run.summary.bestF, 5)
        XCTAssertEqual(run.summary.label, "old")
        XCTAssertEqual(run.iterates.map(\.value), [12.5, 8, 5])
        XCTAssertEqual(run.scenarioJSON, "{\"version\":1}")
        XCTAssertTrue(try store.tag(1, "migrated"))
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testAScenarioIsStoredOnceForAllItsRunsAndTextsSharingAHashStayApart() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let end = RunEnd(status: "converged", stopReason: nil, wallTime: 0.1)
        let a = try store.insert(sampleInfo(), iterates: sampleIterates(2), end: end)
        let b = try store.insert(sampleInfo(name: "GD", method: "gradient-descent"), iterates: sampleIterates(2), end: end)
        var other = sampleInfo(name: "Other")
        other.scenarioJSON = "{\"version\":2}"  // the same hash as the others ("abc"), another text
        let c = try store.insert(other, iterates: sampleIterates(2), end: end)
        XCTAssertEqual(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM scenario") }, 2)
        XCTAssertEqual(try store.run(a)?.scenarioJSON, "{\"version\":1}")
        XCTAssertEqual(try store.run(b)?.scenarioJSON, "{\"version\":1}")
        XCTAssertEqual(try store.run(c)?.scenarioJSON, "{\"version\":2}")
    }

    /// Two openers of one new file race to create its tables; neither may fail.
    func testStoresOpenedAtOnceOnANewFileBothMigrate() throws {
        let folder = temporaryFolder()
        for round in 0..<30 {
            let path = folder + "/race-\(round).sqlite"
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                do { _ = try RunStore(path: path) } catch { failures.withLock { $0.append("\(error)") } }
            }
            XCTAssertEqual(failures.withLock { $0 }, [], "round \(round)")
        }
    }

    func testAStoreOfANewerOptaIsRefusedAsSuch() throws {
        let path = temporaryFolder() + "/runs.sqlite"
        let store = try RunStore(path: path)
        try store.write { db in
            try db.execute(sql: "CREATE TABLE future (x INTEGER)")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future')")
        }
        XCTAssertThrowsError(try RunStore(path: path)) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .notAStore)
            XCTAssertTrue("\(error)".contains("was written by a newer Opta (schema v99-future)"), "\(error)")
        }
    }

    func testDamagedForeignAndUnwritableFilesSayWhatIsWrong() throws {
        let folder = temporaryFolder()
        let garbage = folder + "/garbage.sqlite"
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: garbage))
        XCTAssertThrowsError(try RunStore(path: garbage)) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .notAStore)
            XCTAssertTrue("\(error)".contains("is not an Opta run store"), "\(error)")
        }
        let foreign = folder + "/foreign.sqlite"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3; d = sqlite3.connect('\(foreign)'); d.execute('CREATE TABLE notes (t TEXT)'); d.commit()"]
        try process.run()
        process.waitUntilExit()
        XCTAssertThrowsError(try RunStore(path: foreign)) { error in
            XCTAssertTrue("\(error)".contains("another program"), "\(error)")
        }
        let blocker = folder + "/file"
        FileManager.default.createFile(atPath: blocker, contents: Data())
        XCTAssertThrowsError(try RunStore(path: blocker + "/runs.sqlite")) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .cannotWrite)
        }
    }

    func testScenarioIdentityIgnoresKeyOrderAndSpacing() throws {
        let a = try XCTUnwrap(ScenarioIdentity(json: Data("{\"b\": [1, 2.5], \"a\": {\"y\": true, \"x\": \"s\"}}".utf8)))
        let b = try XCTUnwrap(ScenarioIdentity(json: Data("{\"a\":{\"x\":\"s\",\"y\":true},\"b\":[1,2.5]}".utf8)))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.canonicalJSON, "{\"a\":{\"x\":\"s\",\"y\":true},\"b\":[1,2.5]}")
        XCTAssertEqual(a.hash.count, 16)
        XCTAssertNil(ScenarioIdentity(json: Data("{".utf8)))
        XCTAssertEqual(ScenarioIdentity.landscape(.builtin(.rosenbrock)), "function:rosenbrock")
    }
}

import Synchronization

/// Runs with an origin (a logged path file's hash) are stored once per origin and name.
final class RunOriginTests: XCTestCase {
    func testTheSameOriginAndNameIsStoredOnce() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        var info = sampleInfo(name: "adam", method: "logged")
        info.source = "file"
        info.origin = "file:" + ScenarioIdentity.fnv1a(bytes: [1, 2, 3])
        let end = RunEnd(status: "logged", stopReason: nil, wallTime: 0)
        let first = try store.insertUnlessStored(info, iterates: sampleIterates(4), end: end)
        XCTAssertTrue(first.inserted)
        let again = try store.insertUnlessStored(info, iterates: sampleIterates(9), end: end)
        XCTAssertEqual(again.id, first.id)
        XCTAssertFalse(again.inserted)
        XCTAssertEqual(try store.run(first.id)?.iterates, sampleIterates(4))
        // Another path of the same file, and the same name from another file, are runs of their own.
        var other = info
        other.name = "sgd"
        XCTAssertTrue(try store.insertUnlessStored(other, iterates: sampleIterates(2), end: end).inserted)
        var otherFile = info
        otherFile.origin = "file:" + ScenarioIdentity.fnv1a(bytes: [1, 2, 4])
        XCTAssertTrue(try store.insertUnlessStored(otherFile, iterates: sampleIterates(2), end: end).inserted)
        // Without an origin nothing is deduplicated.
        info.origin = nil
        XCTAssertTrue(try store.insertUnlessStored(info, iterates: sampleIterates(2), end: end).inserted)
        XCTAssertTrue(try store.insertUnlessStored(info, iterates: sampleIterates(2), end: end).inserted)
        XCTAssertEqual(try store.list().count, 5)
    }
}

/// The recorder's hand-overs: stretches of thousands of steps (a solver) and iterates one by one
/// (a training loop, gathered per run), interleaved between runs, all read back in order.
final class RecorderHandOverTests: XCTestCase {
    func testStretchesAndSingleIteratesReadBackWhole() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let recorder = RunRecorder(store: store, interval: .milliseconds(5))
        let solver = recorder.begin(sampleInfo(name: "GD"))
        let logged = recorder.begin(sampleInfo(name: "logged", method: "logged"))
        var stretch = sampleIterates(1000)
        stretch[999].value = .nan
        for (from, to) in [(0, 400), (400, 1000)] {
            recorder.append(solver, Array(stretch[from..<to]))
            for step in from / 100..<to / 100 { recorder.append(logged, [SolverIterate(step: 2 * step, x: 1, y: 2, value: Double(step), gradientNorm: .nan)]) }
        }
        recorder.finish(solver, RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        recorder.close()
        let gd = try XCTUnwrap(store.run(try XCTUnwrap(recorder.storedID(solver))))
        XCTAssertEqual(gd.iterates.map(\.step), Array(0..<1000))
        XCTAssertEqual(gd.iterates.prefix(999), stretch.prefix(999))
        XCTAssertTrue(gd.iterates[999].value.isNaN)
        XCTAssertEqual(gd.summary.iterateCount, 1000)
        XCTAssertEqual(gd.summary.bestF, 100.0 / 999)
        XCTAssertNil(gd.summary.finalF)
        let steps = try XCTUnwrap(store.run(try XCTUnwrap(recorder.storedID(logged))))
        XCTAssertEqual(steps.iterates.map(\.step), (0..<10).map { 2 * $0 })
        XCTAssertEqual(steps.summary.finalF, 9)
        XCTAssertEqual(steps.summary.bestF, 0)
    }

    /// A caller logging stretch after stretch (`opta solve`) hands each log over and gets back
    /// logs the writer has committed: what it logs into them is stored as logged, never mixed
    /// with what they held.
    func testLogsHandedOverAndGivenBackReadBackWhole() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        // A small queue: the writer is woken every few hand-overs, so committed logs come back.
        let recorder = RunRecorder(store: store, interval: .milliseconds(5), queueLimit: 64 << 10)
        let run = recorder.begin(sampleInfo())
        let stretch = 256, stretches = 400
        var log = IterateLog(), handed: Set<UnsafePointer<SIMD4<Double>>> = [], reused = 0
        func expected(_ step: Int) -> SolverIterate {
            // Every third stretch holds its first point for all its steps.
            let s = step / stretch, at = s % 3 == 0 ? s * stretch : step
            return SolverIterate(step: step, x: Double(at), y: Double(s), value: 1 / Double(at + 1), gradientNorm: Double(at % stretch))
        }
        for s in 0..<stretches {
            for i in 0..<stretch { log.append(expected(s * stretch + i)) }
            let storage = try XCTUnwrap(log.points.withUnsafeBufferPointer { $0.baseAddress })
            if !handed.insert(storage).inserted { reused += 1 }
            recorder.append(run, handingOver: &log)
            XCTAssertEqual(log.count, 0)
        }
        XCTAssertGreaterThan(reused, 0, "no committed log came back")
        recorder.finish(run, RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        recorder.close()
        let stored = try XCTUnwrap(store.run(try XCTUnwrap(recorder.storedID(run))))
        XCTAssertEqual(stored.iterates.count, stretch * stretches)
        XCTAssertEqual(stored.summary.iterateCount, stretch * stretches)
        for (step, it) in stored.iterates.enumerated() where it != expected(step) {
            return XCTFail("step \(step) read back as \(it)")
        }
    }
}

/// The writer's queue is bounded: a caller far faster than the writer waits for room instead of
/// piling iterates up, and every iterate still reads back.
final class RecorderQueueBoundTests: XCTestCase {
    func testAFastCallerIsHeldToTheQueueLimitAndNothingIsLost() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let limit = 256 << 10
        let recorder = RunRecorder(store: store, interval: .seconds(10), queueLimit: limit)
        let all = sampleIterates(200_000)
        let stretch = 1000  // 40 KB a hand-over; 200 of them are 8 MB, 30 times the limit
        let runs = (0..<4).map { recorder.begin(sampleInfo(name: "run \($0)")) }
        for from in stride(from: 0, to: all.count, by: stretch) {
            for run in runs { recorder.append(run, Array(all[from..<from + stretch])) }
        }
        for run in runs { recorder.finish(run, RunEnd(status: "stopped", stopReason: nil, wallTime: 0)) }
        recorder.close()
        // The writer commits only every 10 s unless woken: all this went through because the
        // caller woke it and waited for room.
        XCTAssertLessThanOrEqual(recorder.queueHighWaterBytes, limit)
        XCTAssertGreaterThanOrEqual(recorder.queueHighWaterBytes, limit / 4)
        for run in runs {
            let stored = try XCTUnwrap(store.run(try XCTUnwrap(recorder.storedID(run))))
            XCTAssertEqual(stored.iterates, all)
            XCTAssertEqual(stored.summary.iterateCount, all.count)
        }
    }

    func testAHandOverLargerThanTheLimitIsTakenAlone() throws {
        let store = try RunStore(path: temporaryFolder() + "/runs.sqlite")
        let recorder = RunRecorder(store: store, interval: .milliseconds(20), queueLimit: 1024)
        let all = sampleIterates(10_000)
        let run = recorder.begin(sampleInfo())
        recorder.append(run, Array(all[0..<5000]))
        recorder.append(run, Array(all[5000...]))
        recorder.close()
        XCTAssertEqual(recorder.queueHighWaterBytes, 5000 * MemoryLayout<SolverIterate>.stride)
        XCTAssertEqual(try store.run(try XCTUnwrap(recorder.storedID(run)))?.iterates, all)
    }
}

/// A long recording keeps the WAL near the store's checkpoint interval (`checkpointBytes`, 4 MiB):
/// the writer copies it into the file as it goes and it restarts from its start. (A checkpointer on
/// a second connection, tried, left it growing with the data: 150 MB for these 131 MB.) Closing
/// leaves the WAL in place, and a store opened afterwards reads everything through it.
final class WALBoundTests: XCTestCase {
    func testALongRecordingKeepsTheWALBoundedAndAStoreOpenedAfterReadsItAll() throws {
        let path = temporaryFolder() + "/runs.sqlite"
        let stretch = 4096, stretches = 1000  // 4,096,000 iterates, 131 MB packed
        let (id, recordedWAL) = try record(path, stretch: stretch, stretches: stretches)
        var largestWAL = recordedWAL
        // 4 MiB, plus one batch (at most the recorder's 8 MiB queue); a WAL that never restarts
        // holds all 131 MB, and SQLite's default checkpoint let it reach 64 MiB.
        XCTAssertLessThan(largestWAL, 16 << 20, "the WAL grew to \(largestWAL) bytes")
        XCTAssertGreaterThan(largestWAL, 0)
        XCTAssertGreaterThan(walSize(path), 0, "closing the store left no WAL")

        let reopened = try RunStore(path: path)
        let stored = try XCTUnwrap(reopened.run(id))
        XCTAssertEqual(stored.summary.iterateCount, stretch * stretches)
        XCTAssertEqual(stored.summary.status, "stopped")
        XCTAssertEqual(stored.iterates.count, stretch * stretches)
        XCTAssertEqual(stored.iterates.last?.step, stretch * stretches - 1)
        XCTAssertEqual(stored.iterates[123_456], SolverIterate(step: 123_456, x: 123_456, y: -123_456, value: 1 / 123_457, gradientNorm: 0.5))
        XCTAssertEqual(try reopened.integrityCheck(), "ok")
        // The next recording copies the WAL it found and restarts it: still bounded.
        let more = RunRecorder(store: reopened)
        let next = more.begin(sampleInfo(name: "next"))
        for s in 0..<100 {
            more.append(next, (0..<stretch).map { SolverIterate(step: s * stretch + $0, x: 1, y: 2, value: 3, gradientNorm: 4) })
            largestWAL = max(largestWAL, walSize(path))
        }
        more.close()
        XCTAssertLessThan(largestWAL, 16 << 20, "the WAL grew to \(largestWAL) bytes")
        XCTAssertEqual(try reopened.run(try XCTUnwrap(more.storedID(next)))?.summary.iterateCount, 100 * stretch)
    }

    /// Records one run of `stretches` hand-overs into a store of its own, closed on return;
    /// returns the run's id and the largest the WAL was.
    private func record(_ path: String, stretch: Int, stretches: Int) throws -> (Int64, UInt64) {
        let store = try RunStore(path: path)
        let recorder = RunRecorder(store: store)
        let run = recorder.begin(sampleInfo())
        var largestWAL: UInt64 = 0
        for s in 0..<stretches {
            let iterates = (0..<stretch).map { i -> SolverIterate in
                let step = s * stretch + i
                return SolverIterate(step: step, x: Double(step), y: -Double(step), value: 1 / Double(step + 1), gradientNorm: 0.5)
            }
            recorder.append(run, iterates)
            largestWAL = max(largestWAL, walSize(path))
        }
        recorder.finish(run, RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
        recorder.close()
        return (try XCTUnwrap(recorder.storedID(run)), largestWAL)
    }

    private func walSize(_ path: String) -> UInt64 {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? UInt64) ?? 0
    }
}
