/// The big per-frame arrays of binning, kept in the `RenderContext` between frames.
///
/// A frame's bins and prepared shapes take a few MiB; freshly allocated, every 4 KiB page costs
/// a page fault on first touch (about 6 % of an R2 frame), while recycled arrays are already
/// mapped. `take…` hands out an empty array with its old capacity (or a new one), `recycle`
/// empties and keeps up to `limit` arrays of each kind (one per chunk binned at the same time).
/// Arrays still shared elsewhere are simply copied on their next write, so recycling never changes
/// results; at worst it saves nothing.
struct BinningBuffers: Sendable {
    /// How many arrays of each kind are kept.
    static let limit = 4

    private var pending: [[(tile: Int32, entry: BinEntry)]] = []
    private var shapes: [[PreparedShape]] = []
    private var segments: [[StrokeSegment]] = []
    private var entries: [[BinEntry]] = []

    /// Empty arrays for one binner, with the capacity of earlier frames' where there are some.
    mutating func takeBinnerStorage() -> BinnerStorage {
        BinnerStorage(shapes: shapes.popLast() ?? [], segments: segments.popLast() ?? [], pending: pending.popLast() ?? [])
    }

    mutating func takeEntries() -> [BinEntry] { entries.popLast() ?? [] }

    /// `array`'s contents, leaving it empty, so that what is passed to `recycle` has no other owner.
    static func emptying<Element>(_ array: inout [Element]) -> [Element] {
        RenderContext.taking(&array, leaving: [])
    }

    /// Keeps the arrays' storage (emptied, capacity kept) for later frames. Pass arrays that
    /// no one else holds any more, or recycling only costs a copy.
    mutating func recycle(pending: consuming [(tile: Int32, entry: BinEntry)] = [], shapes: consuming [PreparedShape] = [],
                          segments: consuming [StrokeSegment] = [], entries: consuming [BinEntry] = []) {
        Self.keep(pending, in: &self.pending)
        Self.keep(shapes, in: &self.shapes)
        Self.keep(segments, in: &self.segments)
        Self.keep(entries, in: &self.entries)
    }

    private static func keep<Element>(_ array: consuming [Element], in spares: inout [[Element]]) {
        guard array.capacity > 0, spares.count < limit else { return }
        array.removeAll(keepingCapacity: true)
        spares.append(array)
    }
}

/// The big arrays one binner fills: empty, perhaps with capacity from an earlier frame.
struct BinnerStorage: Sendable {
    var shapes: [PreparedShape]
    var segments: [StrokeSegment]
    var pending: [(tile: Int32, entry: BinEntry)]

    static let empty = BinnerStorage(shapes: [], segments: [], pending: [])
}
