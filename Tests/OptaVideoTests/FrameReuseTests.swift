import Foundation
import OptaRaster
import Testing
@testable import OptaVideo

/// `VideoEncoder.reusableFrame()`: frames go round between the caller and the writer without
/// a frame being handed out again while its pixels still wait to be piped.
@Suite struct FrameReuseTests {
    /// A stand-in `ffmpeg` that copies the raw frames it is given into the video file (fd 3), after
    /// a pause in which the pipe fills: a frame handed out again too early would be overwritten there.
    func rawCopyingFFmpeg() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opta-reuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = "\(folder)/ffmpeg"
        try Data("#!/bin/sh\nsleep 0.5\nexec cat >&3\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return folder
    }

    /// The opaque colour of frame `k` (packed R, G, B, A from the lowest byte).
    func color(_ k: Int) -> UInt32 { 0xFF00_0000 | UInt32(k & 0xFF) | UInt32((k * 37) & 0xFF) << 8 | 0x40 << 16 }

    @Test func everyFrameIsPipedAsDrawnThoughFramesAreReused() throws {
        let folder = try rawCopyingFFmpeg()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (width, height, count) = (64, 48, 40)
        var settings = VideoEncoder.Settings(format: .mp4, width: width, height: height, fps: 30)
        settings.searchPath = folder
        settings.queueCapacity = 2
        let encoder = try VideoEncoder(path: "\(folder)/raw.mp4", settings: settings)
        for k in 0..<count {
            var frame = encoder.reusableFrame()
            frame.clear(to: color(k))  // a reused frame is drawn over whole, as figures do
            try encoder.append(consume frame)
        }
        let report = try encoder.finish()
        #expect(report.framesWritten == count)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/raw.mp4")))
        #expect(bytes.count == count * width * height * 4)
        for k in 0..<count {
            let frame = bytes[(k * width * height * 4)..<((k + 1) * width * height * 4)]
            let expected = withUnsafeBytes(of: color(k).littleEndian) { Array($0) }
            let wrong = stride(from: frame.startIndex, to: frame.endIndex, by: 4).first { !frame[$0..<($0 + 4)].elementsEqual(expected) }
            #expect(wrong == nil, "frame \(k) was overwritten before it was piped")
        }
        // The frames went round: after the export a spare frame holds a picture piped earlier.
        let spare = encoder.reusableFrame()
        #expect(spare.width == width && spare.height == height)
        #expect((0..<count).map(color).contains(spare.pixels[0]), "a piped frame is handed out again")
    }
}
