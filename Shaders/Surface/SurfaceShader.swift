import OptaRaster

/// Shades a height-field mesh per pixel: colour by height through a colormap, Blinn–Phong
/// lighting, and optionally isolines at contour levels, grid lines (wireframe) and the contour
/// lines projected onto a floor quad (triangles from `surfaceTriangles` on).
public struct SurfaceShader: TriangleShader {
    /// Per vertex: normalized height (0…1), unit normal and world position.
    public let levels: [Float]
    public let normals: [SIMD3<Float>]
    public let positions: [SIMD3<Float>]
    /// Triangles before this index belong to the surface, the rest to the floor.
    public let surfaceTriangles: Int
    /// 256 colormap entries, 0…1.
    public let colormap: [SIMD3<Float>]
    public let lighting: SurfaceLighting
    public let eye: SIMD3<Float>
    /// Isolines on the surface at these normalized heights (sorted); empty for none.
    public let isolineLevels: [Float]
    public let isolineColor: SIMD4<Float>
    public let isolineWidth: Float
    /// Grid lines every `wireframeStep` domain units from `wireframeOrigin`; nil for none.
    public let wireframeStep: SIMD2<Float>?
    public let wireframeOrigin: SIMD2<Float>
    /// The floor: the height grid (resolution × resolution over `floorDomain`), for its contours.
    public let floorColor: SIMD3<Float>
    public let gridResolution: Int
    public let floorDomain: (lo: SIMD2<Float>, hi: SIMD2<Float>)

    public init(levels: [Float], normals: [SIMD3<Float>], positions: [SIMD3<Float>], surfaceTriangles: Int,
                colormap: ColormapLUT, lighting: SurfaceLighting, eye: SIMD3<Float>,
                isolineLevels: [Float], isolineColor: SIMD4<Float>, isolineWidth: Float,
                wireframeStep: SIMD2<Float>?, wireframeOrigin: SIMD2<Float>,
                floorColor: SIMD3<Float>, gridResolution: Int, floorDomain: (lo: SIMD2<Float>, hi: SIMD2<Float>)) {
        self.levels = levels
        self.normals = normals
        self.positions = positions
        self.surfaceTriangles = surfaceTriangles
        self.colormap = colormap.entries.map { p in
            SIMD3(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF)) / 255
        }
        self.lighting = lighting
        self.eye = eye
        self.isolineLevels = isolineLevels.sorted()
        self.isolineColor = isolineColor
        self.isolineWidth = isolineWidth
        self.wireframeStep = wireframeStep
        self.wireframeOrigin = wireframeOrigin
        self.floorColor = floorColor
        self.gridResolution = gridResolution
        self.floorDomain = floorDomain
    }

    @inlinable @inline(__always)
    func color(at t: Float) -> SIMD3<Float> {
        let i = Int(Swift.max(0, Swift.min(255, t * 255 + 0.5)))
        return colormap.withUnsafeBufferPointer { $0[i] }
    }

    public func shade(_ f: TriangleFragment) -> SIMD4<Float> {
        if f.triangle >= surfaceTriangles { return shadeFloor(f) }
        let l = f.barycentrics
        let i0 = Int(f.vertices.x), i1 = Int(f.vertices.y), i2 = Int(f.vertices.z)
        return levels.withUnsafeBufferPointer { levels in
            normals.withUnsafeBufferPointer { normals in
                positions.withUnsafeBufferPointer { positions in
                    let tv = SIMD3(levels[i0], levels[i1], levels[i2])
                    let t = (l * tv).sum()
                    var n = normals[i0] * l.x + normals[i1] * l.y + normals[i2] * l.z
                    n *= FastMath.inverseSquareRoot((n * n).sum())
                    let p = positions[i0] * l.x + positions[i1] * l.y + positions[i2] * l.z
                    var v = eye - p
                    v *= FastMath.inverseSquareRoot((v * v).sum())
                    var rgb = lighting.shade(color(at: t), normal: n, view: v)
                    if !isolineLevels.isEmpty {
                        let cover = isolineLevels.withUnsafeBufferPointer {
                            IsolineCoverage.coverage(t, gradient: f.derivatives(of: tv), sortedLevels: $0, width: isolineWidth)
                        }
                        rgb += (SIMD3(isolineColor.x, isolineColor.y, isolineColor.z) - rgb) * (cover * isolineColor.w)
                    }
                    if let step = wireframeStep {
                        let xs = SIMD3(positions[i0].x, positions[i1].x, positions[i2].x)
                        let ys = SIMD3(positions[i0].y, positions[i1].y, positions[i2].y)
                        let cx = IsolineCoverage.gridCoverage(p.x, origin: wireframeOrigin.x, step: step.x,
                                                              gradient: f.derivatives(of: xs), width: 1)
                        let cy = IsolineCoverage.gridCoverage(p.y, origin: wireframeOrigin.y, step: step.y,
                                                              gradient: f.derivatives(of: ys), width: 1)
                        rgb *= 1 - 0.45 * Swift.max(cx, cy)
                    }
                    return SIMD4(rgb, 1)
                }
            }
        }
    }

    /// The floor: a flat dark plate with the contour lines of the surface, coloured by level.
    func shadeFloor(_ f: TriangleFragment) -> SIMD4<Float> {
        let l = f.barycentrics
        let i0 = Int(f.vertices.x), i1 = Int(f.vertices.y), i2 = Int(f.vertices.z)
        let xs = SIMD3(positions[i0].x, positions[i1].x, positions[i2].x)
        let ys = SIMD3(positions[i0].y, positions[i1].y, positions[i2].y)
        let x = (l * xs).sum(), y = (l * ys).sum()
        var rgb = floorColor
        guard !isolineLevels.isEmpty else { return SIMD4(rgb, 1) }
        // Bilinear height at (x, y) from the grid, and its gradient in domain units.
        let n = gridResolution
        let span = floorDomain.hi - floorDomain.lo
        let gx = Swift.max(0, Swift.min(Float(n - 1) - 1e-3, (x - floorDomain.lo.x) / span.x * Float(n - 1)))
        let gy = Swift.max(0, Swift.min(Float(n - 1) - 1e-3, (y - floorDomain.lo.y) / span.y * Float(n - 1)))
        let ix = Int(gx), iy = Int(gy)
        let fx = gx - Float(ix), fy = gy - Float(iy)
        let (t00, t10, t01, t11) = levels.withUnsafeBufferPointer {
            ($0[iy * n + ix], $0[iy * n + ix + 1], $0[(iy + 1) * n + ix], $0[(iy + 1) * n + ix + 1])
        }
        let t = (t00 * (1 - fx) + t10 * fx) * (1 - fy) + (t01 * (1 - fx) + t11 * fx) * fy
        let dtdx = ((t10 - t00) * (1 - fy) + (t11 - t01) * fy) * Float(n - 1) / span.x
        let dtdy = ((t01 - t00) * (1 - fx) + (t11 - t10) * fx) * Float(n - 1) / span.y
        // Chain rule to screen pixels: ∇t = J^T (dt/dx, dt/dy) with J = ∂(x, y)/∂(screen).
        let dx = f.derivatives(of: xs), dy = f.derivatives(of: ys)
        let gradient = SIMD2(dtdx * dx.x + dtdy * dy.x, dtdx * dx.y + dtdy * dy.y)
        let cover = isolineLevels.withUnsafeBufferPointer {
            IsolineCoverage.coverage(t, gradient: gradient, sortedLevels: $0, width: 1.2)
        }
        rgb += (color(at: t) - rgb) * cover
        return SIMD4(rgb, 1)
    }
}
