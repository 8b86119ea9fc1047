/// Blinn–Phong lighting of a surface colour: ambient + diffuse · (n·l) + specular · (n·h)^32,
/// with a white highlight. Two-sided: a normal facing away from the viewer is flipped.
public struct SurfaceLighting: Sendable, Equatable {
    /// Unit direction towards the light.
    public var light: SIMD3<Float>
    public var ambient: Float
    public var diffuse: Float
    public var specular: Float

    /// R3's light: normalize(0.4, 0.3, 0.85), ambient 0.25, diffuse 0.75, specular 0.3.
    public static let standard = SurfaceLighting(light: SIMD3(0.4, 0.3, 0.85), ambient: 0.25, diffuse: 0.75, specular: 0.3)

    public init(light: SIMD3<Float>, ambient: Float, diffuse: Float, specular: Float) {
        let n = (light * light).sum().squareRoot()
        self.light = light / n
        self.ambient = ambient
        self.diffuse = diffuse
        self.specular = specular
    }

    /// The lit colour of `base` with unit normal `n`, seen along unit `view` (towards the eye).
    @inlinable @inline(__always)
    public func shade(_ base: SIMD3<Float>, normal n: SIMD3<Float>, view v: SIMD3<Float>) -> SIMD3<Float> {
        let facing = (n * v).sum() < 0 ? -n : n
        let nl = Swift.max(0, (facing * light).sum())
        var h = light + v
        h *= FastMath.inverseSquareRoot((h * h).sum())
        var s = Swift.max(0, (facing * h).sum())
        s *= s; s *= s; s *= s; s *= s; s *= s  // ^32
        return base * (ambient + diffuse * nl) + SIMD3(repeating: specular * s)
    }
}
