import OptaSupport

extension ScenarioLoader {
    /// The `"view": "3d"` parts: `surface` and the 3D `camera`. Nil for a 2D scenario (which may
    /// not have a `surface`).
    static func parseSurface(_ root: JSONObjectReader, landscape: LandscapeSpec) throws(ScenarioError) -> SurfaceSpec? {
        let view = try root.choice("view", ["2d", "3d"]) ?? "2d"
        guard view == "3d" else {
            if root.has("surface") {
                throw ScenarioError(path: "surface", message: "only applies to 3D views; add \"view\": \"3d\" or remove it")
            }
            return nil
        }
        let domain = landscape.domain
        var spec = defaultSurface(for: landscape)
        if let s = try root.object("surface") {
            try s.rejectUnknownKeys(["resolution", "height", "scale", "isolines", "wireframe", "floorContours"])
            spec.resolution = try s.integer("resolution", in: SurfaceSpec.resolutionRange) ?? spec.resolution
            spec.height = try positive(s, "height") ?? spec.height
            if let scale = try s.choice("scale", ScaleChoice.allCases.map(\.rawValue)) { spec.scale = ScaleChoice(rawValue: scale) }
            spec.isolines = try s.bool("isolines") ?? false
            spec.wireframe = try s.bool("wireframe") ?? false
            spec.floorContours = try s.bool("floorContours") ?? false
        }
        spec.camera = SurfaceSpec.defaultCamera(for: domain, height: spec.height)
        (spec.near, spec.far) = SurfaceSpec.clipDistances(distance: spec.camera.distance, size: boxSize(domain, spec.height))
        if let c = try root.object("camera") {
            if c.has("center") || c.has("zoom") {
                throw ScenarioError(path: "camera", message: "a 3D camera takes eye, target, up and fovDegrees, not center/zoom")
            }
            try c.rejectUnknownKeys(["eye", "target", "up", "fovDegrees", "near", "far"])
            let home = spec.camera
            let target = try vector3(c, "target") ?? home.target
            let eye = try vector3(c, "eye") ?? home.eye
            let up = try vector3(c, "up") ?? SIMD3(0, 0, 1)
            if (up * up).sum() == 0 {
                throw ScenarioError(path: c.pathOf("up"), message: "must not be [0, 0, 0]; use [0, 0, 1] for z up")
            }
            let offset = eye - target
            if (offset * offset).sum() == 0 {
                throw ScenarioError(path: c.pathOf("eye"), message: "must differ from camera.target; move the eye away from what it looks at")
            }
            let fov = try c.number("fovDegrees") ?? 45
            guard fov > 0 && fov < 180 else {
                throw ScenarioError(path: c.pathOf("fovDegrees"), message: "must be between 0 and 180 degrees, got \(JSONText.number(fov))")
            }
            let clip = SurfaceSpec.clipDistances(distance: (offset * offset).sum().squareRoot(), size: boxSize(domain, spec.height))
            spec.near = try positive(c, "near") ?? clip.near
            spec.far = try positive(c, "far") ?? clip.far
            guard spec.far > spec.near else {
                throw ScenarioError(path: c.pathOf("far"), message: "must be greater than camera.near (\(JSONText.number(spec.near)))")
            }
            spec.camera = OrbitCamera(eye: eye, target: target, up: up, fovDegrees: fov)
        }
        return spec
    }

    /// The surface a landscape gets with no `surface` field. A grid is drawn with one vertex per
    /// sample (up to 512 per side), so the surface is the grid itself, not a resampling of it.
    public static func defaultSurface(for landscape: LandscapeSpec) -> SurfaceSpec {
        let height = SurfaceSpec.defaultHeight(for: landscape.domain)
        var spec = SurfaceSpec(height: height, camera: SurfaceSpec.defaultCamera(for: landscape.domain, height: height))
        (spec.near, spec.far) = SurfaceSpec.clipDistances(distance: spec.camera.distance, size: boxSize(landscape.domain, height))
        if let grid = landscape.objective.grid { spec.resolution = min(max(grid.rows, grid.columns), 512) }
        return spec
    }

    /// The larger of the domain's sides and the surface's height.
    static func boxSize(_ domain: Domain, _ height: Double) -> Double {
        max(domain.x.upperBound - domain.x.lowerBound, domain.y.upperBound - domain.y.lowerBound, height)
    }

    static func vector3(_ r: JSONObjectReader, _ key: String) throws(ScenarioError) -> SIMD3<Double>? {
        guard let v = try r.numbers(key, counts: 3...3) else { return nil }
        guard v.allSatisfy(\.isFinite) else {
            throw ScenarioError(path: r.pathOf(key), message: "must hold finite numbers")
        }
        return SIMD3(v[0], v[1], v[2])
    }
}
