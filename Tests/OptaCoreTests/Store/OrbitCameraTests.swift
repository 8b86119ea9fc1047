import Foundation
import Testing
@testable import OptaCore

@Suite struct OrbitCameraTests {
    func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tolerance: Double = 1e-9) -> Bool {
        let d = a - b
        return (d * d).sum().squareRoot() < tolerance
    }

    @Test func eyeRoundTripsThroughTheOrbit() {
        let camera = OrbitCamera(eye: SIMD3(8, -8, 8), target: SIMD3(0, 0, 1))
        #expect(close(camera.eye, SIMD3(8, -8, 8)))
        #expect(abs(camera.distance - (64 + 64 + 49.0).squareRoot()) < 1e-12)
        #expect(abs(camera.yawDegrees + 45) < 1e-12)
        // Another up axis: y up.
        let yUp = OrbitCamera(eye: SIMD3(3, 4, 5), target: SIMD3(1, 1, 1), up: SIMD3(0, 1, 0))
        #expect(close(yUp.eye, SIMD3(3, 4, 5)))
    }

    @Test func orbitTurnsAboutUpAndClampsPitch() {
        let camera = OrbitCamera(eye: SIMD3(8, -8, 8), target: SIMD3(0, 0, 1))
        let turned = camera.orbited(yaw: 90, pitch: 0)
        // 90° about z takes (8, −8) to (8, 8) around the target; the height stays.
        #expect(close(turned.eye, SIMD3(8, 8, 8)))
        let up = camera.orbited(yaw: 0, pitch: 500)
        #expect(up.pitchDegrees == OrbitCamera.pitchLimit)
        #expect(camera.orbited(yaw: .nan, pitch: 0) == camera)
    }

    @Test func zoomMovesAlongTheViewLine() {
        let camera = OrbitCamera(eye: SIMD3(8, -8, 8), target: SIMD3(0, 0, 1))
        let closer = camera.zoomed(by: 2)
        #expect(abs(closer.distance - camera.distance / 2) < 1e-12)
        #expect(close(closer.eye, (camera.eye + camera.target) / 2))
        #expect(camera.zoomed(by: 0) == camera)
    }

    @Test func viewProjectionPutsTheTargetInTheMiddle() {
        let camera = OrbitCamera(eye: SIMD3(8, -8, 8), target: SIMD3(0, 0, 1), fovDegrees: 45)
        let m = camera.viewProjection(aspect: 16.0 / 9, near: 0.1, far: 100)
        let t = SIMD4(camera.target, 1)
        let clip = SIMD4((m[0] * t).sum(), (m[1] * t).sum(), (m[2] * t).sum(), (m[3] * t).sum())
        #expect(abs(clip.x / clip.w) < 1e-12 && abs(clip.y / clip.w) < 1e-12)
        #expect(abs(clip.w - camera.distance) < 1e-9)
        // A point above the target appears above the middle (y up in clip space).
        let above = SIMD4(0, 0, 2, 1.0)
        #expect((m[1] * above).sum() > 0)
    }

    @Test func reducerMovesTheOrbitIn3DAndLeaves2DAlone() throws {
        let json = #"{"version": 1, "view": "3d", "landscape": {"function": "himmelblau", "domain": {"x": [-5, 5], "y": [-5, 5]}}, "camera": {"eye": [8, -8, 8], "target": [0, 0, 1]}}"#
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        let state = AppState(scenario: scenario)
        let home = try #require(state.orbit)
        let orbited = Reducer.reduce(state, .orbit(yaw: 90, pitch: 10))
        #expect(orbited.orbit == home.orbited(yaw: 90, pitch: 10))
        #expect(orbited.camera == state.camera)
        let zoomed = Reducer.reduce(orbited, .zoom(factor: 2, about: SIMD2(0.5, 0.5)))
        #expect(zoomed.orbit == home.orbited(yaw: 90, pitch: 10).zoomed(by: 2))
        #expect(Reducer.reduce(zoomed, .resetCamera).orbit == home)
        #expect(RenderState(frame: 0, state: zoomed, solvers: []).orbit == zoomed.orbit)
        // 2D scenarios keep their pan-like orbit and have no orbit camera.
        let flat = AppState(scenario: try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "himmelblau"}}"#.utf8)))
        #expect(flat.orbit == nil)
        #expect(Reducer.reduce(flat, .orbit(yaw: 36, pitch: 0)).orbit == nil)
        #expect(Reducer.reduce(flat, .orbit(yaw: 36, pitch: 0)).camera != flat.camera)
    }

    @Test func heightFieldNormalsFollowTheGradient() {
        // f = x on [0, 1]²: linear height 0…1 along x, so with height 2 the slope is 2.
        let objective = Objective.expression(try! Expression(parsing: "x"))
        let field = HeightField(objective: objective, domain: Domain(x: 0...1, y: 0...1), resolution: 5, height: 2, scale: .linear)
        #expect(field.levels[0] == 0 && field.levels[4] == 1)
        let n = field.normals[12]
        let expected = SIMD3<Float>(-2, 0, 1) / Float(5).squareRoot()
        #expect(abs(n.x - expected.x) < 1e-6 && abs(n.y) < 1e-6 && abs(n.z - expected.z) < 1e-6)
        #expect(abs(field.value(atLevel: field.level(of: 0.3)) - 0.3) < 1e-12)
        // Log scale: level of f is log(1 + f − fmin) / log(1 + fmax − fmin).
        let logField = HeightField(objective: objective, domain: Domain(x: 0...1, y: 0...1), resolution: 5, height: 2, scale: .log)
        #expect(abs(logField.level(of: 0.5) - log(1.5) / log(2)) < 1e-12)
    }
}
