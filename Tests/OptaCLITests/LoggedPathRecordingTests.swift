import Foundation
import OptaStore
import XCTest

/// Logged paths read from files are runs too: `opta solve` stores each path of a scenario's
/// `"pathsFile"` once (the file's hash is its identity), with its logged steps and f.
final class LoggedPathRecordingTests: XCTestCase {
    func testPathFilesAreStoredOncePerFileContent() throws {
        let folder = temporaryFolder()
        let store = folder + "/runs.sqlite"
        try writeFile("path,step,x,y,loss\nadam,0,-1.5,2.5,12.5\nadam,10,-1,1,4\nadam,20,0.5,0.25,0.25\nsgd,0,1,1,\nsgd,1,0.5,0.5,\n",
                      folder + "/logged.csv")
        try writeFile("""
            {"version": 1, "landscape": {"function": "rosenbrock"}, "pathsFile": "logged.csv"}
            """, folder + "/logged.json")
        let first = try OptaProcess.run(["solve", folder + "/logged.json", "--store", store])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("logged path adam (logged.csv) is run #1\n"), first.stderr)
        XCTAssertTrue(first.stderr.contains("logged path sgd (logged.csv) is run #2\n"), first.stderr)
        XCTAssertEqual(first.stdout, "no solvers; 2 logged paths recorded\n")

        // The same file again, from another scenario that also runs a solver: stored before.
        try writeFile("""
            {"version": 1, "landscape": {"function": "rosenbrock"}, "pathsFile": "\(folder)/logged.csv",
             "solvers": [{"id": "GD", "method": "gradient-descent", "start": [0, 0], "steps": 5}]}
            """, folder + "/both.json")
        let again = try OptaProcess.run(["solve", folder + "/both.json", "--store", store, "--json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("logged path adam (\(folder)/logged.csv) is run #1, stored before"), again.stderr)

        let runStore = try RunStore(path: store)
        XCTAssertEqual(try runStore.list().map(\.method), ["gradient-descent", "logged", "logged"])
        let adam = try XCTUnwrap(runStore.run(1))
        XCTAssertEqual(adam.summary.source, "file")
        XCTAssertEqual(adam.summary.status, "logged")
        XCTAssertEqual(adam.summary.landscape, "function:rosenbrock")
        XCTAssertEqual(adam.iterates.map(\.step), [0, 10, 20])
        XCTAssertEqual(adam.iterates.map(\.value), [12.5, 4, 0.25])
        XCTAssertEqual(adam.iterates.map(\.x), [-1.5, -1, 0.5])
        // No logged f: the landscape's value there (Rosenbrock at (1, 1) is 0).
        let sgd = try XCTUnwrap(runStore.run(2))
        XCTAssertEqual(sgd.iterates.map(\.value), [0, 6.5])

        // A changed file is new content: stored again.
        try writeFile("x,y\n0,0\n1,1\n", folder + "/logged.csv")
        let changed = try OptaProcess.run(["solve", folder + "/logged.json", "--store", store])
        XCTAssertTrue(changed.stderr.contains("logged path logged (logged.csv) is run #4\n"), changed.stderr)
        XCTAssertEqual(try runStore.list().count, 4)

        // --no-record stores nothing, and a scenario of logged paths alone then has nothing to do.
        let other = folder + "/other.sqlite"
        let none = try OptaProcess.run(["solve", folder + "/logged.json", "--store", other, "--no-record"])
        XCTAssertEqual(none.status, 65)
        XCTAssertTrue(none.stderr.contains("has no solvers"), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other))
    }
}
