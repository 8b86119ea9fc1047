/// The per-vertex arrays a render fills every frame (clip-space and projected positions), kept in
/// the `RenderContext` from one frame to the next. At N = 512 they are 8 MB; allocated anew each
/// frame, some allocators hand back fresh pages that fault in one by one as they are first written
/// (about 2,000 page faults and 3 ms a frame under package-benchmark's allocator).
struct VertexBuffers: Sendable {
    var clip: [SIMD4<Float>] = []
    var screen: [ScreenVertex] = []

    /// Makes `array` hold `count` elements, reusing its storage when it already has that many;
    /// new elements are `filler` (every one is overwritten before it is read).
    static func resize<T>(_ array: inout [T], to count: Int, filler: T) {
        if array.count != count { array = [T](repeating: filler, count: count) }
    }
}
