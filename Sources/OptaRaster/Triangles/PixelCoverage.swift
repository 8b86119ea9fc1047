/// How the resolve blends a pixel of a row: how many of its 2×2 samples show the front surface
/// and how many a farther one (at a silhouette); the rest show the background. A pixel that is
/// not an edge shows its centre's surface at all 4 samples, or the background.
///
/// Invariant: a pixel's counts are ≥ 0 with `front + behind` ≤ 4, and `front` is 0 only when
/// `behind` is (the nearest sample is in front). `behind` leaves 0…4 only in the two group codes,
/// which stand in the first entry of a group of 8 pixels for all 8 (the other 7 are not read).
struct PixelCoverage {
    var front: Int32
    var behind: Int32

    /// Background at every sample.
    static var background: PixelCoverage { PixelCoverage(front: 0, behind: 0) }
    /// The centre's surface at every sample.
    static var centre: PixelCoverage { PixelCoverage(front: 4, behind: 0) }

    /// A group of 8 pixels, none an edge, each showing its centre's surface: their 8 colours are
    /// the next 8 shaded, copied in a row.
    static var coveredGroup: PixelCoverage { PixelCoverage(front: 4, behind: 8) }
    var isCoveredGroup: Bool { behind == 8 }

    /// A group of 8 pixels, none an edge, all background.
    static var backgroundGroup: PixelCoverage { PixelCoverage(front: 0, behind: -8) }
    var isBackgroundGroup: Bool { behind == -8 }
}

/// A group of 8 pixels' lanes where the resolve spills them to read single ones (indexing a
/// vector by a variable spills it each time).
struct PixelGroupLanes {
    /// The sample ids at the pixels' centres.
    var ids: SIMD8<UInt32>
    /// 1/w at the pixels' centres.
    var depths: SIMD8<Float>
    /// The pixels' centres' x in device coordinates.
    var us: SIMD8<Float>
    /// Per pixel, 1 / Σ e_k: what its triangle's weighted varyings are scaled by.
    var weights: SIMD8<Float>
}
