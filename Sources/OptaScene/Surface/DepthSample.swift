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
