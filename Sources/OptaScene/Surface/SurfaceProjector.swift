import OptaCore

/// Projects world points and polylines to frame pixels, with their 1/w, for one camera, framing
/// and frame size.
struct SurfaceProjector: Sendable {
    let rows: [SIMD4<Double>]
    let width: Int
    let height: Int
    let near: Double

    init(camera: OrbitCamera, width: Int, height: Int, near: Double, far: Double, framing: SurfaceFraming = .identity) {
        rows = framing.applied(to: camera.viewProjection(aspect: Double(width) / Double(height), near: near, far: far),
                               width: width, height: height)
        self.width = width
        self.height = height
        self.near = near
    }

    /// Frame position and 1/w of `p`, or nil behind the near plane.
    func project(_ p: SIMD3<Double>) -> ProjectedPoint? {
        let v = SIMD4(p, 1)
        let w = (rows[3] * v).sum()
        guard w >= near else { return nil }
        let x = (rows[0] * v).sum() / w, y = (rows[1] * v).sum() / w
        return (SIMD2(Float((x + 1) * Double(width) / 2), Float((1 - y) * Double(height) / 2)), Float(1 / w))
    }

    /// A 3D polyline as frame polylines of (x, y, 1/w), cut where a point is behind the near
    /// plane (or not finite): pieces of at least two points.
    func projected(_ points: [SIMD3<Double>]) -> [[SIMD3<Float>]] {
        var pieces: [[SIMD3<Float>]] = []
        var piece: [SIMD3<Float>] = []
        for p in points {
            if let q = project(p), q.point.x.isFinite, q.point.y.isFinite {
                piece.append(SIMD3(q.point, q.invW))
                continue
            }
            if piece.count >= 2 { pieces.append(piece) }
            piece = []
        }
        if piece.count >= 2 { pieces.append(piece) }
        return pieces
    }
}

/// A point projected to frame pixels, with its 1/w.
typealias ProjectedPoint = (point: SIMD2<Float>, invW: Float)
