import Dispatch
import Synchronization

/// A rectangle of whole pixels, half-open: x in `x0..<x1`, y in `y0..<y1`.
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// The overlap of two rectangles (empty when they do not touch).
    public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: Swift.max(x0, o.x0), y0: Swift.max(y0, o.y0), x1: Swift.min(x1, o.x1), y1: Swift.min(y1, o.y1))
    }
}

/// Write access to one tile of a framebuffer during a parallel render pass.
///
/// A `TileTarget` may only touch pixels inside `rect`; the pass hands disjoint tiles to
/// different threads, so no two threads ever write the same pixel.
public struct TileTarget {
    /// The tile's pixels in frame coordinates.
    public let rect: PixelRect
    /// Pixels from one row of the frame to the next (its width, or more in a caller's padded rows).
    public let stride: Int
    @usableFromInline let base: UnsafeMutablePointer<UInt32>

    @inlinable
    init(rect: PixelRect, stride: Int, base: UnsafeMutablePointer<UInt32>) {
        self.rect = rect; self.stride = stride; self.base = base
    }

    /// Pointer to pixel (0, y) of the frame's row y; index it with frame x in `rect.x0..<rect.x1`.
    @inlinable @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        base + y &* stride
    }
}

/// Splits a frame into square tiles and runs a per-tile pass on several threads.
///
/// Tiles are handed out in a fixed order from a shared counter. Each pixel's value must depend
/// only on the pass's inputs, never on which thread renders it, so the bytes are the same for
/// any thread count.
public enum TileScheduler {
    /// The default tile edge: a 64×64 RGBA8 tile (16 KiB) stays in L1.
    public static let defaultTileSize = 64

    /// The tiles covering a `width × height` frame, row by row.
    public static func tiles(width: Int, height: Int, tileSize: Int = defaultTileSize) -> [PixelRect] {
        var rects: [PixelRect] = []
        rects.reserveCapacity(((width + tileSize - 1) / tileSize) * ((height + tileSize - 1) / tileSize))
        var y = 0
        while y < height {
            var x = 0
            while x < width {
                rects.append(PixelRect(x0: x, y0: y, x1: Swift.min(x + tileSize, width), y1: Swift.min(y + tileSize, height)))
                x += tileSize
            }
            y += tileSize
        }
        return rects
    }

    /// Runs `body` once for every tile of `framebuffer`, on up to `threads` threads.
    ///
    /// With a `region`, only the region is cut into tiles, and the targets address it as if it were
    /// a whole frame: a target's pixel (x, y) is the frame's (region.x0 + x, region.y0 + y).
    public static func forEachTile(
        of framebuffer: inout Framebuffer, region: PixelRect? = nil, threads: Int, tileSize: Int = defaultTileSize,
        _ body: @Sendable (inout TileTarget) -> Void
    ) {
        _ = framebuffer.withFramePixels { forEachTile(of: $0, region: region, threads: threads, tileSize: tileSize, body) }
    }

    /// Runs `body` once for every tile of the frame in `pixels` (a framebuffer's or caller memory),
    /// on up to `threads` threads; `region` as above.
    static func forEachTile(
        of pixels: FramePixels, region: PixelRect? = nil, threads: Int, tileSize: Int = defaultTileSize,
        _ body: @Sendable (inout TileTarget) -> Void
    ) {
        let whole = PixelRect(x0: 0, y0: 0, x1: pixels.width, y1: pixels.height)
        let area = region ?? whole
        guard !area.isEmpty else { return }
        precondition(area.intersection(whole) == area, "a tiled region lies inside the frame")
        let rects = tiles(width: area.width, height: area.height, tileSize: tileSize)
        let stride = pixels.stride
        let workers = Swift.max(1, Swift.min(threads, rects.count))
        let base = pixels.base + area.y0 * stride + area.x0
        if workers == 1 {
            for rect in rects {
                var target = TileTarget(rect: rect, stride: stride, base: base)
                body(&target)
            }
            return
        }
        let shared = SharedPixels(base: base)
        let next = Atomic<Int>(0)
        // Tiles are handed out column by column, so threads draw tiles one above another rather
        // than side by side: where rows do not start on a 64-byte cache line (a Swift array's
        // pixels, a numpy array), the line at the seam of two tiles in a row is then never
        // written by two threads at once.
        let down = (area.height + tileSize - 1) / tileSize, across = rects.count / down
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if index >= rects.count { break }
                var target = TileTarget(rect: rects[(index % down) * across + index / down], stride: stride, base: shared.base)
                body(&target)
            }
        }
    }
}

/// The memory of a frame a tile pass draws into: `height` rows of `width` packed pixels, row y
/// starting `y × stride` pixels after `base` (`stride ≥ width`). Either a `Framebuffer`'s pixels
/// (stride = width) or a caller's RGBA8 rows (see `RenderContext.run(_:intoStraightRGBA:...)`);
/// whoever makes one keeps the memory alive and unshared for as long as the pass runs.
struct FramePixels {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int, height: Int, stride: Int
}

extension Framebuffer {
    /// Calls `body` with this framebuffer's pixels as a `FramePixels` (stride = width); nil,
    /// without calling it, for a frame without pixels.
    mutating func withFramePixels<R>(_ body: (FramePixels) -> R) -> R? {
        let (width, height) = (self.width, self.height)
        return pixels.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { body(FramePixels(base: $0, width: width, height: height, stride: width)) }
        }
    }
}

/// The frame's pixel storage, shared with the worker threads of one tile pass.
///
/// Safety (`@unchecked Sendable`): a `SharedPixels` exists only inside
/// `TileScheduler.forEachTile`, while the caller keeps the storage alive and exclusive (a
/// framebuffer's `withUnsafeMutableBufferPointer`, or the `FramePixels` contract);
/// `concurrentPerform` returns only after every worker has finished. Each tile index is claimed
/// exactly once from the atomic counter, tiles do not overlap, and a `TileTarget` only
/// writes inside its own tile, so no pixel is ever accessed by two threads.
private struct SharedPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt32>
}
