/// A depth buffer a tile pass draws into: where its corner is in the frame (fixed point), how
/// its samples sit, its size in samples and its storage (nearest 1/w and the id of the triangle
/// that put it there, rows `side` apart).
struct SampleTarget {
    let grid: SampleGrid
    let origin: SIMD2<Int32>
    let width: Int
    let height: Int
    let side: Int
    let depth: UnsafeMutablePointer<Float>
    let ids: UnsafeMutablePointer<UInt32>
}
