/// The Hermite blend along x of eight pixels of a row, in Float: `GridLandscape.blend` of the
/// slices of columns i and i + 1 at each pixel's fraction u of its cell. Its weights depend on x
/// alone, so a tile computes them once (`write`) and every row of the tile only blends (`blend`).
enum XWeights {
    /// Floats of weights per pixel: 9 vectors of 8 lanes for 8 pixels — cubic: h₀₀, h₀₁, h₁₀,
    /// h₁₁, d₀₀, d₁₀, d₁₁, the cell width h and 1 / h; linear: 1 − u, u, unused, …, 1 / h.
    static let perPixel = 9

    /// Writes the weights of 8 pixels (fractions u, cell widths h and their inverses) at `q`.
    @inline(__always)
    static func write(linear: Bool, u t: SIMD8<Float>, h: SIMD8<Float>, inverseH: SIMD8<Float>,
                      into q: UnsafeMutablePointer<Float>) {
        if linear {
            FastLoad.store(1 - t, q, 0)
            FastLoad.store(t, q, 8)
        } else {
            let t2 = t * t, t3 = t2 * t
            let h00 = 2 * t3 - 3 * t2 + 1
            FastLoad.store(h00, q, 0)
            FastLoad.store(1 - h00, q, 8)
            FastLoad.store(t3 - 2 * t2 + t, q, 16)
            FastLoad.store(t3 - t2, q, 24)
            FastLoad.store(6 * t2 - 6 * t, q, 32)
            FastLoad.store(3 * t2 - 4 * t + 1, q, 40)
            FastLoad.store(3 * t2 - 2 * t, q, 48)
        }
        FastLoad.store(h, q, 56)
        FastLoad.store(inverseH, q, 64)
    }

    /// Value, ∂f/∂x and ∂f/∂y of 8 pixels with weights at `q`, between their slices a (column i:
    /// value, ∂x, ∂y, ∂x∂y) and b (column i + 1).
    @inline(__always)
    static func blend(linear: Bool, _ q: UnsafePointer<Float>,
                      a: SIMD8<Float>, adx: SIMD8<Float>, ady: SIMD8<Float>, adxy: SIMD8<Float>,
                      b: SIMD8<Float>, bdx: SIMD8<Float>, bdy: SIMD8<Float>, bdxy: SIMD8<Float>)
        -> (value: SIMD8<Float>, gradX: SIMD8<Float>, gradY: SIMD8<Float>) {
        let h00 = FastLoad.load(q, 0), h01 = FastLoad.load(q, 8), inverseH = FastLoad.load(q, 64)
        if linear {
            return (h00 * a + h01 * b, (b - a) * inverseH, h00 * ady + h01 * bdy)
        }
        let h10 = FastLoad.load(q, 16), h11 = FastLoad.load(q, 24)
        let d00 = FastLoad.load(q, 32), d10 = FastLoad.load(q, 40), d11 = FastLoad.load(q, 48), hk = FastLoad.load(q, 56)
        return (h00 * a + h01 * b + hk * (h10 * adx + h11 * bdx),
                d00 * (a - b) * inverseH + d10 * adx + d11 * bdx,
                h00 * ady + h01 * bdy + hk * (h10 * adxy + h11 * bdxy))
    }
}

/// Unaligned 8-lane loads and stores of Floats at `p + k`.
enum FastLoad {
    @inline(__always)
    static func load(_ p: UnsafePointer<Float>, _ k: Int) -> SIMD8<Float> {
        UnsafeRawPointer(p + k).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<Float>, _ k: Int) -> SIMD8<Float> {
        UnsafeRawPointer(p + k).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    static func store(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>, _ k: Int) {
        UnsafeMutableRawPointer(p + k).storeBytes(of: v, as: SIMD8<Float>.self)
    }
}
