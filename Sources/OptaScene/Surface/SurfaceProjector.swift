import OptaCore

/// Projects world points to frame pixels for one camera, framing and frame size, and samples 3D
/// polylines on screen into depth probes (`sampled`), to be tested against the surface once it
/// is drawn.
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
    func project(_ p: SIMD3<Double>) -> (point: SIMD2<Float>, invW: Float)? {
        let v = SIMD4(p, 1)
        let w = (rows[3] * v).sum()
        guard w >= near else { return nil }
        let x = (rows[0] * v).sum() / w, y = (rows[1] * v).sum() / w
        return (SIMD2(Float((x + 1) * Double(width) / 2), Float((1 - y) * Double(height) / 2)), Float(1 / w))
    }

    /// The screen samples of a 3D polyline, every couple of pixels, each a depth probe of
    /// `probes` (the surface is drawn afterwards and answers them; see `visibleRuns`).
    func sampled(_ points: [SIMD3<Double>], probes: inout DepthProbeList) -> SampledPolyline {
        var steps: [SampledPolyline.Step] = []
        guard points.count >= 2 else { return SampledPolyline(steps: []) }
        for k in 0..<(points.count - 1) {
            guard let a = project(points[k]), let b = project(points[k + 1]) else { steps.append(.cut); continue }
            let d = b.point - a.point
            let length = (d * d).sum().squareRoot()
            guard length.isFinite else { steps.append(.cut); continue }
            let count = Swift.max(1, Swift.min(4096, Int(length / 2)))
            steps.reserveCapacity(steps.count + count + 1)
            probes.reserveCapacity(count + 1)
            for s in 0...count {
                let t = Float(s) / Float(count)
                // 1/w is affine along the projected segment.
                let sample = probes.sample(a.point + d * t, invW: a.invW + (b.invW - a.invW) * t)
                steps.append(s == 0 ? .segmentStart(sample) : .sample(sample))
            }
        }
        return SampledPolyline(steps: steps)
    }
}
