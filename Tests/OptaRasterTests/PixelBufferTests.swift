import OptaRaster
import Testing

@Suite struct PixelBufferTests {
    private static func address(_ pixels: PixelBuffer) -> Int {
        pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }

    @Test func framesStartOnACacheLineAndLargeOnesOnAPage() {
        for (width, height) in [(1, 1), (7, 3), (60, 60), (1920, 1080)] {
            let frame = Framebuffer(width: width, height: height)
            #expect(Self.address(frame.pixels) % PixelBuffer.alignment == 0, "\(width) × \(height)")
        }
        for count in [PixelBuffer.pageAlignedBytes / 4, 1920 * 1080, 3 * 1024 * 1024 + 5] {
            #expect(Self.address(PixelBuffer(repeating: 0, count: count)) % 4096 == 0, "\(count) pixels")
        }
    }

    @Test func aCopyKeepsItsPixelsWhenTheOriginalChanges() {
        var frame = Framebuffer(width: 40, height: 30, fill: 5)
        let before = frame
        frame[3, 2] = 9
        #expect(before[3, 2] == 5 && frame[3, 2] == 9)
        let second = frame
        frame.clear(to: 1)
        #expect(second.pixels.allSatisfy { $0 == 5 || $0 == 9 } && frame.pixels.allSatisfy { $0 == 1 })
        #expect(Self.address(second.pixels) != Self.address(frame.pixels))
        #expect(Self.address(before.pixels) != Self.address(second.pixels))
    }

    @Test func anUnsharedBufferChangesInPlace() {
        var pixels = PixelBuffer(repeating: 2, count: 100)
        let address = Self.address(pixels)
        pixels[10] = 3
        pixels.withUnsafeMutableBufferPointer { $0[11] = 4 }
        #expect(Self.address(pixels) == address)
        #expect(Array(pixels[9...12]) == [2, 3, 4, 2])
    }

    @Test func equalityComparesEveryPixel() {
        let a = PixelBuffer([1, 2, 3, 4])
        var b = a
        #expect(a == b)
        b[3] = 5
        #expect(a != b)
        #expect(PixelBuffer([1, 2, 3, 4]) == a)
        #expect(PixelBuffer([1, 2, 3]) != a)
        #expect(PixelBuffer() == PixelBuffer([]))
        #expect(PixelBuffer() != PixelBuffer([0]))
    }

    @Test func anArrayRoundTripsWithItsCountAndBytes() {
        let values: [UInt32] = [0xFF00_0000, 0x1234_5678, 0, 0xFFFF_FFFF, 42]
        let pixels = PixelBuffer(values)
        #expect(pixels.count == values.count && Array(pixels) == values)
        let bytes = pixels.withUnsafeBytes { Array($0) }
        #expect(bytes == values.withUnsafeBytes { Array($0) })
    }
}
