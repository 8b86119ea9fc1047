import OptaCore

/// The big per-frame arrays of binning, kept between frames.
///
/// A frame's bins and prepared shapes take a few MiB; freshly allocated, every 4 KiB page costs
/// a page fault on first touch (about 6 % of an R2 frame), while recycled arrays are already
/// mapped. `take…` hands out an empty array with its old capacity (or a new one), `recycle`
/// keeps up to `limit` arrays of each kind. Arrays still shared elsewhere are simply copied on
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

    /// Keeps the arrays' storage for later frames. Pass them emptied with
    /// `removeAll(keepingCapacity: true)` while no one else holds them.
    static func recycle(pending: [(tile: Int32, entry: BinEntry)] = [], shapes: [PreparedShape] = [],
                        segments: [StrokeSegment] = [], entries: [BinEntry] = []) {
        stock.withLock { stock in
            if pending.capacity > 0 && stock.pending.count < limit { stock.pending.append(pending) }
            if shapes.capacity > 0 && stock.shapes.count < limit { stock.shapes.append(shapes) }
            if segments.capacity > 0 && stock.segments.count < limit { stock.segments.append(segments) }
            if entries.capacity > 0 && stock.entries.count < limit { stock.entries.append(entries) }
        }
    }
}
