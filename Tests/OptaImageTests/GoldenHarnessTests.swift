import Foundation
import Testing
@testable import OptaImage

func harness(_ mode: GoldenRecordMode) -> (GoldenHarness, String) {
    let root = makeTemporaryFolder()
    try? FileManager.default.createDirectory(atPath: "\(root)/Goldens", withIntermediateDirectories: true)
    let h = GoldenHarness(goldensDirectory: URL(fileURLWithPath: "\(root)/Goldens"),
                          failuresDirectory: URL(fileURLWithPath: "\(root)/failures"), mode: mode)
    return (h, root)
}

@Test func missingGoldenFailsInNeverMode() {
    let (h, root) = harness(.never)
    #expect(throws: GoldenFailure.self) { try h.verify(canvas(8, 8, uniform), named: "x", tolerance: lenient) }
    #expect(FileManager.default.fileExists(atPath: "\(root)/failures/x/actual.png"))
    #expect(!FileManager.default.fileExists(atPath: "\(root)/Goldens/x.png"))
}

@Test func missingModeRecordsOnlyMissingGoldens() throws {
    let (h, _) = harness(.missing)
    #expect(try h.verify(canvas(8, 8, uniform), named: "x", tolerance: lenient) == .recorded(path: h.goldenPath("x")))
    #expect(try h.verify(canvas(8, 8, uniform), named: "x", tolerance: lenient) == .identical)
    #expect(throws: GoldenFailure.self) { try h.verify(canvas(8, 8) { _, _ in (200, 50, 50) }, named: "x", tolerance: lenient) }
}

@Test func failureWritesThreeImagesAndFigures() throws {
    let (h, root) = harness(.missing)
    try h.verify(canvas(16, 16, uniform), named: "y", tolerance: lenient)
    var changed = canvas(16, 16, uniform)
    for x in 0..<16 { setPixel(&changed, x, 3, (255, 255, 0)) }
    do {
        try GoldenHarness(goldensDirectory: h.goldensDirectory, failuresDirectory: h.failuresDirectory, mode: .never)
            .verify(changed, named: "y", tolerance: lenient)
        Issue.record("expected a failure")
    } catch {
        #expect(error.description.contains("16 differing pixels"))
        #expect(error.description.contains("threshold 0.1"))
        for file in ["expected", "actual", "diff"] {
            #expect(FileManager.default.fileExists(atPath: "\(root)/failures/y/\(file).png"))
        }
    }
}

@Test func allModeReRecords() throws {
    let (h, _) = harness(.missing)
    try h.verify(canvas(8, 8, uniform), named: "z", tolerance: lenient)
    let rerecord = GoldenHarness(goldensDirectory: h.goldensDirectory, failuresDirectory: h.failuresDirectory, mode: .all)
    try rerecord.verify(canvas(8, 8, gradient), named: "z", tolerance: lenient)
    #expect(try PNGReader.read(path: h.goldenPath("z")) == canvas(8, 8, gradient))
}

@Test func unreadableOrMismatchedGoldensFailLoudly() throws {
    let (h, _) = harness(.never)
    try Data("junk".utf8).write(to: URL(fileURLWithPath: h.goldenPath("bad")))
    do { try h.verify(canvas(8, 8, uniform), named: "bad", tolerance: lenient); Issue.record("expected failure") } catch {
        #expect(error.description.contains("cannot read the reference"))
    }
    try PNGWriter.write(canvas(4, 4, uniform), to: h.goldenPath("small"))
    do { try h.verify(canvas(8, 8, uniform), named: "small", tolerance: lenient); Issue.record("expected failure") } catch {
        #expect(error.description.contains("size mismatch"))
    }
}
