import Foundation
import XCTest

/// `--store PATH` on every command that reads stored runs: a scenario's `"runs"` come from the
/// store the flag names, not from `$OPTA_STORE` or the default location.
final class StoreOptionTests: XCTestCase {
    /// A store holding the runs of Examples/solvers.json, a scenario overlaying its first run, and
    /// an environment whose `$OPTA_STORE` is another (empty) store.
    private func prepare() throws -> (folder: String, store: String, scenario: String, environment: [String: String]) {
        let folder = temporaryFolder()
        let store = folder + "/study.sqlite"
        let solvers = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path
        let solve = try OptaProcess.run(["solve", solvers, "--store", store])
        XCTAssertEqual(solve.status, 0, solve.stderr)
        try writeFile("""
            {"version": 1, "landscape": {"function": "himmelblau"}, "size": {"width": 200, "height": 150}, "runs": [1]}
            """, folder + "/overlay.json")
        var environment = ProcessInfo.processInfo.environment
        environment["OPTA_STORE"] = folder + "/other.sqlite"
        return (folder, store, folder + "/overlay.json", environment)
    }

    func testRenderA11yExportAndViewReadRunsFromTheStoreFlag() throws {
        let (folder, store, scenario, environment) = try prepare()
        var viewEnvironment = environment
        viewEnvironment["SDL_VIDEODRIVER"] = "dummy"
        let commands: [(arguments: [String], environment: [String: String])] = [
            (["render", scenario, "-o", folder + "/r.png"], environment),
            (["a11y", scenario, "--json"], environment),
            (["export", scenario, "--mesh", folder + "/m.ply"], environment),
            (["view", scenario, "--frames", "2", "--width", "200", "--height", "150", "--no-record"], viewEnvironment),
        ]
        for command in commands {
            // Without --store, $OPTA_STORE's empty store has no run 1.
            let without = try OptaProcess.run(command.arguments, environment: command.environment)
            XCTAssertEqual(without.status, 65, "\(command.arguments[0]): \(without.stderr)")
            XCTAssertTrue(without.stderr.contains("there is no run 1 in \(folder)/other.sqlite"), without.stderr)
            let with = try OptaProcess.run(command.arguments + ["--store", store], environment: command.environment)
            XCTAssertEqual(with.status, 0, "\(command.arguments[0]) --store: \(with.stderr)")
            if command.arguments[0] == "a11y" {
                XCTAssertTrue(with.stdout.contains("#1 gradient descent"), with.stdout)
            }
        }
    }

    func testHelpNamesTheStoreFlag() throws {
        for command in ["render", "a11y", "export", "view", "solve", "bench"] {
            let help = try OptaProcess.run([command, "--help"])
            XCTAssertTrue(help.stdout.contains("--store <path>"), "\(command): \(help.stdout)")
            XCTAssertTrue(help.stdout.contains("$OPTA_STORE"), "\(command): \(help.stdout)")
        }
        for command in ["view", "solve"] {
            XCTAssertTrue(try OptaProcess.run([command, "--help"]).stdout.contains("--no-record"), command)
        }
    }
}
