import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Domains far from the origin keep their precision: x in [1e6, 1e6 + 1] is drawn like [0, 1].
@Suite struct FarDomainTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    /// A bowl centred in its domain, [x0, x0 + 1] × [−0.5, 0.5], as a 3D surface.
    func surface(at x0: Double) throws -> Scenario {
        try ScenarioLoader.parse(Data("""
            {"version": 1, "view": "3d", "surface": {"resolution": 64, "isolines": false, "floorContours": false},
             "landscape": {"expression": "(x - \(x0) - 0.5)^2 + y^2 + 0.1*sin(20*y)", "domain": {"x": [\(x0), \(x0 + 1)], "y": [-0.5, 0.5]},
                           "scale": "linear"}, "axes": {"legend": false, "colorbar": false}}
            """.utf8))
    }

    @Test func surfaceVerticesKeepTheirSpacingFarFromTheOrigin() throws {
        let prepared = PreparedSurface(scenario: try surface(at: 1e6))
        let n = prepared.spec.resolution
        // One row of vertices: evenly spaced by 1/(n − 1), not collapsed onto Float's 1/16 grid at 1e6.
        let xs = prepared.positions[0..<n].map { Double($0.x) + prepared.origin.x }
        for i in 1..<n {
            #expect(abs((xs[i] - xs[i - 1]) - 1 / Double(n - 1)) < 1e-5, "step \(i): \(xs[i] - xs[i - 1])")
        }
    }

    @Test func aFarSurfaceLooksLikeTheSameSurfaceAtTheOrigin() throws {
        func render(_ scenario: Scenario) throws -> (Framebuffer, SurfaceFigure) {
            let session = try HeadlessSession(scenario: scenario)
            let figure = SurfaceFigure(scenario: scenario, width: 480, height: 360, fonts: fonts)
            var frame = Framebuffer(width: 480, height: 360)
            var context = RenderContext()
            figure.renderSurface(session.renderState, into: &frame, context: &context, threads: 2)
            return (frame, figure)
        }
        let (near, _) = try render(try surface(at: 0))
        let (far, _) = try render(try surface(at: 1e6))
        // The shaded surface alone (no overlay): the same pixels but for rounding at edges.
        var differing = 0, surfacePixels = 0
        for y in 0..<360 {
            for x in 0..<480 {
                if near[x, y] != near[0, 0] { surfacePixels += 1 }
                if Self.largestChannelDifference(near[x, y], far[x, y]) > 24 { differing += 1 }
            }
        }
        #expect(surfacePixels > 10_000)
        #expect(differing < surfacePixels / 200, "\(differing) of \(surfacePixels) pixels differ")
    }

    static func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: UInt32(0), to: 24, by: 8) {
            let da = Int((a >> shift) & 0xFF), db = Int((b >> shift) & 0xFF)
            largest = max(largest, abs(da - db))
        }
        return largest
    }
}
