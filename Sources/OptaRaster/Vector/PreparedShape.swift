/// A draw item turned into what the tile rasterizers need: packed colours with the thin-line
/// alpha scale folded in, coverage reaches, and no arrays (strokes keep their segments and masks
/// their bytes in the binned list's flat storage).
@usableFromInline
enum PreparedShape: Sendable {
    /// A polyline; its segments are named by the bin entries.
    case stroke(color: UInt32, reach: Float)
    case segment(ButtSegmentShape)
    case disk(DiskShape)
    case ring(RingShape)
    case rect(RectShape)
    case mask(MaskShape)
    case polygon(PolygonShape)
    case roundedRect(RoundedRectShape)
    case styledStroke(StyledStrokeShape)
    case image(ImageShape)
    /// A polyline tested against a mesh's depth (`DrawItem.depthTestedPolyline`); its segments
    /// are named by the bin entries, as a `stroke`'s are.
    case depthTestedStroke(DepthTestedStrokeShape)
    /// A disk or ring at one depth, 1/w `invW` (`DrawItem.depthTested`).
    case depthTestedDisk(DiskShape, invW: Float)
    case depthTestedRing(RingShape, invW: Float)
}

/// A depth-tested polyline: segment `s` of it (from `firstSegment` in the binned list's segments)
/// has the 1/w of its two ends at `firstDepth + s − firstSegment` in the list's segment depths.
@usableFromInline
struct DepthTestedStrokeShape: Sendable {
    @usableFromInline var color: UInt32
    @usableFromInline var reach: Float
    @usableFromInline var firstSegment: Int32
    @usableFromInline var firstDepth: Int32
}

/// A picture stretched over a rectangle; its pixels are 4 bytes each (little-endian packed
/// colours) from `offset` in the binned list's mask storage.
@usableFromInline
struct ImageShape: Sendable {
    /// The rectangle's top-left corner in frame pixels.
    @usableFromInline var origin: SIMD2<Float>
    /// Picture pixels per frame pixel along x and y.
    @usableFromInline var step: SIMD2<Float>
    @usableFromInline var width: Int32
    @usableFromInline var height: Int32
    /// Frame pixels that may be touched: `lo ..< hi` (the rectangle grown by the filter's pixel).
    @usableFromInline var lo: SIMD2<Int32>
    @usableFromInline var hi: SIMD2<Int32>
    @usableFromInline var offset: Int
    /// Whether the picture sits on whole pixels at its own size (drawn as a copy).
    @usableFromInline var exact: Bool
}

/// A convex polygon: its edges are `edgeCount` half-planes starting at `first` in the binned
/// list's plane storage (`n · p + c ≥ 0` inside, `n` unit length).
@usableFromInline
struct PolygonShape: Sendable {
    @usableFromInline var first: Int
    @usableFromInline var edgeCount: Int
    @usableFromInline var lo: SIMD2<Float>
    @usableFromInline var hi: SIMD2<Float>
    @usableFromInline var color: UInt32
}

/// A rounded rectangle as centre, half size, corner radius, fill and outline.
@usableFromInline
struct RoundedRectShape: Sendable {
    @usableFromInline var center: SIMD2<Float>
    @usableFromInline var half: SIMD2<Float>
    @usableFromInline var radius: Float
    @usableFromInline var fill: UInt32
    /// 0 when there is no outline.
    @usableFromInline var outline: UInt32
    @usableFromInline var outlineProfile: CoverageProfile
    @usableFromInline var reach: Float
}

/// A straight line with butt caps.
@usableFromInline
struct ButtSegmentShape: Sendable {
    @usableFromInline var segment: StrokeSegment
    /// Unit direction and length, for the distance along the axis.
    @usableFromInline var u: SIMD2<Float>
    @usableFromInline var halfLength: Float
    @usableFromInline var across: CoverageProfile
    @usableFromInline var along: CoverageProfile
    @usableFromInline var color: UInt32
}

/// A filled disk with an optional outline centred on the rim.
@usableFromInline
struct DiskShape: Sendable {
    @usableFromInline var center: SIMD2<Float>
    @usableFromInline var radius: Float
    @usableFromInline var fill: CoverageProfile
    @usableFromInline var outline: CoverageProfile
    @usableFromInline var fillColor: UInt32
    /// 0 when there is no outline.
    @usableFromInline var outlineColor: UInt32
    /// Distance from the centre beyond which nothing is drawn.
    @usableFromInline var outerReach: Float
}

/// A stroked circle.
@usableFromInline
struct RingShape: Sendable {
    @usableFromInline var center: SIMD2<Float>
    @usableFromInline var radius: Float
    @usableFromInline var profile: CoverageProfile
    @usableFromInline var color: UInt32
    @usableFromInline var outerReach: Float
}

/// An axis-aligned rectangle as a centre and one coverage profile per axis.
@usableFromInline
struct RectShape: Sendable {
    @usableFromInline var center: SIMD2<Float>
    @usableFromInline var xProfile: CoverageProfile
    @usableFromInline var yProfile: CoverageProfile
    @usableFromInline var color: UInt32
}

/// A coverage mask; its bytes start at `offset` in the binned list's mask storage.
@usableFromInline
struct MaskShape: Sendable {
    @usableFromInline var x: Int
    @usableFromInline var y: Int
    @usableFromInline var width: Int
    @usableFromInline var height: Int
    @usableFromInline var offset: Int
    @usableFromInline var color: UInt32
}

/// One item (or a run of a stroke's segments) that may touch a tile.
///
/// A stroke's entry carries its colour and reach, so compositing a tile reads strokes from its
/// bin alone, in order, without visiting the shape table.
@usableFromInline
struct BinEntry: Sendable {
    @usableFromInline var shape: Int32
    /// For strokes: the first segment index and the number of segments (≥ 1); 0 otherwise.
    @usableFromInline var first: Int32
    @usableFromInline var count: Int32
    /// For strokes: the packed premultiplied colour and the coverage reach; 0 otherwise.
    @usableFromInline var color: UInt32
    @usableFromInline var reach: Float

    /// An entry of a shape that is not a stroke.
    @inlinable
    init(shape: Int32) {
        self.shape = shape; first = 0; count = 0; color = 0; reach = 0
    }

    /// An entry of `count` consecutive segments of a stroke.
    @inlinable
    init(stroke shape: Int32, first: Int32, count: Int32, color: UInt32, reach: Float) {
        self.shape = shape; self.first = first; self.count = count; self.color = color; self.reach = reach
    }

    /// Whether this entry names stroke segments.
    @inlinable
    var isStroke: Bool { count > 0 }
}
