/// Copies a frame into a window's pixel memory and finds the rows that changed, so that only those
/// are sent to the display: a live view where only paths grow changes a few bands of a frame, and
/// sending the whole 33 MB of a 3840×2160 frame each time is most of a frame's budget.
enum SurfaceCopy {
    /// Where a window keeps its red and blue in a pixel's 32 bits.
    enum ByteOrder {
        /// Red in the lowest byte, as in frames (`ABGR8888`, `XBGR8888`).
        case redFirst
        /// Blue in the lowest byte (`ARGB8888`, `XRGB8888`, usual on X11).
        case blueFirst
    }

    /// Rows are compared and reported in bands of this many.
    static let bandHeight = 16

    /// Copies the `width`×`height` pixels of `frame` (rows `frameWidth` pixels apart) into
    /// `surface` (rows `pitch` bytes apart), with its top-left at row `top`, column `left`, in
    /// `order`, and returns the bands of surface rows whose pixels changed (consecutive bands
    /// merged). A band is rewritten only when it changed.
    static func copy(_ frame: UnsafeBufferPointer<UInt32>, frameWidth: Int, width: Int, height: Int,
                     into surface: UnsafeMutableRawPointer, pitch: Int, left: Int, top: Int, order: ByteOrder) -> [Range<Int>] {
        guard width > 0, height > 0, let source = frame.baseAddress else { return [] }
        var changed: [Range<Int>] = []
        var bandStart = 0
        while bandStart < height {
            let band = bandStart..<min(height, bandStart + bandHeight)
            var differs = false
            for y in band where !differs {
                let target = (surface + (top + y) * pitch).assumingMemoryBound(to: UInt32.self) + left
                differs = rowDiffers(source + y * frameWidth, target, count: width, order: order)
            }
            if differs {
                for y in band {
                    let target = (surface + (top + y) * pitch).assumingMemoryBound(to: UInt32.self) + left
                    copyRow(source + y * frameWidth, target, count: width, order: order)
                }
                let rows = (top + band.lowerBound)..<(top + band.upperBound)
                if let last = changed.last, last.upperBound == rows.lowerBound {
                    changed[changed.count - 1] = last.lowerBound..<rows.upperBound
                } else {
                    changed.append(rows)
                }
            }
            bandStart = band.upperBound
        }
        return changed
    }

    /// A frame pixel in `order`.
    @inline(__always)
    static func converted(_ pixel: UInt32, _ order: ByteOrder) -> UInt32 {
        switch order {
        case .redFirst: pixel
        case .blueFirst: (pixel & 0xFF00_FF00) | (pixel & 0xFF) << 16 | (pixel >> 16) & 0xFF
        }
    }

    private static func rowDiffers(_ source: UnsafePointer<UInt32>, _ target: UnsafeMutablePointer<UInt32>, count: Int,
                                   order: ByteOrder) -> Bool {
        var difference: UInt32 = 0
        switch order {
        case .redFirst: for i in 0..<count { difference |= source[i] ^ target[i] }
        case .blueFirst: for i in 0..<count { difference |= converted(source[i], .blueFirst) ^ target[i] }
        }
        return difference != 0
    }

    private static func copyRow(_ source: UnsafePointer<UInt32>, _ target: UnsafeMutablePointer<UInt32>, count: Int,
                                order: ByteOrder) {
        switch order {
        case .redFirst: target.update(from: source, count: count)
        case .blueFirst: for i in 0..<count { target[i] = converted(source[i], .blueFirst) }
        }
    }
}
