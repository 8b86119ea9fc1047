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
    /// 256 colormap entries, 0…1 (and the same as aligned 4-lane values for the per-pixel loop).
    public let colormap: [SIMD3<Float>]
    let colormapChannels: [SIMD4<Float>]
    public let lighting: SurfaceLighting
    public let eye: SIMD3<Float>
    /// Isolines on the surface at these normalized heights (sorted); empty for none.
    public let isolineLevels: [Float]
    public let isolineColor: SIMD4<Float>
    public let isolineWidth: Float
    /// Grid lines every `wireframeStep` domain units from `wireframeOrigin`; nil for none.
    public let wireframeStep: SIMD2<Float>?
    public let wireframeOrigin: SIMD2<Float>
    /// The floor: the height grid (over `floorDomain`), read smoothly for its contours.
    public let floorColor: SIMD3<Float>
    public let floorGrid: SmoothHeightGrid
    public let floorDomain: (lo: SIMD2<Float>, hi: SIMD2<Float>)

    public init(levels: [Float], normals: [SIMD3<Float>], positions: [SIMD3<Float>], surfaceTriangles: Int,
                colormap: ColormapLUT, lighting: SurfaceLighting, eye: SIMD3<Float>,
                isolineLevels: [Float], isolineColor: SIMD4<Float>, isolineWidth: Float,
                wireframeStep: SIMD2<Float>?, wireframeOrigin: SIMD2<Float>,
                floorColor: SIMD3<Float>, floorGrid: SmoothHeightGrid, floorDomain: (lo: SIMD2<Float>, hi: SIMD2<Float>)) {
        self.levels = levels
        self.normals = normals
        self.positions = positions
        self.surfaceTriangles = surfaceTriangles
        self.colormap = colormap.entries.map { p in
            SIMD3(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF)) / 255
        }
        colormapChannels = self.colormap.map { SIMD4($0, 1) }
        self.lighting = lighting
        self.eye = eye
        self.isolineLevels = isolineLevels.sorted()
        self.isolineColor = isolineColor
        self.isolineWidth = isolineWidth
        self.wireframeStep = wireframeStep
        self.wireframeOrigin = wireframeOrigin
        self.floorColor = floorColor
        self.floorGrid = floorGrid
        self.floorDomain = floorDomain
    }

    @inline(__always)
    func color(at t: Float) -> SIMD3<Float> {
        let i = Int(Swift.max(0, Swift.min(255, t * 255 + 0.5)))
        return colormap.withUnsafeBufferPointer { $0[i] }
    }

    /// The per-vertex varyings the rasterizer interpolates: (t, nx, ny, nz, x, y, z, 0).
    public static func varyings(levels: [Float], normals: [SIMD3<Float>], positions: [SIMD3<Float>]) -> [SIMD8<Float>] {
        positions.indices.map { k in
            let t = k < levels.count ? levels[k] : 0
            let n = k < normals.count ? normals[k] : SIMD3(0, 0, 1)
            let p = positions[k]
            return SIMD8(t, n.x, n.y, n.z, p.x, p.y, p.z, 0)
        }
    }

    /// The lit colour of fragments k..<k+8 of the batch (lanes past the batch are read but meaningless).
    @inline(__always)
    func lit(_ batch: FragmentBatch, _ k: Int, lut: UnsafeBufferPointer<SIMD4<Float>>)
        -> (red: SIMD8<Float>, green: SIMD8<Float>, blue: SIMD8<Float>) {
        let light = lighting.light
        // One vector per varying (lanes past the batch are read but not used).
        let (t, nx0, ny0, nz0, px, py, pz, _) = batch.columns(k)
        var nx = nx0, ny = ny0, nz = nz0
        var r = FastMath.inverseSquareRoot(nx * nx + ny * ny + nz * nz)
        nx *= r; ny *= r; nz *= r
        var vx = eye.x - px, vy = eye.y - py, vz = eye.z - pz
        r = FastMath.inverseSquareRoot(vx * vx + vy * vy + vz * vz)
        vx *= r; vy *= r; vz *= r
        // Two-sided: face the viewer.
        let away = nx * vx + ny * vy + nz * vz .< 0
        nx.replace(with: -nx, where: away); ny.replace(with: -ny, where: away); nz.replace(with: -nz, where: away)
        let nl = (nx * light.x + ny * light.y + nz * light.z).lanesMax(.zero)
        var hx = vx + light.x, hy = vy + light.y, hz = vz + light.z
        r = FastMath.inverseSquareRoot(hx * hx + hy * hy + hz * hz)
        hx *= r; hy *= r; hz *= r
        var sp = (nx * hx + ny * hy + nz * hz).lanesMax(.zero)
        sp *= sp; sp *= sp; sp *= sp; sp *= sp; sp *= sp  // ^32
        let diffuse = lighting.ambient + lighting.diffuse * nl
        let highlight = lighting.specular * sp
        // Colour by height: one colormap entry per lane.
        let index = Self.lutIndices(t)
        @inline(__always) func entry(_ lane: Int) -> SIMD4<Float> { lut[Int(index[lane])] }
        var (red, green, blue, _) = LaneTranspose.columns(entry(0), entry(1), entry(2), entry(3),
                                                         entry(4), entry(5), entry(6), entry(7))
        red = red * diffuse + highlight
        green = green * diffuse + highlight
        blue = blue * diffuse + highlight
        return (red, green, blue)
    }

    public func shade(_ batch: FragmentBatch) {
        colormapChannels.withUnsafeBufferPointer { lut in
            // Two loops, so the common one (no overlays) never reads single lanes: lane reads made
            // the compiler split the whole computation into 4-lane halves.
            var k = 0
            if !hasOverlays {
                while k < batch.count {
                    let m = Swift.min(8, batch.count - k)
                    let (red, green, blue) = lit(batch, k, lut: lut)
                    let packed = PackedColor.packOpaque(r: red, g: green, b: blue)
                    if m == 8 {
                        UnsafeMutableRawPointer(batch.colors + k).storeBytes(of: packed, as: SIMD8<UInt32>.self)
                    } else {
                        for lane in 0..<m { batch.colors[k + lane] = packed[lane] }
                    }
                    k += 8
                }
                return
            }
            while k < batch.count {
                let m = Swift.min(8, batch.count - k)
                let (red, green, blue) = lit(batch, k, lut: lut)
                for lane in 0..<m {
                    let f = batch.fragments[k + lane]
                    let color = SIMD4(red[lane], green[lane], blue[lane], 1)
                    batch.colors[k + lane] = PackedColor.packUnit(f.triangle >= surfaceTriangles ? shadeFloor(f)
                        : overlay(f, varyings: batch.varyings[k + lane], color: color))
                }
                k += 8
            }
        }
    }

    public var needsFragments: Bool { hasOverlays }

    /// Whether anything is drawn after the lighting pass: isolines, grid lines or a floor.
    var hasOverlays: Bool { !isolineLevels.isEmpty || wireframeStep != nil || levels.count < positions.count }

    /// Colormap entries for normalized heights: ⌊t · 255 + 0.5⌋ clamped to 0…255, in vector
    /// instructions.
    @inline(__always)
    static func lutIndices(_ t: SIMD8<Float>) -> SIMD8<Int32> {
        var x = t * 255 + 0.5
        let zero = SIMD8<Float>(repeating: 0), top = SIMD8<Float>(repeating: 255)
        x.replace(with: zero, where: x .< zero)
        x.replace(with: top, where: .!(x .<= top))  // NaN too, as the scalar clamp did
        return x.truncated
    }

    /// Isolines and grid lines over a lit surface colour.
    func overlay(_ f: TriangleFragment, varyings: SIMD8<Float>, color: SIMD4<Float>) -> SIMD4<Float> {
        let i0 = Int(f.vertices.x), i1 = Int(f.vertices.y), i2 = Int(f.vertices.z)
        var rgb = SIMD3(color.x, color.y, color.z)
        let t = varyings[0]
        if !isolineLevels.isEmpty {
            let tv = SIMD3(levels[i0], levels[i1], levels[i2])
            let cover = isolineLevels.withUnsafeBufferPointer {
                IsolineCoverage.coverage(t, gradient: f.derivatives(of: tv), sortedLevels: $0, width: isolineWidth)
            }
            rgb += (SIMD3(isolineColor.x, isolineColor.y, isolineColor.z) - rgb) * (cover * isolineColor.w)
        }
        if let step = wireframeStep {
            let xs = SIMD3(positions[i0].x, positions[i1].x, positions[i2].x)
            let ys = SIMD3(positions[i0].y, positions[i1].y, positions[i2].y)
            let cx = IsolineCoverage.gridCoverage(varyings[4], origin: wireframeOrigin.x, step: step.x,
                                                  gradient: f.derivatives(of: xs), width: 1)
            let cy = IsolineCoverage.gridCoverage(varyings[5], origin: wireframeOrigin.y, step: step.y,
                                                  gradient: f.derivatives(of: ys), width: 1)
            rgb *= 1 - 0.45 * Swift.max(cx, cy)
        }
        return SIMD4(rgb, 1)
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
        // The height at (x, y) and its gradient in domain units, from the grid read smoothly.
        let steps = Float(floorGrid.resolution - 1)
        let span = floorDomain.hi - floorDomain.lo
        let (t, g) = floorGrid.sample((x - floorDomain.lo.x) / span.x * steps, (y - floorDomain.lo.y) / span.y * steps)
        let dtdx = g.x * steps / span.x, dtdy = g.y * steps / span.y
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
