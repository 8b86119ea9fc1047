@testable import OptaRaster
import Testing

@Suite struct TileTargetFillTests {
    /// A 40 × 12 frame of 7s, with a 13 × 5 tile at (20, 4) (not a multiple of 8 wide).
    private func fillTile(after change: (inout PixelBuffer) -> Void) -> [UInt32] {
        var frame = Framebuffer(width: 40, height: 12, fill: 7)
        change(&frame.pixels)
        let rect = PixelRect(x0: 20, y0: 4, x1: 33, y1: 9)
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            TileTarget(rect: rect, stride: 40, base: pixels.baseAddress!).fill(9)
        }
        return Array(frame.pixels)
    }

    private func expected(outside: (Int) -> UInt32) -> [UInt32] {
        (0..<(40 * 12)).map { i in
            let x = i % 40, y = i / 40
            return (20..<33).contains(x) && (4..<9).contains(y) ? 9 : outside(i)
        }
    }

    @Test func everyPixelOfTheTileGetsTheColourAndNothingElse() {
        #expect(fillTile { _ in } == expected { _ in 7 })
    }

    @Test func rowsThatDifferAnywhereAreRewritten() {
        // Rows already of the colour, one differing in its last pixel (past the 8-wide blocks),
        // one differing in its first; and pixels just outside the tile that must stay.
        let filled = fillTile { pixels in
            for y in 4..<9 { for x in 20..<33 { pixels[y * 40 + x] = 9 } }
            pixels[5 * 40 + 32] = 1
            pixels[7 * 40 + 20] = 2
            pixels[6 * 40 + 19] = 3
            pixels[6 * 40 + 33] = 4
        }
        #expect(filled == expected { i in i == 6 * 40 + 19 ? 3 : i == 6 * 40 + 33 ? 4 : 7 })
    }
}
