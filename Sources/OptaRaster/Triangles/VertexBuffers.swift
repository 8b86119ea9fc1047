import Synchronization

/// The per-vertex arrays a render fills every frame (clip-space and projected positions), kept
/// from one frame to the next. At N = 512 they are 8 MB; allocated anew each frame, some
/// allocators hand back fresh pages that fault in one by one as they are first written (about
/// 2,000 page faults and 3 ms a frame under package-benchmark's allocator).
struct VertexBuffers: Sendable {
    var clip: [SIMD4<Float>] = []
    var screen: [ScreenVertex] = []

    /// Spare buffers between renders: one per render that ran at the same time, up to `limit`.
    private static let spares = Mutex<[VertexBuffers]>([])
    private static let limit = 4

    /// Buffers from an earlier render (their contents are stale), or empty ones.
    static func take() -> VertexBuffers {
        spares.withLock { $0.popLast() } ?? VertexBuffers()
    }

    /// Keeps `buffers` for a later render.
    static func give(_ buffers: consuming VertexBuffers) {
        let buffers = buffers
        spares.withLock { if $0.count < limit { $0.append(buffers) } }
    }

    /// Makes `array` hold `count` elements, reusing its storage when it already has that many;
    /// new elements are `filler` (every one is overwritten before it is read).
    static func resize<T>(_ array: inout [T], to count: Int, filler: T) {
        if array.count != count { array = [T](repeating: filler, count: count) }
    }
}
