/// A depth-tested stroke's test over a mesh (`DrawItem.depthTestedPolyline`): a segment counts
/// at a pixel where its 1/w, at the point of its axis nearest the pixel centre, is in front of the
/// depth the mesh left there (`MeshTileDepth.shows`).
struct SegmentDepthTest: SegmentTest {
    /// 1/w at both ends of each segment of the binned list's depth-tested strokes.
    let depths: UnsafeBufferPointer<SIMD2<Float>>
    let shape: DepthTestedStrokeShape
    let mesh: MeshTileDepth

    @inline(__always)
    func shows(segment s: Int, _ seg: StrokeSegment, at p: SIMD2<Float>, x: Int, y: Int) -> Bool {
        let ends = depths[Int(shape.firstDepth) + s - Int(shape.firstSegment)]
        let t = Swift.min(Swift.max(seg.along(p), 0), 1)
        return mesh.shows(ends.x + (ends.y - ends.x) * t, x: x, y: y)
    }
}
