/// One thing to draw. Coordinates are Float frame pixels; pixel (i, j) covers [i, i+1]×[j, j+1].
///
/// Every primitive is anti-aliased analytically with one code path for all widths: widths below
/// 1 px keep a 1 px footprint and lower their coverage in proportion to the width. Each item is
/// blended once per pixel, premultiplied source-over.
public enum DrawItem: Sendable, Equatable {
    /// A stroked polyline with round joins and round caps. One point draws a round dot.
    /// Non-finite points break the line (segments only join consecutive finite points).
    case polyline(points: [SIMD2<Float>], width: Float, color: RGBA)
    /// A filled disk with an outline of `outlineWidth` centred on the rim (so it reaches
    /// `radius + outlineWidth / 2`). Use `outlineWidth: 0` for no outline.
    case disk(center: SIMD2<Float>, radius: Float, fill: RGBA, outlineWidth: Float, outline: RGBA)
    /// A circle stroked with `width` centred on `radius`.
    case ring(center: SIMD2<Float>, radius: Float, width: Float, color: RGBA)
    /// An axis-aligned filled rectangle; fractional edges are anti-aliased.
    case rect(PixelRectF, fill: RGBA)
    /// A single straight line with butt caps (ticks, axis lines).
    case segment(from: SIMD2<Float>, to: SIMD2<Float>, width: Float, color: RGBA)
    /// An 8-bit coverage mask (text glyphs) placed with its top-left pixel at (x, y), tinted `color`.
    /// `coverage` is row-major, `width * height` bytes.
    case mask(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8], color: RGBA)
    /// A straight line with round caps: the same pixels as a two-point `polyline`, without an
    /// array to allocate (graph edges).
    case line(from: SIMD2<Float>, to: SIMD2<Float>, width: Float, color: RGBA)
    /// A filled convex polygon (arrowheads, markers), points in either winding; each edge is
    /// anti-aliased over 1 px centred on it.
    case convexPolygon(points: [SIMD2<Float>], fill: RGBA)
    /// A rectangle with corners rounded by `radius`, filled, with an optional outline of
    /// `outlineWidth` centred on its edge (0 for none).
    case roundedRect(PixelRectF, radius: Float, fill: RGBA, outlineWidth: Float, outline: RGBA)
    /// A polyline with caps and joins of its own (`DrawItem.stroke(points:width:color:cap:join:)`);
    /// widths below 1 px keep a 1 px footprint at lower alpha, like every stroke.
    case styledStroke(points: [SIMD2<Float>], width: Float, color: RGBA, cap: LineCap, join: LineJoin, miterLimit: Float)
    /// A colour picture (emoji glyphs): `width × height` premultiplied pixels in Opta's packed
    /// format (`PackedColor`), row-major, stretched over `rect` with bilinear filtering; pixels
    /// outside the picture count as transparent, so fractional edges are anti-aliased. A picture
    /// of `rect`'s size on whole pixels is copied pixel for pixel. Bilinear filtering suits scales
    /// near 1: shrink a picture by more than half beforehand with an area filter, as text does.
    case image(PixelRectF, width: Int, height: Int, pixels: [UInt32])
    /// A `polyline` drawn over a mesh only where it is in front of it (a path on a 3-D surface):
    /// each point carries its 1/w in `z`, affine along each segment on screen. Where a mesh layer
    /// lies below (`FrameLayer.mesh`, same pass), a segment covers a pixel only where its 1/w at
    /// the nearest point of its axis passes `MeshTileDepth.shows`; elsewhere it is drawn whole.
    case depthTestedPolyline(points: [SIMD3<Float>], width: Float, color: RGBA)
    /// A `disk` or `ring` at one depth, 1/w `invW` (a marker on a 3-D surface), drawn over a mesh
    /// only in the pixels where it is in front of it, as `depthTestedPolyline`. Other items are
    /// drawn as they are.
    indirect case depthTested(DrawItem, invW: Float)
}
