import CVectorOps

/// The Hermite blend along x of eight pixels of a row, in Float: `GridLandscape.blend` of the
/// slices of columns i and i + 1 at each pixel's fraction u of its cell. Its weights depend on x
/// alone, so a tile computes them once (`write`) and every row of the tile only blends (`blend`).
enum XWeights {
    /// Floats of weights per pixel: 8 vectors of 8 lanes for 8 pixels — cubic: h₀₀, h₀₁, h·h₁₀,
    /// h·h₁₁, d₀₀ / h, d₁₀, d₁₁ and 1 / h (h the cell width); linear: 1 − u, u, unused, …, 1 / h.
    /// The products with h are taken here, once a tile, rather than in every row's blend.
    static let perPixel = 8

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
            FastLoad.store(h * (t3 - 2 * t2 + t), q, 16)
            FastLoad.store(h * (t3 - t2), q, 24)
            FastLoad.store((6 * t2 - 6 * t) * inverseH, q, 32)
            FastLoad.store(3 * t2 - 4 * t + 1, q, 40)
            FastLoad.store(3 * t2 - 2 * t, q, 48)
        }
        FastLoad.store(inverseH, q, 56)
    }

    /// Value, ∂f/∂x and ∂f/∂y of 8 pixels with weights at `q`, between their slices a (column i:
    /// value, ∂x, ∂y, ∂x∂y) and b (column i + 1). Products are summed with one rounding each
    /// (`opta_fma`).
    @inline(__always)
    static func blend(linear: Bool, _ q: UnsafePointer<Float>,
                      a: SIMD8<Float>, adx: SIMD8<Float>, ady: SIMD8<Float>, adxy: SIMD8<Float>,
                      b: SIMD8<Float>, bdx: SIMD8<Float>, bdy: SIMD8<Float>, bdxy: SIMD8<Float>)
        -> (value: SIMD8<Float>, gradX: SIMD8<Float>, gradY: SIMD8<Float>) {
        let h00 = FastLoad.load(q, 0), h01 = FastLoad.load(q, 8)
        if linear {
            return (opta_fma(h01, b, h00 * a), (b - a) * FastLoad.load(q, 56), opta_fma(h01, bdy, h00 * ady))
        }
        let hh10 = FastLoad.load(q, 16), hh11 = FastLoad.load(q, 24)
        let d00 = FastLoad.load(q, 32), d10 = FastLoad.load(q, 40), d11 = FastLoad.load(q, 48)
        return (opta_fma(hh11, bdx, opta_fma(hh10, adx, opta_fma(h01, b, h00 * a))),
                opta_fma(d11, bdx, opta_fma(d10, adx, d00 * (a - b))),
                opta_fma(hh11, bdxy, opta_fma(hh10, adxy, opta_fma(h01, bdy, h00 * ady))))
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
