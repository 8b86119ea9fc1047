extension TriangleBatch {
    /// A batch's memory: the triangles queued, one per lane; what `setUp` finds for them; and
    /// the tiny triangles' coverage and depths.
    struct Storage {
        var queued: Queued
        var setup: Setup
        var tiny: TinyTriangles.Lanes
    }

    /// The triangles queued, one per lane (lanes from `count` on are stale).
    struct Queued {
        var corner0: Corner
        var corner1: Corner
        var corner2: Corner
        /// The sample id each triangle draws with.
        var id: SIMD8<UInt32>
    }

    /// One corner of each queued triangle.
    struct Corner {
        /// Position in fixed point (frame coordinates, `TriangleRasterizer.subpixelBits`
        /// fractional bits), inside the guard band: under 2^24 in magnitude.
        var x: SIMD8<Int32>
        var y: SIMD8<Int32>
        var invW: SIMD8<Float>
    }

    /// Where each lane's raster starts (see `SmallTriangle.draw`): the samples to visit, the
    /// three edge functions and the plane of 1/w, all at the first sample. Only lanes that
    /// `setUp` marks small are meaningful; within them no value below leaves the 32-bit range.
    /// `setUp` stores each part as soon as it is found, so few vectors are live at once.
    struct Setup {
        var box: SampleBox
        /// Edge k lies opposite corner k, with corners 1 and 2 swapped for the other winding so
        /// that the inside is positive.
        var edge0: Edge
        var edge1: Edge
        var edge2: Edge
        var depth: DepthPlane
    }

    /// The samples a lane visits, clamped to the target: columns `i0 ..< i0 + width`, rows
    /// `j0 ..< j0 + rows` (none when either count is below 1).
    struct SampleBox {
        var i0: SIMD8<Int32>
        var j0: SIMD8<Int32>
        var width: SIMD8<Int32>
        var rows: SIMD8<Int32>
    }

    /// An edge function E = A·x + B·y + C stepped over the samples: a sample is inside the
    /// triangle when all three edges' values there are ≥ 0.
    struct Edge {
        /// E at the first sample (i0, j0), less 1 where the top-left rule leaves the edge's own
        /// samples out.
        var value: SIMD8<Int32>
        /// Added per sample to the right (A times the sample spacing).
        var stepX: SIMD8<Int32>
        /// Added per sample row down (B times the sample spacing).
        var stepY: SIMD8<Int32>
    }

    /// The plane of 1/w (affine in screen space) over the samples.
    struct DepthPlane {
        /// 1/w at the first sample (i0, j0).
        var z: SIMD8<Float>
        /// Added per sample to the right.
        var dzdx: SIMD8<Float>
        /// Added per sample row down.
        var dzdy: SIMD8<Float>
    }
}
