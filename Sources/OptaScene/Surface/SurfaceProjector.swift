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

    /// The visible pieces of a sampled polyline as frame polylines, given the surface's depth at
    /// the probes (`depths[probe]`).
    func visibleRuns(_ line: SampledPolyline, depths: [Float]) -> [[SIMD2<Float>]] {
        var runs: [[SIMD2<Float>]] = []
        var current: [SIMD2<Float>] = []
        func flush() {
            if current.count >= 2 { runs.append(current) }
            current = []
        }
        // Visible samples of the current segment already in `current`: all on one straight line,
        // so only the first and the latest are kept (a run is a few long strokes, not one per 2 px).
        var alongSegment = 0
        for step in line.steps {
            let sample: DepthSample
            switch step {
            case .cut:
                flush()
                continue
            case .segmentStart(let s):
                alongSegment = 0
                // A segment continuing a run starts where the previous one ended.
                if !current.isEmpty { continue }
                sample = s
            case .sample(let s):
                sample = s
            }
            if sample.isVisible(depths: depths) {
                if alongSegment >= 2 { current[current.count - 1] = sample.point } else { current.append(sample.point) }
                alongSegment += 1
            } else {
                flush()
                alongSegment = 0
            }
        }
        flush()
        return runs
    }
}

/// A point drawn over the surface, to be depth-tested: its frame position, 1/w, and the probe
/// (index into a `DepthProbeList`) whose answer decides whether it shows; nil outside the frame
/// (always shown).
struct DepthSample {
    let point: SIMD2<Float>
    let invW: Float
    let probe: Int?

    /// Whether it is in front of (or on) the drawn surface, given the depths at the probes
    /// (nearest 1/w, 0 where nothing was drawn).
    func isVisible(depths: [Float], tolerance: Float = 0.01) -> Bool {
        guard let probe else { return true }
        return invW >= depths[probe] * (1 - tolerance)
    }
}

/// The pixels an overlay depth-tests, collected before the surface is drawn: the render answers
/// them in this order (`TriangleRasterizer.render(..., depthAt:)`).
struct DepthProbeList {
    let width: Int
    let height: Int
    private(set) var pixels: [SIMD2<Int32>] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Makes room for `count` more pixels.
    mutating func reserveCapacity(_ count: Int) { pixels.reserveCapacity(pixels.count + count) }

    /// A sample at `point` with 1/w `invW`, probing the pixel under it when that is in the frame.
    mutating func sample(_ point: SIMD2<Float>, invW: Float) -> DepthSample {
        let x = point.x.rounded(.down), y = point.y.rounded(.down)
        guard x >= 0, y >= 0, x < Float(width), y < Float(height) else { return DepthSample(point: point, invW: invW, probe: nil) }
        pixels.append(SIMD2(Int32(x), Int32(y)))
        return DepthSample(point: point, invW: invW, probe: pixels.count - 1)
    }
}

/// A 3D polyline as screen samples every couple of pixels (`SurfaceProjector.sampled`).
struct SampledPolyline {
    enum Step {
        /// The line breaks here (a corner behind the near plane, or not finite).
        case cut
        /// The first sample of a segment.
        case segmentStart(DepthSample)
        case sample(DepthSample)
    }
    let steps: [Step]
}
