import Foundation
import Testing
@testable import OptaCore

@Suite struct SurfaceLoaderTests {
    func parse(_ json: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(Data(json.utf8))
    }

    func expectError(_ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(json)
            Issue.record("expected an error for \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == message, sourceLocation: sourceLocation)
        }
    }

    static let himmelblau = #""landscape": {"function": "himmelblau", "domain": {"x": [-5, 5], "y": [-5, 5]}}"#

    @Test func view3dReadsSurfaceAndCamera() throws {
        let s = try parse("""
            {"version": 1, "view": "3d", \(Self.himmelblau),
             "surface": {"resolution": 128, "height": 3, "scale": "linear", "isolines": true, "wireframe": true, "floorContours": true},
             "camera": {"eye": [8, -8, 8], "target": [0, 0, 1], "up": [0, 0, 1], "fovDegrees": 45, "near": 0.5, "far": 50}}
            """)
        let surface = try #require(s.surface)
        #expect(surface.resolution == 128)
        #expect(surface.height == 3)
        #expect(surface.scale == .linear)
        #expect(surface.isolines && surface.wireframe && surface.floorContours)
        #expect(surface.near == 0.5 && surface.far == 50)
        let eye = surface.camera.eye
        #expect(abs(eye.x - 8) < 1e-9 && abs(eye.y + 8) < 1e-9 && abs(eye.z - 8) < 1e-9)
        #expect(surface.camera.target == SIMD3(0, 0, 1))
        #expect(abs(surface.camera.yawDegrees + 45) < 1e-9)
        #expect(s.camera == nil)
    }

    @Test func view3dDefaults() throws {
        let s = try parse(#"{"version": 1, "view": "3d", "# + Self.himmelblau + "}")
        let surface = try #require(s.surface)
        #expect(surface.resolution == SurfaceSpec.defaultResolution)
        #expect(surface.height == 3)
        #expect(!surface.isolines && !surface.wireframe && !surface.floorContours)
        #expect(surface.camera.target == SIMD3(0, 0, 1))
        // A 2D scenario has no surface.
        #expect(try parse(#"{"version": 1, "# + Self.himmelblau + "}").surface == nil)
    }

    @Test func errorsNameThePathAndTheFix() {
        expectError(#"{"version": 1, "# + Self.himmelblau + #", "surface": {"resolution": 64}}"#,
                    #"surface only applies to 3D views; add "view": "3d" or remove it"#)
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "surface": {"resolution": 1}}"#,
                    "surface.resolution must be a whole number from 2 to 2048, got 1")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "surface": {"shading": "flat"}}"#,
                    "surface.shading is not a known field; allowed here: resolution, height, scale, isolines, wireframe, floorContours")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "camera": {"center": [0, 0]}}"#,
                    "camera a 3D camera takes eye, target, up and fovDegrees, not center/zoom")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "camera": {"eye": [1, 2]}}"#,
                    "camera.eye must have exactly 3 numbers, got 2")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "camera": {"eye": [0, 0, 1], "target": [0, 0, 1]}}"#,
                    "camera.eye must differ from camera.target; move the eye away from what it looks at")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "camera": {"fovDegrees": 180}}"#,
                    "camera.fovDegrees must be between 0 and 180 degrees, got 180")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "camera": {"up": [0, 0, 0]}}"#,
                    "camera.up must not be [0, 0, 0]; use [0, 0, 1] for z up")
        expectError(#"{"version": 1, "view": "3d", "# + Self.himmelblau + #", "panels": [{"view": "landscape"}]}"#,
                    #"panels cannot hold a 3D surface yet; remove "panels" or use "view": "2d""#)
        expectError(#"{"version": 1, "view": "4d", "# + Self.himmelblau + "}",
                    ScenarioErrorText.choice("view", "4d"))
    }
}

/// The loader's message for a bad choice, read from the loader itself.
enum ScenarioErrorText {
    static func choice(_ key: String, _ value: String) -> String {
        do {
            _ = try JSONObjectReader(.object([key: .string(value)]), path: "").choice(key, ["2d", "3d"])
            return "no error"
        } catch {
            return error.description
        }
    }
}
