import Foundation

/// Runs the built `opta` executable and captures what it prints.
struct OptaProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Standard output's raw bytes (for binary output such as `-o -`).
        var stdoutBytes: [UInt8] = []
    }

    /// The `opta` binary built beside this test bundle.
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("opta")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        // `swift test` from the package root: the release build's product folder.
        return packageRoot.appendingPathComponent(".build/release/opta")
    }()

    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// Where `opta` keeps its run store during the tests.
    static let dataHome = temporaryFolder()

    /// A data home of its own for one viewer: the view a viewer saves when it closes is never
    /// restored by another test's viewer (docs/runs.md).
    static var viewerDataHome: String { temporaryFolder() }

    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Runs recorded by the tests go to a store of their own, never the user's, unless a test
        // names the data home (or HOME) itself.
        var variables = environment ?? ProcessInfo.processInfo.environment
        if environment?["XDG_DATA_HOME"] == nil && environment?["HOME"] == nil {
            variables["XDG_DATA_HOME"] = arguments.first == "view" ? viewerDataHome : dataHome
        }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: [UInt8](outData))
    }
}

/// The folder every test's folder lives in, removed when the test process exits: one run of the
/// suite writes over a gigabyte of run stores, and must not leave it behind on the disk.
let testFoldersRoot: String = {
    let root = NSTemporaryDirectory() + "opta-cli-tests-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: testFoldersRoot) }
    return root
}()

/// A fresh empty folder for one test.
func temporaryFolder() -> String {
    let path = testFoldersRoot + "/\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func writeFile(_ text: String, _ path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}
