import Foundation
import Testing
@testable import OptaImage

/// The folder every test's folder lives in, removed when the test process exits.
let testFoldersRoot: String = {
    let root = NSTemporaryDirectory() + "opta-image-tests-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: testFoldersRoot) }
    return root
}()

/// A fresh empty folder under the system temporary folder.
func makeTemporaryFolder() -> String {
    let path = testFoldersRoot + "/\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func gradientImage(width: Int = 37, height: Int = 23) -> RGBAImage {
    var bytes = [UInt8]()
    for y in 0..<height {
        for x in 0..<width {
            bytes += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x * y) % 256), UInt8(255 - (x % 7) * 30)]
        }
    }
    return RGBAImage(width: width, height: height, bytes: bytes)
}

@Test func pngRoundTripKeepsEveryByte() throws {
    let folder = makeTemporaryFolder()
    let image = gradientImage()
    for compression in PNGCompression.allCases {
        let path = "\(folder)/round-\(compression).png"
        try PNGWriter.write(image, to: path, compression: compression)
        #expect(try PNGReader.read(path: path) == image)
    }
}

@Test func smallCompressionIsNotLargerThanFast() throws {
    let image = gradientImage(width: 200, height: 200)
    let fast = try PNGWriter.encode(image, compression: .fast)
    let small = try PNGWriter.encode(image, compression: .small)
    #expect(small.count <= fast.count)
}

@Test func writeLeavesNoTemporaryFiles() throws {
    let folder = makeTemporaryFolder()
    try PNGWriter.write(gradientImage(), to: "\(folder)/a.png")
    try PNGWriter.write(gradientImage(width: 5, height: 5), to: "\(folder)/a.png")  // replaces
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.png"])
    #expect(try PNGReader.read(path: "\(folder)/a.png").width == 5)
}

@Test func missingFolderIsRejectedBeforeWriting() {
    let folder = makeTemporaryFolder()
    #expect(throws: PNGError.self) { try PNGWriter.write(gradientImage(), to: "\(folder)/nope/a.png") }
    do { try PNGWriter.write(gradientImage(), to: "\(folder)/nope/a.png") } catch {
        #expect(error.kind == .unwritable)
        #expect(error.description.contains("does not exist"))
    }
}

@Test func failedWriteKeepsTheOldFile() throws {
    // A folder that cannot take new files even for root: /proc.
    #expect(throws: PNGError.self) { try AtomicFile.write([1, 2, 3], to: "/proc/opta-test.png") }
    #expect(!FileManager.default.fileExists(atPath: "/proc/opta-test.png"))
}

@Test func readingMissingOrBrokenFilesSaysWhy() throws {
    let folder = makeTemporaryFolder()
    do { _ = try PNGReader.read(path: "\(folder)/none.png"); Issue.record("expected an error") } catch {
        #expect(error.kind == .missing)
    }
    let broken = "\(folder)/broken.png"
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: broken))
    do { _ = try PNGReader.read(path: broken); Issue.record("expected an error") } catch {
        #expect(error.kind == .unreadable)
        #expect(error.description.contains(broken))
    }
    // A truncated PNG: the header is fine, the data is cut off.
    let full = try PNGWriter.encode(gradientImage())
    let truncated = "\(folder)/truncated.png"
    try Data(full.prefix(full.count / 2)).write(to: URL(fileURLWithPath: truncated))
    #expect(throws: PNGError.self) { _ = try PNGReader.read(path: truncated) }
}

/// Found by FuzzPNG: a 60-byte file whose second chunk claims 1.9 GB made libpng allocate and clear
/// that much (5.6 s, 1.9 GB) before finding the data missing. The chunk walk refuses it first.
@Test func aChunkLongerThanTheFileIsRefusedBeforeLibpngAllocatesIt() {
    let bytes: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x06, 0x08, 0x06, 0x00, 0x00, 0x00, 0xFE, 0x05, 0xDF,
        0xFB, 0x73, 0x42, 0x49, 0x54, 0x7A, 0x54, 0x58, 0x74, 0x49, 0x44, 0x41, 0x54, 0x08, 0x5B, 0x60,
        0xF8, 0x4F, 0x00, 0x30, 0x0C, 0x25, 0x05, 0x44, 0xFF, 0xFF, 0xFF, 0xFF,
    ]
    #expect(throws: PNGError.self) { try PNGReader.decode(bytes, source: "fuzz.png") }
    do {
        _ = try PNGReader.decode(bytes, source: "fuzz.png")
    } catch {
        #expect("\(error)".contains("chunk zTXt at byte 33 says it holds 1933723988 bytes, but only 15 follow"), "\(error)")
    }
}
