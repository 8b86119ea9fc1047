import OptaCore
import OptaRaster

/// Projects world points to frame pixels for one camera and frame size, and tests them against
/// the depth the surface left (nearest 1/w per pixel, 0 where nothing was drawn).
struct SurfaceProjector: Sendable {
    let rows: [SIMD4<Double>]
    let width: Int
    let height: Int
    let near: Double

    init(camera: OrbitCamera, width: Int, height: Int, near: Double, far: Double) {
        rows = camera.viewProjection(aspect: Double(width) / Double(height), near: near, far: far)
        self.width = width
        self.height = height
        self.near = near
    }

    /// Frame position and 1/w of `p`, or nil behind the near plane.
    func project(_ p: SIMD3<Double>) -> (point: SIMD2<Float>, invW: Float)? {
        let v = SIMD4(p, 1)
        let w = (rows[3] * v).sum()
        guard w >= near else { return nil }
        let x = (rows[0] * v).sum() / w, y = (rows[1] * v).sum() / w
        return (SIMD2(Float((x + 1) * Double(width) / 2), Float((1 - y) * Double(height) / 2)), Float(1 / w))
    }

    /// Whether a point at 1/w `invW` over pixel `p` is in front of (or on) the drawn surface.
    func visible(_ p: SIMD2<Float>, invW: Float, depth: FrameDepth, tolerance: Float = 0.01) -> Bool {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        guard x >= 0, y >= 0, x < width, y < height else { return true }
        return invW >= depth[x, y] * (1 - tolerance)
    }

    /// The visible pieces of a 3D polyline, as frame polylines, tested every couple of pixels.
    func visibleRuns(_ points: [SIMD3<Double>], depth: FrameDepth) -> [[SIMD2<Float>]] {
        var runs: [[SIMD2<Float>]] = []
        var current: [SIMD2<Float>] = []
        func flush() {
            if current.count >= 2 { runs.append(current) }
            current = []
        }
        guard points.count >= 2 else { return [] }
        for k in 0..<(points.count - 1) {
            guard let a = project(points[k]), let b = project(points[k + 1]) else { flush(); continue }
            let d = b.point - a.point
            let length = (d * d).sum().squareRoot()
            guard length.isFinite else { flush(); continue }
            let steps = Swift.max(1, Swift.min(4096, Int(length / 2)))
            // Visible points of this segment already in `current`: all on one straight line, so
            // only the first and the latest are kept (a run is a few long strokes, not one per 2 px).
            var alongSegment = 0
            for s in 0...steps where !(s == 0 && !current.isEmpty) {
                let t = Float(s) / Float(steps)
                let p = a.point + d * t
                // 1/w is affine along the projected segment.
                let invW = a.invW + (b.invW - a.invW) * t
                if visible(p, invW: invW, depth: depth) {
                    if alongSegment >= 2 { current[current.count - 1] = p } else { current.append(p) }
                    alongSegment += 1
                } else {
                    flush()
                    alongSegment = 0
                }
            }
        }
        flush()
        return runs
    }
}
