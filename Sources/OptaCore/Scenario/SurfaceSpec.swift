/// How a scenario with `"view": "3d"` draws its landscape as a lit surface: grid resolution,
/// height, height scale, overlays, and the camera it opens with. Documented in docs/surface.md.
public struct SurfaceSpec: Sendable, Equatable {
    /// Vertices per side of the height-field grid.
    public var resolution: Int
    /// The height the value range maps to, in domain units.
    public var height: Double
    /// Linear or log height; nil follows the landscape's colour scale.
    public var scale: ScaleChoice?
    /// Isolines on the surface at the landscape's contour levels.
    public var isolines: Bool
    /// Grid lines over the surface.
    public var wireframe: Bool
    /// Contour lines projected onto the floor of the box.
    public var floorContours: Bool
    /// The camera the scenario opens with (and `resetCamera` returns to).
    public var camera: OrbitCamera
    /// Clip distances of the perspective projection.
    public var near: Double
    public var far: Double

    public static let defaultResolution = 256
    public static let resolutionRange = 2...2048

    public init(resolution: Int = defaultResolution, height: Double, scale: ScaleChoice? = nil, isolines: Bool = false,
                wireframe: Bool = false, floorContours: Bool = false, camera: OrbitCamera,
                near: Double = 0.1, far: Double = 100) {
        self.resolution = resolution
        self.height = height
        self.scale = scale
        self.isolines = isolines
        self.wireframe = wireframe
        self.floorContours = floorContours
        self.camera = camera
        self.near = near
        self.far = far
    }

    /// The default height for a domain: 0.3 of its larger side.
    public static func defaultHeight(for domain: Domain) -> Double {
        0.3 * max(domain.x.upperBound - domain.x.lowerBound, domain.y.upperBound - domain.y.lowerBound)
    }

    /// Clip distances that suit a camera `distance` from its target and a box of `size` (the
    /// larger of the domain's sides and the height): a hundredth of the distance, and ten times
    /// the distance plus the size, so a domain of any scale is neither cut by the near plane nor
    /// lost beyond the far one.
    public static func clipDistances(distance: Double, size: Double) -> (near: Double, far: Double) {
        (distance / 100, 10 * (distance + size))
    }

    /// The default camera for a domain and height: from the front-right, above, looking at a
    /// third of the height over the domain's centre.
    public static func defaultCamera(for domain: Domain, height: Double) -> OrbitCamera {
        let span = max(domain.x.upperBound - domain.x.lowerBound, domain.y.upperBound - domain.y.lowerBound)
        let target = SIMD3((domain.x.lowerBound + domain.x.upperBound) / 2, (domain.y.lowerBound + domain.y.upperBound) / 2, height / 3)
        return OrbitCamera(eye: target + SIMD3(0.8, -0.8, 0.7) * span, target: target)
    }
}
