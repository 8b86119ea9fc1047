import OptaRaster

/// A frame's bytes as ffmpeg's `rgba` input wants them: straight (not premultiplied) alpha.
enum RawFrame {
    /// Calls `body` with the frame's straight RGBA bytes. Opaque frames (the usual case) are
    /// passed as they are in memory, with no copy: premultiplied and straight agree where alpha
    /// is 255, and `Framebuffer` packs R in the lowest byte, so memory reads R, G, B, A.
    static func withStraightRGBA<R>(_ frame: Framebuffer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        #if _endian(little)
        let opaque = frame.pixels.withUnsafeBufferPointer { pixels in
            var all: UInt32 = 0xFF00_0000
            for p in pixels { all &= p }
            return all & 0xFF00_0000 == 0xFF00_0000
        }
        if opaque { return frame.pixels.withUnsafeBytes(body) }
        #endif
        return frame.straightRGBA().withUnsafeBytes(body)
    }
}
