/// The eigen-decomposition C = B·diag(λ)·Bᵀ of a symmetric 2×2 matrix [[a, b], [b, d]].
struct SymmetricEigen2: Sendable {
    /// The eigenvalues, clamped to ≥ 0.
    var values: SIMD2<Double>
    /// The unit eigenvectors: the columns of B.
    var first: SIMD2<Double>
    var second: SIMD2<Double>

    init(a: Double, b: Double, d: Double) {
        let mean = (a + d) / 2
        let radius = (((a - d) / 2) * ((a - d) / 2) + b * b).squareRoot()
        let l1 = mean + radius, l2 = mean - radius
        values = SIMD2(Swift.max(l1, 0), Swift.max(l2, 0))
        // Two candidate eigenvectors for l1; the longer one is the better conditioned.
        let u = SIMD2(b, l1 - a), v = SIMD2(l1 - d, b)
        let nu = (u * u).sum(), nv = (v * v).sum()
        let pick = nu >= nv ? u : v
        let norm = Swift.max(nu, nv).squareRoot()
        first = norm > 0 ? pick / norm : SIMD2(1, 0)
        second = SIMD2(-first.y, first.x)
    }

    /// B·v.
    func rotate(_ v: SIMD2<Double>) -> SIMD2<Double> {
        v.x * first + v.y * second
    }

    /// Bᵀ·v.
    func unrotate(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2((first * v).sum(), (second * v).sum())
    }
}
