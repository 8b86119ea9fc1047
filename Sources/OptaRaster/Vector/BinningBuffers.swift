import OptaCore

/// The big per-frame arrays of binning, kept between frames.
///
/// A frame's bins and prepared shapes take a few MiB; freshly allocated, every 4 KiB page costs
/// a page fault on first touch (about 6 % of an R2 frame), while recycled arrays are already
/// mapped. `take…` hands out an empty array with its old capacity (or a new one), `recycle`
/// empties and keeps up to `limit` arrays of each kind. Arrays still shared elsewhere are simply copied on
/// their next write, so recycling never changes results; at worst it saves nothing.
enum BinningBuffers {
    /// How many arrays of each kind are kept.
    static let limit = 4

    struct Stock {
        var pending: [[(tile: Int32, entry: BinEntry)]] = []
        var shapes: [[PreparedShape]] = []
        var segments: [[StrokeSegment]] = []
        var entries: [[BinEntry]] = []
    }

    /// `Locked` rather than a bare `Mutex`, so the thread sanitizer sees the hand-over between frames.
    static let stock = Locked(Stock())

    static func takePending() -> [(tile: Int32, entry: BinEntry)] { stock.withLock { $0.pending.popLast() } ?? [] }
    static func takeShapes() -> [PreparedShape] { stock.withLock { $0.shapes.popLast() } ?? [] }
    static func takeSegments() -> [StrokeSegment] { stock.withLock { $0.segments.popLast() } ?? [] }
    static func takeEntries() -> [BinEntry] { stock.withLock { $0.entries.popLast() } ?? [] }

    /// `array`'s contents, leaving it empty, so that what is passed to `recycle` has no other owner.
    static func emptying<Element>(_ array: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        return taken
    }

    /// Keeps the arrays' storage (emptied, capacity kept) for later frames. Pass arrays that
    /// no one else holds any more, or recycling only costs a copy.
    static func recycle(pending: consuming [(tile: Int32, entry: BinEntry)] = [], shapes: consuming [PreparedShape] = [],
                        segments: consuming [StrokeSegment] = [], entries: consuming [BinEntry] = []) {
        pending.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        segments.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        let kept = (pending: pending, shapes: shapes, segments: segments, entries: entries)
        stock.withLock { stock in
            if kept.pending.capacity > 0 && stock.pending.count < limit { stock.pending.append(kept.pending) }
            if kept.shapes.capacity > 0 && stock.shapes.count < limit { stock.shapes.append(kept.shapes) }
            if kept.segments.capacity > 0 && stock.segments.count < limit { stock.segments.append(kept.segments) }
            if kept.entries.capacity > 0 && stock.entries.count < limit { stock.entries.append(kept.entries) }
        }
    }
}
