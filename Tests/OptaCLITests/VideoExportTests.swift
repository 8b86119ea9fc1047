import Foundation
import OptaImage
import Testing

/// `opta render --frames A...B --output FILE.mp4|.webm|.gif`, checked by decoding the files.
@Suite(.serialized) struct VideoExportTests {
    let scenario = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path
    let surface = OptaProcess.packageRoot.appendingPathComponent("Examples/rastrigin-3d.json").path

    /// The PNG render of frame `index` at `width`×`height`.
    func png(_ index: Int, width: Int, height: Int, in folder: String, extra: [String] = []) throws -> RGBAImage {
        let path = "\(folder)/frame-\(index).png"
        let result = try OptaProcess.run(["render", scenario, "--frame", "\(index)", "-o", path,
                                          "--width", "\(width)", "--height", "\(height)"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try PNGReader.read(path: path)
    }

    @Test func mp4IsH264Yuv420pPaddedToEvenAndMatchesThePNGFrames() throws {
        let folder = temporaryFolder(), video = "\(folder)/run.mp4"
        let result = try OptaProcess.run(["render", scenario, "--frames", "0...29", "--output", video,
                                          "--width", "161", "--height", "91"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(video) (30 frames"), "\(result.stdout)")
        let info = try MediaTools.probe(video)
        #expect(info["codec_name"] == "h264")
        #expect(info["pix_fmt"] == "yuv420p")
        #expect(info["width"] == "162" && info["height"] == "92", "odd sizes are padded to even: \(info)")
        #expect(info["nb_read_frames"] == "30")
        // +faststart: the index (moov) comes before the media data (mdat), for playback while loading.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: video)))
        let moov = bytes.firstRange(of: Array("moov".utf8))?.lowerBound ?? .max
        let mdat = bytes.firstRange(of: Array("mdat".utf8))?.lowerBound ?? .max
        #expect(moov < mdat)
        for index in [0, 29] {
            let decoded = try MediaTools.frame(video, index: index, width: 162, height: 92)
            let expected = try png(index, width: 161, height: 91, in: folder)
            let error = MediaTools.meanError(decoded, strideA: 162, expected.bytes, strideB: 161, width: 161, height: 91)
            #expect(error < 4, "frame \(index): mean error \(error) against the PNG render")
        }
        // The comparison can fail: the first decoded frame is not the last PNG.
        let first = try MediaTools.frame(video, index: 0, width: 162, height: 92)
        let moved = try png(29, width: 161, height: 91, in: folder)
        let zero = try png(0, width: 161, height: 91, in: folder)
        #expect(moved != zero, "the solvers moved between frame 0 and 29")
        #expect(first.count == 162 * 92 * 4)
    }

    @Test func webmIsVP9WithEveryFrame() throws {
        let folder = temporaryFolder(), video = "\(folder)/run.webm"
        let result = try OptaProcess.run(["render", scenario, "--frames", "5...24", "--output", video,
                                          "--width", "160", "--height", "90", "--fps", "24"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try MediaTools.probe(video)
        #expect(info["codec_name"] == "vp9")
        #expect(info["pix_fmt"] == "yuv420p")
        #expect(info["width"] == "160" && info["height"] == "90")
        #expect(info["nb_read_frames"] == "20")
        let decoded = try MediaTools.frame(video, index: 19, width: 160, height: 90)
        let expected = try png(24, width: 160, height: 90, in: folder)
        let error = MediaTools.meanError(decoded, strideA: 160, expected.bytes, strideB: 160, width: 160, height: 90)
        #expect(error < 4, "last frame: mean error \(error)")
    }

    @Test func gifFramesStayCloseThroughThePalette() throws {
        let folder = temporaryFolder(), video = "\(folder)/run.gif"
        let result = try OptaProcess.run(["render", scenario, "--frames", "0...9", "--output", video,
                                          "--width", "160", "--height", "90", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try MediaTools.probe(video)
        #expect(info["codec_name"] == "gif")
        #expect(info["nb_read_frames"] == "10")
        for index in [0, 9] {
            let decoded = try MediaTools.frame(video, index: index, width: 160, height: 90)
            let expected = try png(index, width: 160, height: 90, in: folder)
            let error = MediaTools.meanError(decoded, strideA: 160, expected.bytes, strideB: 160, width: 160, height: 90)
            #expect(error < 6, "GIF frame \(index): palette error \(error)")
        }
    }

    @Test func anOrbitTurnsTheCameraAndNeedsA3DScenario() throws {
        let folder = temporaryFolder(), video = "\(folder)/orbit.mp4"
        let result = try OptaProcess.run(["render", surface, "--frames", "0...3", "--orbit", "90", "--output", video,
                                          "--width", "160", "--height", "120"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try MediaTools.probe(video)["nb_read_frames"] == "4")
        // Big enough for the fitted view to leave the surface more than a few pixels beside its labels.
        let first = try MediaTools.frame(video, index: 0, width: 160, height: 120)
        let last = try MediaTools.frame(video, index: 3, width: 160, height: 120)
        #expect(MediaTools.meanError(first, strideA: 160, last, strideB: 160, width: 160, height: 120) > 5,
                "the camera turned 67.5° between the first and last frame")
        let flat = try OptaProcess.run(["render", scenario, "--frames", "0...3", "--orbit", "90", "--output", "\(folder)/flat.mp4"])
        #expect(flat.status == 64 && flat.stderr.contains("--orbit"), "\(flat.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/flat.mp4"))
    }

    /// `--reveal` on a PNG sequence: R1's logged Adam path grows frame by frame as in the video of
    /// the same frames, and once it is whole the frame is the single picture (which shows it whole).
    @Test func revealGrowsLoggedPathsInPNGSequencesAsInTheVideo() throws {
        let r1 = OptaProcess.packageRoot.appendingPathComponent("Benchmarks/Scenarios/r1-landscape2d.json").path
        let folder = temporaryFolder(), video = "\(folder)/reveal.mp4"
        let size = ["--width", "240", "--height", "136"]
        let sequence = try OptaProcess.run(["render", r1, "--frames", "0...3", "--reveal", "--output-dir", folder] + size)
        #expect(sequence.status == 0, "\(sequence.stderr)")
        let exported = try OptaProcess.run(["render", r1, "--frames", "0...3", "--reveal", "--output", video] + size)
        #expect(exported.status == 0, "\(exported.stderr)")
        let frames = try (0...3).map { try PNGReader.read(path: "\(folder)/frame-0000\($0).png") }
        #expect(frames[0] != frames[1] && frames[1] != frames[3], "the path grows from frame to frame")
        // Where two PNG frames differ (the path's newer steps), video frame k is PNG frame k.
        for (k, other) in [(1, 3), (3, 1)] {
            let decoded = try MediaTools.frame(video, index: k, width: 240, height: 136)
            let (own, others) = MediaTools.errorWhereTheyDiffer(decoded, frames[k].bytes, frames[other].bytes)
            #expect(own < others, "video frame \(k): error \(own) against PNG frame \(k), \(others) against PNG frame \(other)")
        }
        let whole = try OptaProcess.run(["render", r1, "--frames", "199...199", "--reveal", "--output-dir", folder] + size)
        #expect(whole.status == 0, "\(whole.stderr)")
        let single = try OptaProcess.run(["render", r1, "-o", "\(folder)/single.png"] + size)
        #expect(single.status == 0, "\(single.stderr)")
        let last = try PNGReader.read(path: "\(folder)/frame-00199.png")
        #expect(last == (try PNGReader.read(path: "\(folder)/single.png")), "frame 199 reveals all 201 steps")
        #expect(last != frames[3])
        let alone = try OptaProcess.run(["render", r1, "--reveal", "-o", "\(folder)/alone.png"] + size)
        #expect(alone.status == 64 && alone.stderr.contains("--frames"), "\(alone.stderr)")
    }

    @Test func statsSayWhereTheExportsTimeWent() throws {
        let folder = temporaryFolder(), video = "\(folder)/run.mp4", statsPath = "\(folder)/stats.json"
        let result = try OptaProcess.run(["render", scenario, "--frames", "0...11", "--output", video,
                                          "--width", "160", "--height", "90", "--stats", statsPath])
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try JSONDecoder().decode([String: Double].self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
        #expect(stats["frames"] == 12)
        let total = try #require(stats["total_s"]), render = try #require(stats["render_s"])
        #expect(render > 0 && render <= total)
        // Seconds are written to 1 ms and shares to 0.0001: the share can be off by that rounding only.
        #expect(abs(try #require(stats["render_share"]) - render / total) <= 0.001 * (1 + render / total) / total + 0.0001)
        #expect(abs(try #require(stats["render_share"]) + (try #require(stats["encode_share"])) - 1) < 0.001)
        let opta = try #require(stats["opta_cpu_s"]), pipe = try #require(stats["pipe_cpu_s"]), ffmpeg = try #require(stats["ffmpeg_cpu_s"])
        #expect(pipe >= 0 && pipe <= opta + 0.01, "piping is part of Opta's CPU time")
        #expect(ffmpeg > 0)
        #expect(abs(try #require(stats["opta_cpu_share"]) - opta / (opta + ffmpeg)) < 0.01)
        #expect(stats["bytes"] == Double((try FileManager.default.attributesOfItem(atPath: video)[.size] as? Int) ?? -1))
    }

    @Test func aVideoNameWithoutFramesIsAnErrorNotAPNG() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", scenario, "-o", "\(folder)/anim.gif", "--width", "64", "--height", "64"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--frames"), "\(result.stderr)")
        let quality = try OptaProcess.run(["render", scenario, "--frames", "0...2", "-o", "\(folder)/a.gif", "--quality", "20"])
        #expect(quality.status == 64 && quality.stderr.contains("--quality"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func missingFFmpegIsOneLineNamingThePackage() throws {
        let folder = temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(folder)/no-such-folder"
        let result = try OptaProcess.run(["render", scenario, "--frames", "0...2", "-o", "\(folder)/run.mp4",
                                          "--width", "64", "--height", "64"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install ffmpeg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aFailingFFmpegIsReportedByItsLastErrorLine() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/bin", withIntermediateDirectories: true)
        try writeFile("#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 1\n", "\(folder)/bin/ffmpeg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(folder)/bin/ffmpeg")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(folder)/bin"
        let result = try OptaProcess.run(["render", scenario, "--frames", "0...20", "-o", "\(folder)/run.mp4",
                                          "--width", "64", "--height", "64"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("ffmpeg failed: Unknown encoder libx264"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/run.mp4"))
    }

    /// Starts a long export (R1 at 1920×1080) and returns the running opta and its ffmpeg.
    func startLongExport(to video: String) throws -> (Process, Int32) {
        let process = Process()
        process.executableURL = OptaProcess.executable
        process.arguments = ["render", "--frames", "0...2999", "--output", video]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let child = childProcesses(of: process.processIdentifier).first {
                Thread.sleep(forTimeInterval: 0.5)  // well into the export
                return (process, child)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate()
        throw MediaTools.Missing(tool: "a running ffmpeg child of opta")
    }

    /// Waits up to 3 s for `pid` to stop running.
    func ended(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            if !isRunning(pid) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    @Test func killMinus9MidExportLeavesNoFileAndNoFFmpeg() throws {
        let folder = temporaryFolder(), video = "\(folder)/run.mp4"
        let (process, child) = try startLongExport(to: video)
        #expect(isRunning(child))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(ended(child), "ffmpeg (pid \(child)) must die with opta")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing left in the folder")
    }

    @Test func ctrlCMidExportLeavesNoFileAndNoFFmpeg() throws {
        let folder = temporaryFolder(), video = "\(folder)/run.mp4"
        try writeFile("an older video", video)
        let (process, child) = try startLongExport(to: video)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(ended(child))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["run.mp4"])
        #expect(try String(contentsOfFile: video, encoding: .utf8) == "an older video", "the old file stays as it was")
    }
}
