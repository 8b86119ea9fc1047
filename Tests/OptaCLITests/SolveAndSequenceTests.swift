import Foundation
import OptaImage
import Testing

@Suite(.serialized) struct SolveCommandTests {
    let scenario = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path

    @Test func jsonReportHasTheAgreedKeys() throws {
        let result = try OptaProcess.run(["solve", scenario, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 4)
        for object in array {
            for key in ["id", "method", "point", "f", "gradNorm", "steps", "status"] { #expect(object[key] != nil, "\(key)") }
            #expect(["running", "converged", "stopped", "diverged"].contains(object["status"] as? String ?? ""))
        }
        let nelderMead = try #require(array.first { $0["method"] as? String == "nelder-mead" })
        let point = try #require(nelderMead["point"] as? [Double])
        #expect(abs(point[0] - 3) < 1e-3 && abs(point[1] - 2) < 1e-3, "Nelder–Mead from (0, 0) finds Himmelblau's (3, 2)")
    }

    @Test func checkpointAndResumeEqualAnUninterruptedRun() throws {
        let folder = temporaryFolder()
        let first = try OptaProcess.run(["solve", scenario, "--steps", "40", "--checkpoint", "\(folder)/half.json"])
        #expect(first.status == 0, "\(first.stderr)")
        let resumed = try OptaProcess.run(["solve", scenario, "--resume", "\(folder)/half.json", "--steps", "70", "--json"])
        let straight = try OptaProcess.run(["solve", scenario, "--steps", "110", "--json"])
        #expect(resumed.status == 0 && straight.status == 0)
        #expect(resumed.stdout == straight.stdout)
    }

    @Test func badInputIsReported() throws {
        let folder = temporaryFolder()
        let noSolvers = OptaProcess.packageRoot.appendingPathComponent("Examples/himmelblau.json").path
        let none = try OptaProcess.run(["solve", noSolvers])
        #expect(none.status == 65)
        #expect(none.stderr.contains("has no solvers"))
        try writeFile("{}", "\(folder)/junk.json")
        let junk = try OptaProcess.run(["solve", scenario, "--resume", "\(folder)/junk.json"])
        #expect(junk.status == 65)
        #expect(junk.stderr.contains("is not an Opta checkpoint"))
        try writeFile("""
            {"version": 1, "landscape": {"function": "booth"},
             "solvers": [{"method": "adam", "start": [0, 0], "params": {"learningRate": -1}}]}
            """, "\(folder)/bad.json")
        let bad = try OptaProcess.run(["solve", "\(folder)/bad.json"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("solvers[0].params.learningRate must be > 0"), "\(bad.stderr)")
    }
}

@Suite(.serialized) struct FrameSequenceTests {
    let scenario = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path

    @Test func framesAreWrittenAsANumberedSequenceWithProgress() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", scenario, "--frames", "3...7", "--output-dir", folder,
                                          "--width", "160", "--height", "90"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == (3...7).map { String(format: "frame-%05d.png", $0) })
        #expect(result.stderr.contains("5/5 frames"), "plain progress lines when not a terminal")
    }

    @Test func frameNOfASequenceEqualsASingleFrameRender() throws {
        let folder = temporaryFolder()
        _ = try OptaProcess.run(["render", scenario, "--frames", "0...12", "--output-dir", folder, "--width", "160", "--height", "90"])
        let single = try OptaProcess.run(["render", scenario, "--frame", "12", "-o", "\(folder)/single.png",
                                          "--width", "160", "--height", "90"])
        #expect(single.status == 0)
        #expect(try PNGReader.read(path: "\(folder)/single.png") == PNGReader.read(path: "\(folder)/frame-00012.png"))
        let other = try OptaProcess.run(["render", scenario, "--frame", "3", "-o", "\(folder)/early.png",
                                         "--width", "160", "--height", "90"])
        #expect(other.status == 0)
        #expect(try PNGReader.read(path: "\(folder)/early.png") != PNGReader.read(path: "\(folder)/single.png"))
    }

    @Test func replayIsDeterministicAndActionsShowInThePicture() throws {
        let folder = temporaryFolder()
        try writeFile("""
            {"frame": 2, "action": {"type": "zoom", "factor": 2, "about": [0.5, 0.5]}}
            {"frame": 4, "action": {"type": "setColormap", "name": "magma"}}
            {"frame": 5, "action": {"type": "pauseSolvers"}}
            """, "\(folder)/trace.jsonl")
        var images: [RGBAImage] = []
        for name in ["a", "b"] {
            let result = try OptaProcess.run(["render", scenario, "--replay", "\(folder)/trace.jsonl", "--frame", "9",
                                              "-o", "\(folder)/\(name).png", "--width", "200", "--height", "120"])
            #expect(result.status == 0, "\(result.stderr)")
            images.append(try PNGReader.read(path: "\(folder)/\(name).png"))
        }
        #expect(images[0] == images[1])
        let plain = try OptaProcess.run(["render", scenario, "--frame", "9", "-o", "\(folder)/plain.png",
                                         "--width", "200", "--height", "120"])
        #expect(plain.status == 0)
        #expect(try PNGReader.read(path: "\(folder)/plain.png") != images[0])
    }

    @Test func sequenceOptionsAreChecked() throws {
        let folder = temporaryFolder()
        let noDir = try OptaProcess.run(["render", scenario, "--frames", "0...3"])
        #expect(noDir.status == 64 && noDir.stderr.contains("--output-dir"))
        let badRange = try OptaProcess.run(["render", scenario, "--frames", "5...2", "--output-dir", folder])
        #expect(badRange.status == 64)
        let missing = try OptaProcess.run(["render", scenario, "--frames", "0...3", "--output-dir", "\(folder)/nope"])
        #expect(missing.status == 64 && missing.stderr.contains("does not exist"))
        try writeFile("{\"frame\": 1, \"action\": {\"type\": \"spin\"}}\n", "\(folder)/bad.jsonl")
        let badTrace = try OptaProcess.run(["render", scenario, "--replay", "\(folder)/bad.jsonl", "--frame", "2", "-o", "\(folder)/x.png"])
        #expect(badTrace.status == 65)
        #expect(badTrace.stderr.contains("bad.jsonl:1.action.type must be one of"), "\(badTrace.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.isEmpty)
    }
}
