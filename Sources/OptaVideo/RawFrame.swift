import OptaRaster

/// A frame's bytes as ffmpeg's `rgba` input wants them: straight (not premultiplied) alpha.
enum RawFrame {
    /// Whether every pixel is opaque, so that the frame's memory can go to ffmpeg as it is:
    /// premultiplied and straight agree where alpha is 255, and `Framebuffer` packs R in the
    /// lowest byte, so memory reads R, G, B, A (on little-endian machines; elsewhere false).
    static func isOpaque(_ frame: Framebuffer) -> Bool {
        #if _endian(little)
        frame.pixels.withUnsafeBufferPointer { pixels in
            var all: UInt32 = 0xFF00_0000
            for p in pixels { all &= p }
            return all & 0xFF00_0000 == 0xFF00_0000
        }
        #else
        false
        #endif
    }
}
