import Foundation
import Testing

/// `opta view --record-video` in a window: under SDL's dummy driver in the main run, and again in
/// a real X server when `make test` runs the tests whose names hold "ViewerWindowTests" under
/// xvfb-run with OPTA_TEST_SDL_DRIVER=x11.
@Suite(.serialized) struct RecordingViewerWindowTests {
    static let driver = ProcessInfo.processInfo.environment["OPTA_TEST_SDL_DRIVER"] ?? "dummy"

    /// The environment for a viewer in the tests' window system.
    static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": driver, "XDG_DATA_HOME": OptaProcess.viewerDataHome]) { $1 }
    }

    @Test func recordVideoWritesTheSessionAndCountsDroppedFramesInStats() throws {
        let folder = temporaryFolder(), video = "\(folder)/session.mp4"
        let result = try OptaProcess.run(["view", "--frames", "40", "--width", "320", "--height", "200",
                                          "--stats", "\(folder)/stats.json", "--record-video", video], environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/stats.json"))) as? [String: Any])
        let written = try #require(stats["video_frames"] as? Int)
        let dropped = try #require(stats["video_dropped_frames"] as? Int)
        #expect(stats["frames"] as? Int == 40, "the screen got every frame")
        #expect(written + dropped == 41, "every frame shown (40 and the opening one) is written or counted as dropped")
        #expect(written > 0)
        let info = try MediaTools.probe(video)
        #expect(info["codec_name"] == "h264" && info["width"] == "320" && info["height"] == "200")
        #expect(info["nb_read_frames"] == String(written))
    }

    /// Ctrl-C (or SIGTERM) once frames are on their way: the window closes as with Q, and the video
    /// recorded so far is finished under its name.
    @Test(arguments: [SIGINT, SIGTERM])
    func aFirstSignalKeepsTheVideoRecordedSoFar(signal: Int32) throws {
        let folder = temporaryFolder(), video = "\(folder)/out.mp4"
        let viewer = try RunningViewer(["view", "--width", "320", "--height", "200", "--stats", "\(folder)/stats.json",
                                        "--record-video", video], environment: Self.environment)
        try viewer.waitForStandardError(containing: "opta: recording")
        kill(viewer.pid, signal)
        let status = try viewer.waitForExit()
        #expect(status == 0, "ended as with Q: \(viewer.standardError)")
        #expect(viewer.standardError.contains("finishing the video… press Ctrl-C again to discard it"))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/stats.json"))) as? [String: Any])
        let written = try #require(stats["video_frames"] as? Int)
        #expect(written > 0)
        let info = try MediaTools.probe(video)
        #expect(info["codec_name"] == "h264" && info["width"] == "320")
        #expect(info["nb_read_frames"] == String(written), "every frame written decodes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out.mp4", "stats.json"])
    }

    /// A second Ctrl-C while the video is being finished discards it: no file, no ffmpeg left,
    /// nor anything ffmpeg started. The ffmpeg here starts a process of its own, reads every frame
    /// and then takes its time to finish, as a long encode (a GIF's palette pass) does, so the
    /// second Ctrl-C surely comes before the video is done.
    @Test func aSecondCtrlCDiscardsTheVideoAndStopsFFmpeg() throws {
        let folder = temporaryFolder(), video = "\(folder)/out.mp4", tools = temporaryFolder()
        try writeFile("#!/bin/sh\nsleep 600 &\ncat > /dev/null\nexec sleep 600\n", "\(tools)/ffmpeg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(tools)/ffmpeg")
        var environment = Self.environment
        environment["PATH"] = "\(tools):" + (environment["PATH"] ?? "/usr/bin:/bin")
        let viewer = try RunningViewer(["view", "--width", "320", "--height", "200", "--record-video", video],
                                       environment: environment)
        try viewer.waitForStandardError(containing: "opta: recording")
        let encoder = try #require(childProcesses(of: viewer.pid).first, "ffmpeg runs while recording")
        kill(viewer.pid, SIGINT)
        try viewer.waitForStandardError(containing: "finishing the video")
        kill(viewer.pid, SIGINT)
        let status = try viewer.waitForExit()
        #expect(status == 130, "\(viewer.standardError)")
        #expect(viewer.standardError.contains("the video was not written"))
        #expect(!isRunning(encoder), "ffmpeg (pid \(encoder)) was stopped")
        #expect(processesOutliving(group: encoder).isEmpty, "what ffmpeg started was stopped with it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing left in the folder")
    }
}

/// An `opta` run in the background whose standard error is read as it comes, so a test can wait
/// for what it says instead of sleeping. A wait fails at once when opta ended without getting
/// there, and gives up after a minute (a hang, not a speed check): opta is then killed, and the
/// failure says what state opta and its children were in.
///
/// Standard error goes to a file, not a pipe: a pipe's end can be inherited by a process another
/// test starts at the same moment, which would keep it open after opta exits.
final class RunningViewer {
    let process = Process()
    private let errorFile: String
    private static let patience: TimeInterval = 60

    init(_ arguments: [String], environment: [String: String]) throws {
        errorFile = temporaryFolder() + "/stderr.txt"
        guard FileManager.default.createFile(atPath: errorFile, contents: nil) else {
            throw Stuck(description: "could not create \(errorFile)")
        }
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        defer { try? errors.close() }
        process.executableURL = OptaProcess.executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    deinit {
        if exitStatus() == nil { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }
    /// What opta has written to its standard error so far (all of it once it has exited).
    var standardError: String {
        String(decoding: FileManager.default.contents(atPath: errorFile) ?? Data(), as: UTF8.self)
    }

    struct Stuck: Error, CustomStringConvertible {
        let description: String
    }

    func waitForStandardError(containing text: String) throws {
        try wait(until: "its standard error says \"\(text)\"") { self.standardError.contains(text) }
    }

    /// Waits for the process to end; its exit status (the signal's number when a signal ended it,
    /// as `Process.terminationStatus`).
    func waitForExit() throws -> Int32 {
        try wait(until: "it exits") { self.exitStatus() != nil }
        return exitStatus() ?? process.terminationStatus
    }

    /// How opta ended, or nil while it runs. Read from the kernel without reaping it, not from
    /// `Process.isRunning`: Foundation learns of the exit only when every holder of a socket it
    /// gives the child has closed it, so a process opta leaves behind would look like opta hanging.
    private func exitStatus() -> Int32? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
            // Foundation has reaped it already.
            return errno == ECHILD && !process.isRunning ? process.terminationStatus : nil
        }
        guard info._sifields._sigchld.si_pid == pid else { return nil }
        return info._sifields._sigchld.si_status
    }

    private func wait(until what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(Self.patience)
        while !condition() {
            // Once opta has exited, its file holds all it wrote: read it once more before failing.
            if let status = exitStatus(), !condition() {
                throw Stuck(description: "opta ended (status \(status)) before \(what); it said: \(standardError)")
            }
            guard Date() < deadline else {
                let state = diagnosis()
                kill(pid, SIGKILL)
                throw Stuck(description: "opta (pid \(pid)) did not get to where \(what) in \(Int(Self.patience)) s; \(state)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Opta's state and its children's (name, state, kernel wait channel), and what it said.
    private func diagnosis() -> String {
        let children = childProcesses(of: pid).map { "\($0) \(processState($0))" }
        return "opta: \(processState(pid)); children: \(children.isEmpty ? "none" : children.joined(separator: ", "))"
            + "; it said: \(standardError)"
    }
}
