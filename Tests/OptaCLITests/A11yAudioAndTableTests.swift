import Foundation
import Testing

/// `opta a11y --sonify`, `--table` and `--verbosity`, used as a screen-reader user would.
@Suite("opta a11y: audio graphs, data tables, verbosity")
struct A11yAudioAndTableTests {
    static let convergence = OptaProcess.packageRoot.appendingPathComponent("Examples/convergence.json").path

    /// The table's rows are the solver's trajectory as `opta solve --checkpoint` saves it.
    @Test func tableRowsEqualTheCheckpointsTrajectory() throws {
        let folder = temporaryFolder()
        let solve = try OptaProcess.run(["solve", Self.convergence, "--checkpoint", "\(folder)/run.json"])
        #expect(solve.status == 0, "\(solve.stderr)")
        struct Checkpoint: Decodable {
            struct Run: Decodable { var id: String, trajectory: [[Double]], values: [Double] }
            var runs: [Run]
        }
        let checkpoint = try JSONDecoder().decode(Checkpoint.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/run.json")))
        let lbfgs = try #require(checkpoint.runs.first { $0.id == "L-BFGS" })
        let trajectory = lbfgs.trajectory, values = lbfgs.values

        let table = try OptaProcess.run(["a11y", Self.convergence, "--table", "--path", "L-BFGS", "--csv"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "step,x,y,f,‖∇f‖")
        let rows = lines.dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == trajectory.count)
        for (i, (row, point)) in zip(rows, trajectory).enumerated() {
            #expect(row[0] == Double(i) && row[1] == point[0] && row[2] == point[1] && row[3] == values[i], "row \(i)")
        }
        let spoken = try OptaProcess.run(["a11y", Self.convergence, "--table", "--path", "Adam"])
        #expect(spoken.stdout.hasPrefix("Adam: 401 rows; columns step, x, y, f, ‖∇f‖\nstep 0: x = −1.5, y = 2.5, f = 12.5"))
    }

    @Test func sonifyWritesAWAVOfTheChosenPaths() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["a11y", Self.convergence, "--sonify", "\(folder)/two.wav", "--path", "Adam",
                                          "--path", "L-BFGS", "--seconds", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Adam, L-BFGS one after another"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/two.wav"))
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
        // Adam plays 2 s; L-BFGS, 39 of Adam's 400 steps, about 0.2 s after a 0.3 s pause; 0.5 s tail.
        let seconds = Double(bytes.count - 44) / (44_100 * 4)
        #expect(abs(seconds - 2.99) < 0.05, "\(seconds) s")
    }

    @Test func badRequestsNameTheFix() throws {
        let folder = temporaryFolder()
        let unknown = try OptaProcess.run(["a11y", Self.convergence, "--sonify", "\(folder)/a.wav", "--path", "sgd"])
        #expect(unknown.status == 64 && unknown.stderr.contains(#"it has "gradient descent", "momentum", "Adam", "L-BFGS""#))
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/a.wav"))
        let mp3 = try OptaProcess.run(["a11y", "--sonify", "\(folder)/a.mp3"])
        #expect(mp3.status == 64 && mp3.stderr.contains("ending in .wav"))
        let lonelyPath = try OptaProcess.run(["a11y", "--path", "Adam"])
        #expect(lonelyPath.status == 64 && lonelyPath.stderr.contains("add one of them"))
        try writeFile(#"{"version": 1, "landscape": {"function": "booth"}}"#, "\(folder)/bare.json")
        let noPaths = try OptaProcess.run(["a11y", "\(folder)/bare.json", "--sonify", "\(folder)/b.wav"])
        #expect(noPaths.status == 65 && noPaths.stderr.contains("no paths to sonify"), "\(noPaths.stderr)")
    }

    @Test func verbosityLevels() throws {
        let low = try OptaProcess.run(["a11y", "--verbosity", "low"])
        let medium = try OptaProcess.run(["a11y", "--verbosity", "medium"])
        let high = try OptaProcess.run(["a11y"])
        #expect(low.stdout.contains("\n    global minimum: f = 0 at (1, 1)\n"))
        #expect(!low.stdout.contains("graphics-symbol") && medium.stdout.contains("graphics-symbol \"global minimum\""))
        #expect(medium.stdout.contains("graphics-symbol \"global minimum\": f = 0 at (1, 1)\n"))
        #expect(high.stdout.contains("graphics-symbol minimum/1 \"global minimum\": f = 0 at (1, 1) ["))
        #expect(low.stdout.count < medium.stdout.count && medium.stdout.count < high.stdout.count)
    }
}
