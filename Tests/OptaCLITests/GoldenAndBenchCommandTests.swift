import Foundation
import OptaImage
import Testing

@Suite(.serialized) struct GoldenDiffCommandTests {
    func image(_ shade: UInt8, lineAt row: Int? = nil) -> RGBAImage {
        var img = RGBAImage(width: 40, height: 30, fill: (shade, shade, shade, 255))
        if let row {
            for x in 0..<40 { let i = (row * 40 + x) * 4; img.bytes[i] = 255; img.bytes[i + 1] = 0; img.bytes[i + 2] = 0 }
        }
        return img
    }

    @Test func identicalFilesMatch() throws {
        let folder = temporaryFolder()
        try PNGWriter.write(image(100), to: "\(folder)/a.png")
        try PNGWriter.write(image(100), to: "\(folder)/b.png")
        let result = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/b.png"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("match"))
    }

    @Test func differingFilesExitOneAndWriteADiff() throws {
        let folder = temporaryFolder()
        try PNGWriter.write(image(100), to: "\(folder)/a.png")
        try PNGWriter.write(image(100, lineAt: 10), to: "\(folder)/b.png")
        let result = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/b.png", "--output", "\(folder)/d.png"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("40 differing pixels"))
        let diff = try PNGReader.read(path: "\(folder)/d.png")
        #expect(diff.pixel(5, 10) == (255, 0, 0, 255))
        let lenient = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/b.png", "--max-pixels", "40"])
        #expect(lenient.status == 0)
    }

    @Test func unreadableAndMissingFilesAreClearErrors() throws {
        let folder = temporaryFolder()
        try PNGWriter.write(image(100), to: "\(folder)/a.png")
        try writeFile("not a png", "\(folder)/junk.png")
        let junk = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/junk.png"])
        #expect(junk.status == 65)
        #expect(junk.stderr.contains("junk.png"))
        let missing = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/none.png"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("none.png does not exist"))
        try PNGWriter.write(RGBAImage(width: 10, height: 10, fill: (0, 0, 0, 255)), to: "\(folder)/small.png")
        let size = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/small.png"])
        // Images of different sizes differ (exit 1), they are not bad data.
        #expect(size.status == 1)
        #expect(size.stdout.contains("size mismatch"))
    }
}

@Suite(.serialized) struct BenchCommandTests {
    @Test func jsonReportHasTheStableKeys() throws {
        let result = try OptaProcess.run(["bench", "--frames", "5", "--warmup", "1", "--width", "320", "--height", "180", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        for key in ["scenario", "frames", "p50_ms", "p95_ms", "p99_ms", "max_ms", "fps", "over_budget_share"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["frames"] as? Int == 5)
        #expect(object["scenario"] as? String == "default")
        let p50 = try #require(object["p50_ms"] as? Double), p99 = try #require(object["p99_ms"] as? Double)
        #expect(p50 > 0 && p99 >= p50)
    }

    @Test func accessibilityCostIsReportedOnRequest() throws {
        let result = try OptaProcess.run(["bench", "--frames", "3", "--warmup", "0", "--width", "320", "--height", "180",
                                          "--json", "--a11y"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let share = try #require(object["a11y_share"] as? Double)
        #expect(share > 0 && share < 1)
        #expect(object["a11y_p50_ms"] as? Double != nil)
    }

    @Test func tableReportNamesThePercentiles() throws {
        let scenario = OptaProcess.packageRoot.appendingPathComponent("Benchmarks/Scenarios/r1-landscape2d.json").path
        let result = try OptaProcess.run(["bench", scenario, "--frames", "3", "--warmup", "0", "--width", "200", "--height", "120"])
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["r1-landscape2d", "p50", "p95", "p99", "max", "fps", "over 16.7 ms"] {
            #expect(result.stdout.contains(word))
        }
    }

    @Test func interleavedScenariosEachGetTheirFramesAndARatioToTheFirst() throws {
        let scenes = OptaProcess.packageRoot.appendingPathComponent("Benchmarks/Scenarios")
        let result = try OptaProcess.run(["bench", scenes.appendingPathComponent("r1-landscape2d.json").path,
                                          scenes.appendingPathComponent("r2-graph.json").path, "--interleave",
                                          "--frames", "4", "--warmup", "1", "--width", "240", "--height", "160", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["scenario"] as? String } == ["r1-landscape2d", "r2-graph"])
        #expect(objects.map { $0["frames"] as? Int } == [4, 4])
        #expect(objects[0]["p50_vs_first"] as? Double == 1)
        let p50s = try objects.map { try #require($0["p50_ms"] as? Double) }
        let ratio = try #require(objects[1]["p50_vs_first"] as? Double)
        #expect(abs(ratio - p50s[1] / p50s[0]) < 0.01 * ratio)
    }
}
