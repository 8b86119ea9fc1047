import OptaRaster
import Testing

@Suite struct ShapeTests {
    @Test(arguments: [Float(1.5), 2.5, 3, 4, 10, 20.3])
    func diskAreaMatchesPiRSquared(radius: Float) {
        let fb = render([.disk(center: [32.3, 31.7], radius: radius, fill: .white, outlineWidth: 0, outline: .clear)])
        let area = Float.pi * radius * radius
        #expect(abs(fb.alphaSum - area) < area * 0.01, "r \(radius): \(fb.alphaSum) vs \(area)")
    }

    @Test func diskOutlineAtRimFillAtCentre() {
        let red = RGBA(1, 0, 0), blue = RGBA(0, 0, 1)
        let fb = render([.disk(center: [32, 32], radius: 10, fill: red, outlineWidth: 2, outline: blue)])
        #expect(fb[31, 31] == red.premultipliedPacked)
        // Pixel whose centre is on the rim: outline only.
        #expect(fb[41, 31] == blue.premultipliedPacked)
        #expect(fb[31, 22] == blue.premultipliedPacked)
        // Outline is centred on the rim: reaches radius + 1.
        #expect(fb.alpha(42, 31) > 0 && fb.alpha(43, 31) == 0)
        // Just inside the outline the fill shows again.
        #expect(fb[38, 31] == red.premultipliedPacked)
    }

    @Test func ringInkMatchesCircumferenceTimesWidth() {
        let fb = render([.ring(center: [32.2, 31.6], radius: 15, width: 2, color: .white)])
        let ink = 2 * Float.pi * 15 * 2
        #expect(abs(fb.alphaSum - ink) < ink * 0.01)
        #expect(fb.alpha(32, 31) == 0)
    }

    @Test func rectWithFractionalEdgesHasPartialCoverage() {
        let fb = render([.rect(PixelRectF(x0: 10.25, y0: 10, x1: 20.5, y1: 20.75), fill: .white)])
        #expect(fb.alpha(15, 15) == 1)
        #expect(abs(fb.alpha(10, 15) - 0.75) < 0.01)
        #expect(abs(fb.alpha(20, 15) - 0.5) < 0.01)
        #expect(abs(fb.alpha(15, 20) - 0.75) < 0.01)
        #expect(fb.alpha(9, 15) == 0 && fb.alpha(21, 15) == 0 && fb.alpha(15, 9) == 0 && fb.alpha(15, 21) == 0)
        #expect(abs(fb.alphaSum - 10.25 * 10.75) < 0.2)
    }

    @Test func masksBlendWithTheirColour() {
        let white = PackedColor.opaque(1, 1, 1)
        let coverage: [UInt8] = [0, 128, 255, 64, 255, 0]
        let fb = render(
            [.mask(x: 62, y: 10, width: 3, height: 2, coverage: coverage, color: RGBA(0, 0, 0))],
            background: white)
        #expect(fb[62, 10] == white)
        #expect(abs(fb.channel(63, 10, 0) - 127) <= 1 && fb.channel(63, 10, 3) == 255)
        #expect(fb[62, 11] != white)
        #expect(fb[63, 11] == PackedColor.opaque(0, 0, 0))
        // Column 64 is off the frame and is clipped; the row above is untouched.
        #expect(fb[62, 9] == white)
        let tinted = render([.mask(x: 0, y: 0, width: 2, height: 1, coverage: [255, 255], color: RGBA(0.2, 0.4, 0.6, 0.5))])
        #expect(tinted[0, 0] == RGBA(0.2, 0.4, 0.6, 0.5).premultipliedPacked)
    }
}
