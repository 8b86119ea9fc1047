import Foundation
import OptaImage
import Testing

/// messages name the real flag, the value and the limit; small fixes.
@Suite(.serialized) struct MessageTests {
    func expect(_ arguments: [String], status: Int32, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try OptaProcess.run(arguments)
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        for text in mentions { #expect(result.stderr.contains(text), "\(result.stderr)", sourceLocation: sourceLocation) }
    }

    @Test func negativeNumbersAreValuesCheckedAgainstTheirRange() throws {
        try expect(["render", "--width", "-5", "-o", "/dev/null"], status: 64, mentions: ["--width must be from 1 to 16384, got -5"])
        try expect(["solve", "--steps", "-3"], status: 64, mentions: ["--steps must be from 0 to", "got -3"])
        try expect(["golden", "diff", "a.png", "b.png", "--max-pixels", "-1"], status: 64, mentions: ["--max-pixels must be 0 or more, got -1"])
    }

    @Test func domainErrorsNameTheDomainFlag() throws {
        try expect(["render", "--expression", "x", "--domain", "1,1,-1,1", "-o", "/dev/null"], status: 64,
                   mentions: ["--domain (its x range, xmin,xmax) must be [min, max]"])
        let result = try OptaProcess.run(["render", "--expression", "x", "--domain", "-1,1,2,2", "-o", "/dev/null"])
        #expect(!result.stderr.contains("--x") && !result.stderr.contains("--y ") && !result.stderr.contains("--landscape"), "\(result.stderr)")
    }

    @Test func frameRangesStateTheirLimits() throws {
        let folder = temporaryFolder()
        try expect(["render", "--frames", "0...99999999999", "--output-dir", folder], status: 64,
                   mentions: ["--frames may reach frame 1000000 at most", "docs/limits.md"])
        try expect(["render", "--frames", "0...200000", "--output-dir", folder], status: 64,
                   mentions: ["--frames writes at most 100000 frames"])
        try expect(["render", "--frames", "5...1", "--output-dir", folder], status: 64, mentions: ["needs A ≤ B, got 5...1"])
        try expect(["view", "--frames", "100000000"], status: 64, mentions: ["--frames must be from 1 to 1000000"])
        try expect(["bench", "--frames", "100000000"], status: 64, mentions: ["--frames must be from 1 to 1000000"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func versionIsPrinted() throws {
        let result = try OptaProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("opta 0."), "\(result.stdout)")
    }

    @Test func goldenDiffOfDifferentSizesExits1WithADiffImageOfBothExtents() throws {
        let folder = temporaryFolder()
        let white = RGBAImage(width: 10, height: 10, bytes: [UInt8](repeating: 255, count: 400))
        let wide = RGBAImage(width: 14, height: 6, bytes: [UInt8](repeating: 255, count: 14 * 6 * 4))
        try PNGWriter.write(white, to: "\(folder)/a.png")
        try PNGWriter.write(wide, to: "\(folder)/b.png")
        let result = try OptaProcess.run(["golden", "diff", "\(folder)/a.png", "\(folder)/b.png", "-o", "\(folder)/d.png"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("size mismatch: expected 10×10, actual 14×6"))
        let diff = try PNGReader.read(path: "\(folder)/d.png")
        #expect(diff.width == 14 && diff.height == 10)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.bytes[(y * 14 + x) * 4..<(y * 14 + x) * 4 + 3]) }
        #expect(pixel(2, 8) == [40, 90, 255])   // only in expected: blue
        #expect(pixel(12, 2) == [255, 40, 40])  // only in actual: red
        #expect(pixel(12, 8) == [255, 255, 255])
    }
}

/// a long force layout shows its progress instead of running silently.
@Suite(.serialized) struct LongWorkProgressTests {
    @Test func aLargeForceLayoutReportsProgressOnStandardError() throws {
        let folder = temporaryFolder()
        let n = 4000
        let nodes = (0..<n).map { "{\"id\": \"n\($0)\"}" }.joined(separator: ",")
        let edges = (0..<n).map { "{\"from\": \"n\($0)\", \"to\": \"n\(($0 * 7 + 1) % n)\"}" }.joined(separator: ",")
        try writeFile("{\"version\": 1, \"graph\": {\"nodes\": [\(nodes)], \"edges\": [\(edges)], \"layout\": {\"method\": \"force\", \"iterations\": 250}}}",
                      "\(folder)/g.json")
        let result = try OptaProcess.run(["render", "\(folder)/g.json", "-o", "\(folder)/g.png", "--width", "160", "--height", "120"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("layout iterations (4000 nodes)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 12, "\(result.stderr)")
    }
}
