import OptaCore
import OptaRaster
import Shaders

/// The expensive, view-independent part of a 3D surface: the height field, the mesh (surface grid,
/// two triangles per cell, plus the floor quad), the colour scale and the isoline levels. Built
/// once per scenario and shared by every frame.
public struct PreparedSurface: Sendable {
    public let spec: SurfaceSpec
    public let objective: Objective
    public let field: HeightField
    /// The domain's centre: `positions` are relative to it (x and y), so a domain far from the
    /// origin (x in [1e6, 1e6 + 1]) keeps Float's full precision in its vertices instead of
    /// collapsing them onto Float's coarse grid there (steps of 1/16 at 1e6).
    public let origin: SIMD2<Double>
    /// World positions less `origin`: surface vertices (row-major grid), then the 4 floor corners.
    public let positions: [SIMD3<Float>]
    public let indices: [UInt32]
    /// Per vertex (t, normal, position) for the shader, see `SurfaceShader.varyings`.
    public let varyings: [SIMD8<Float>]
    public let surfaceTriangles: Int
    /// Height of the floor (the box's bottom), in domain units.
    public let floorZ: Double
    /// Maps f to the normalized height 0…1 (and colour), for the colourbar and isolines.
    public let scale: ValueScale
    public let colormap: ColormapLUT
    /// Contour levels as normalized heights (sorted), from the landscape's contour settings.
    public let contourLevels: [Float]
    /// The normalized heights read smoothly for the floor's contours (flat without a floor).
    public let floorGrid: SmoothHeightGrid

    public init(scenario: Scenario) {
        let spec = scenario.surface ?? SurfaceSpec(height: SurfaceSpec.defaultHeight(for: scenario.landscape.domain),
                                                   camera: SurfaceSpec.defaultCamera(for: scenario.landscape.domain, height: 1))
        self.spec = spec
        objective = scenario.landscape.objective
        let landscape = scenario.landscape
        let heightScale = spec.scale ?? landscape.scale
        let field = HeightField(objective: landscape.objective, domain: landscape.domain, resolution: spec.resolution,
                                height: spec.height, scale: heightScale)
        self.field = field
        let n = spec.resolution
        let h = Float(spec.height)
        floorZ = spec.floorContours ? -0.25 * spec.height : 0
        let domain = landscape.domain
        let origin = SIMD2((domain.x.lowerBound + domain.x.upperBound) / 2, (domain.y.lowerBound + domain.y.upperBound) / 2)
        self.origin = origin
        var positions = [SIMD3<Float>]()
        positions.reserveCapacity(n * n + 4)
        for j in 0..<n {
            for i in 0..<n {
                let p = HeightField.point(i, j, n, landscape.domain)
                positions.append(SIMD3(Float(p.x - origin.x), Float(p.y - origin.y), field.levels[j * n + i] * h))
            }
        }
        // Cells touching a vertex where f is undefined (NaN samples of a grid, a formula's poles)
        // are left out: a hole, not a fold down to the floor.
        var defined = [Bool](repeating: true, count: n * n)
        for j in 0..<n {
            for i in 0..<n where !objective.value(HeightField.point(i, j, n, landscape.domain)).isFinite { defined[j * n + i] = false }
        }
        var indices = [UInt32]()
        indices.reserveCapacity((n - 1) * (n - 1) * 6 + 6)
        // Cells in blocks of 4 × 4 (32 triangles, a cluster of `TriangleRasterizer`): each
        // block is small on screen, so the rasterizer bins it as one entry.
        let cells = n - 1, block = 4
        for j0 in stride(from: 0, to: cells, by: block) {
            for i0 in stride(from: 0, to: cells, by: block) {
                for j in j0..<min(j0 + block, cells) {
                    for i in i0..<min(i0 + block, cells) {
                        let a = UInt32(j * n + i), b = a + 1, c = a + UInt32(n), d = c + 1
                        guard defined[Int(a)], defined[Int(b)], defined[Int(c)], defined[Int(d)] else { continue }
                        indices += [a, b, d, a, d, c]
                    }
                }
            }
        }
        surfaceTriangles = indices.count / 3
        if spec.floorContours {
            let d = landscape.domain, z = Float(floorZ)
            let base = UInt32(positions.count)
            for (x, y) in [(d.x.lowerBound, d.y.lowerBound), (d.x.upperBound, d.y.lowerBound),
                           (d.x.upperBound, d.y.upperBound), (d.x.lowerBound, d.y.upperBound)] {
                positions.append(SIMD3(Float(x - origin.x), Float(y - origin.y), z))
            }
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
            floorGrid = SmoothHeightGrid(values: field.levels, resolution: n, defined: defined)
        } else {
            floorGrid = SmoothHeightGrid(values: [], resolution: 0)
        }
        self.positions = positions
        self.indices = indices
        varyings = SurfaceShader.varyings(levels: field.levels, normals: field.normals, positions: positions)
        switch heightScale {
        case .linear: scale = .linear(vmin: field.fMin, vmax: max(field.fMax, field.fMin + 1e-12))
        case .log: scale = .log(vmin: field.fMin, vmax: max(field.fMax, field.fMin + 1e-12), fmin: field.fMin, epsilon: 1)
        }
        colormap = ColormapLUT(landscape.colormap)
        if let contours = landscape.contours, spec.isolines || spec.floorContours {
            let chosen = scale
            contourLevels = PreparedLandscape.levels(contours, scale: chosen).map { Float(chosen.normalized($0)) }
                .filter { $0 > 0 && $0 < 1 }.sorted()
        } else {
            contourLevels = []
        }
    }

    /// The surface's height over (x, y) in domain units (NaN where f is undefined).
    public func surfaceHeight(at p: SIMD2<Double>) -> Double {
        let f = objective.value(p)
        return f.isFinite ? spec.height * field.level(of: f) : .nan
    }
}
