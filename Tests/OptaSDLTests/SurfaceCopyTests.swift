@testable import OptaSDL
import Testing

/// Frames copied into a window's pixels: in the window's byte order, at the frame's place, and
/// only the bands of rows that changed reported (and rewritten).
@Suite struct SurfaceCopyTests {
    static let width = 40, height = 50, pitch = 64 * 4

    /// A frame whose every pixel differs from its neighbours.
    static func frame(seed: UInt32) -> [UInt32] {
        (0..<(width * height)).map { i in UInt32(truncatingIfNeeded: i) &* 2_654_435_761 &+ seed | 0xFF00_0000 }
    }

    static func copy(_ frame: [UInt32], into surface: inout [UInt32], order: SurfaceCopy.ByteOrder) -> [Range<Int>] {
        surface.withUnsafeMutableBytes { bytes in
            frame.withUnsafeBufferPointer { frame in
                SurfaceCopy.copy(frame, frameWidth: width, width: width, height: height, into: bytes.baseAddress!,
                                 pitch: pitch, left: 3, top: 5, order: order)
            }
        }
    }

    @Test(arguments: [SurfaceCopy.ByteOrder.redFirst, .blueFirst])
    func aFrameLandsInTheWindowsByteOrderAndOnlyChangedBandsAreSent(order: SurfaceCopy.ByteOrder) {
        var surface = [UInt32](repeating: 0, count: Self.pitch / 4 * 60)
        var frame = Self.frame(seed: 7)
        #expect(Self.copy(frame, into: &surface, order: order) == [5..<55], "the first frame is sent whole")
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let pixel = frame[y * Self.width + x]
                let expected = order == .redFirst ? pixel
                    : (pixel & 0xFF00_FF00) | (pixel & 0xFF) << 16 | (pixel >> 16) & 0xFF
                #expect(surface[(5 + y) * Self.pitch / 4 + 3 + x] == expected)
            }
        }
        #expect(surface[5 * Self.pitch / 4 + 2] == 0 && surface[4 * Self.pitch / 4 + 3] == 0, "nothing beside or above the frame")
        #expect(Self.copy(frame, into: &surface, order: order).isEmpty, "the same frame again sends nothing")
        // A pixel in the first band and one in the third: two bands sent.
        frame[2 * Self.width + 9] ^= 0x0000_0100
        frame[36 * Self.width + 0] ^= 0x0001_0000
        let before = surface
        #expect(Self.copy(frame, into: &surface, order: order) == [5..<21, 37..<53])
        let rowWords = Self.pitch / 4
        let changedRows = Set(zip(before, surface).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset / rowWords - 5 })
        #expect(changedRows == [2, 36])
        // Neighbouring bands that both changed are sent as one.
        frame[40 * Self.width + 1] ^= 0x0000_0001
        frame[49 * Self.width + 39] ^= 0x0000_0001
        #expect(Self.copy(frame, into: &surface, order: order) == [37..<55])
    }
}
