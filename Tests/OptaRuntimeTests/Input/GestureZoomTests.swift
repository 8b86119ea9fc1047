import OptaCore
import OptaRuntime
import Testing

@Suite struct GestureZoomTests {
    static let cursors: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(123, 456), SIMD2(400, 300), SIMD2(799, 17)]

    @Test(arguments: cursors, [1.0, -2.0, 0.25])
    func wheelKeepsThePointUnderTheCursorFixed(cursor: SIMD2<Double>, delta: Double) throws {
        var state = try boothState()
        state = Reducer.reduce(state, .pan(SIMD2(0.2, -0.1)))
        var recognizer = GestureRecognizer(viewSize: viewSize)
        let before = domainPoint(at: cursor, in: state, viewSize: viewSize)
        let commands = recognizer.handle(.wheel(delta: delta, at: cursor, time: 0))
        #expect(commands.count == 1)
        let after = applying(commands, to: state)
        #expect(close(domainPoint(at: cursor, in: after, viewSize: viewSize), before))
        #expect(delta > 0 ? after.camera.zoom > state.camera.zoom : after.camera.zoom < state.camera.zoom)
    }

    @Test(arguments: cursors, [0.05, -0.03])
    func pinchKeepsThePointUnderTheCentreFixed(center: SIMD2<Double>, scaleDelta: Double) throws {
        let state = try boothState()
        var recognizer = GestureRecognizer(viewSize: viewSize)
        let before = domainPoint(at: center, in: state, viewSize: viewSize)
        let after = applying(recognizer.handle(.pinch(scaleDelta: scaleDelta, center: center, time: 0)), to: state)
        #expect(close(domainPoint(at: center, in: after, viewSize: viewSize), before))
        #expect(scaleDelta > 0 ? after.camera.zoom > 1 : after.camera.zoom < 1)
    }

    @Test func zoomAnchorFlipsY() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.wheel(delta: 1, at: SIMD2(200, 150), time: 0))
                == [.action(.zoom(factor: 1.1, about: SIMD2(0.25, 0.75)))])
    }

    @Test func zeroAndNonFiniteZoomsAreDropped() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.wheel(delta: 0, at: SIMD2(1, 1), time: 0)) == [])
        #expect(recognizer.handle(.pinch(scaleDelta: 0, center: SIMD2(1, 1), time: 0)) == [])
        #expect(recognizer.handle(.wheel(delta: .infinity, at: SIMD2(1, 1), time: 0)) == [])
        #expect(recognizer.handle(.pinch(scaleDelta: .nan, center: SIMD2(1, 1), time: 0)) == [])
    }

    @Test func plusAndMinusZoomAboutTheCentre() throws {
        let state = try boothState()
        var recognizer = GestureRecognizer(viewSize: viewSize)
        let center = SIMD2<Double>(400, 300)
        let before = domainPoint(at: center, in: state, viewSize: viewSize)
        let zoomedIn = applying(recognizer.handle(.key(.plus, shift: false, time: 0)), to: state)
        #expect(abs(zoomedIn.camera.zoom - 1.25) < 1e-12)
        #expect(close(domainPoint(at: center, in: zoomedIn, viewSize: viewSize), before))
        let back = applying(recognizer.handle(.key(.minus, shift: false, time: 0)), to: zoomedIn)
        #expect(abs(back.camera.zoom - 1) < 1e-12)
    }
}
