import Foundation
import OptaRaster
import Testing

/// Colour pictures (emoji glyphs) in the draw list: copied pixel for pixel on whole pixels,
/// stretched with bilinear filtering and anti-aliased edges otherwise, blended premultiplied
/// source-over in list order, the same on any tile size or thread count.
@Suite struct ImageItemTests {
    /// A `w × h` picture of premultiplied pixels: a colour ramp with alpha falling to the right.
    func picture(_ w: Int, _ h: Int) -> [UInt32] {
        (0..<(w * h)).map { i in
            let x = i % w, y = i / w
            let a = 255 - x * 160 / max(1, w - 1)
            return PackedColor.premultiplied(r: UInt8(x * 255 / max(1, w - 1)), g: UInt8(y * 255 / max(1, h - 1)), b: 90, a: UInt8(a))
        }
    }

    @Test func onWholePixelsThePictureIsCopiedOverTheBackground() {
        let pixels = picture(5, 4)
        let grey = PackedColor.pack(r: 100, g: 100, b: 100, a: 255)
        let fb = render([.image(PixelRectF(x: 10, y: 20, width: 5, height: 4), width: 5, height: 4, pixels: pixels)], background: grey)
        for y in 0..<4 {
            for x in 0..<5 {
                let src = pixels[y * 5 + x]
                // Premultiplied over an opaque grey: c + 100 · (1 − a).
                let a = Int(src >> 24)
                for c in 0..<3 {
                    let expected = Int((src >> UInt32(8 * c)) & 0xFF) + (100 * (255 - a) + 127) / 255
                    #expect(abs(fb.channel(10 + x, 20 + y, c) - expected) <= 1, "(\(x), \(y)) channel \(c)")
                }
                #expect(fb.channel(10 + x, 20 + y, 3) == 255)
            }
        }
        // Nothing outside the rectangle.
        #expect(fb[9, 21] == grey && fb[15, 21] == grey && fb[12, 19] == grey && fb[12, 24] == grey)
    }

    @Test func aStretchedPictureCoversItsRectangleWithSoftEdges() {
        let opaque = [UInt32](repeating: PackedColor.pack(r: 200, g: 40, b: 10, a: 255), count: 16)
        let rect = PixelRectF(x0: 10.5, y0: 12.25, x1: 40.5, y1: 30.25)
        let fb = render([.image(rect, width: 4, height: 4, pixels: opaque)])
        // Ink equals the rectangle's area (a bilinear ramp across each edge, half in, half out).
        #expect(abs(fb.alphaSum - rect.width * rect.height) < 0.03 * rect.width * rect.height, "ink \(fb.alphaSum)")
        #expect(fb.alpha(25, 20) == 1 && fb[25, 20] == opaque[0])
        #expect(fb.alpha(5, 5) == 0)
        #expect(fb.alpha(10, 20) > 0 && fb.alpha(10, 20) < 1, "the left edge is anti-aliased")
    }

    @Test func pixelsDoNotDependOnTilesOrThreads() {
        let items: [DrawItem] = [
            .rect(PixelRectF(x0: 0, y0: 0, x1: 90, y1: 70), fill: RGBA(0.2, 0.5, 0.9, 1)),
            .image(PixelRectF(x0: 3.3, y0: 7.7, x1: 81.1, y1: 63.9), width: 23, height: 17, pixels: picture(23, 17)),
            .image(PixelRectF(x: 30, y: 8, width: 23, height: 17), width: 23, height: 17, pixels: picture(23, 17)),
        ]
        let one = render(items, width: 90, height: 70, threads: 1, tileSize: 64)
        for (threads, tile) in [(2, 16), (3, 32), (4, 256)] {
            #expect(render(items, width: 90, height: 70, threads: threads, tileSize: tile).pixels == one.pixels, "\(threads) threads, \(tile) px tiles")
        }
        // Red 95 (premultiplied) over the background's 51 at 1 − 95/255: 127.
        #expect(one.pixels.contains { $0 & 0xFF >= 120 }, "the picture's red end shows")
    }

    @Test func badPicturesDrawNothing() {
        let bad: [DrawItem] = [
            .image(PixelRectF(x: 1, y: 1, width: 4, height: 4), width: 4, height: 4, pixels: [0xFFFF_FFFF]),  // too few pixels
            .image(PixelRectF(x: 1, y: 1, width: 4, height: 4), width: -2, height: 4, pixels: []),
            .image(PixelRectF(x0: .nan, y0: 1, x1: 4, y1: 4), width: 1, height: 1, pixels: [0xFFFF_FFFF]),
            .image(PixelRectF(x0: 9, y0: 1, x1: 4, y1: 4), width: 1, height: 1, pixels: [0xFFFF_FFFF]),
            .image(PixelRectF(x0: 1e30, y0: 1, x1: 2e30, y1: 4), width: 1, height: 1, pixels: [0xFFFF_FFFF]),
            .image(PixelRectF(x0: -2e30, y0: -2e30, x1: 2e30, y1: 2e30), width: 1, height: 1, pixels: [0xFFFF_FFFF]),
        ]
        let fb = render(Array(bad.dropLast()))
        #expect(fb.inkedPixels == 0)
        // A huge rectangle over the frame is drawn (clamped), not trapped on.
        #expect(render([bad.last!]).inkedPixels == 64 * 64)
    }
}
