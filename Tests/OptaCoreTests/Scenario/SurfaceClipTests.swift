import Foundation
import Testing
@testable import OptaCore

/// The default clip distances follow the domain's scale: the whole box lies between the near and
/// far planes for a domain a thousandth wide and one a million wide.
@Suite struct SurfaceClipTests {
    @Test(arguments: [1e-3, 1.0, 10.0, 1e6]) func theBoxLiesBetweenTheClipPlanes(span: Double) throws {
        for camera in ["", #", "camera": {"eye": [\#(span * 2), \#(-span * 3), \#(span * 1.5)]}"#] {
            let json = #"{"version": 1, "view": "3d", "landscape": {"function": "booth", "domain": {"x": [0, \#(span)], "y": [0, \#(span)]}}\#(camera)}"#
            let spec = try #require(try ScenarioLoader.parse(Data(json.utf8)).surface)
            let eye = spec.camera.eye, forward = spec.camera.viewAxes.forward
            for k in 0..<8 {
                let corner = SIMD3(k & 1 == 0 ? 0 : span, k & 2 == 0 ? 0 : span, k & 4 == 0 ? 0 : spec.height)
                let depth = ((corner - eye) * forward).sum()
                #expect(depth > spec.near && depth < spec.far, "span \(span)\(camera.isEmpty ? "" : ", own eye"): corner \(k) at depth \(depth), clip \(spec.near)…\(spec.far)")
            }
        }
    }

    @Test func givenClipDistancesAreKept() throws {
        let json = #"{"version": 1, "view": "3d", "landscape": {"function": "booth"}, "camera": {"near": 0.5, "far": 40}}"#
        let spec = try #require(try ScenarioLoader.parse(Data(json.utf8)).surface)
        #expect(spec.near == 0.5 && spec.far == 40)
    }
}
