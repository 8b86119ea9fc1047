import OptaCore
import OptaRuntime
import Testing

@Suite struct GestureDragTests {
    @Test func dragPansByTheExactFraction() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.pointerDown(button: .left, at: SIMD2(100, 100), shift: false, time: 0)) == [])
        let commands = recognizer.handle(.pointerMoved(to: SIMD2(180, 130), time: 0.5))
        #expect(commands == [.action(.pan(SIMD2(-80.0 / 800, 30.0 / 600)))])
    }

    @Test(arguments: [1.0, 3.5])
    func pointUnderTheCursorFollowsIt(zoom: Double) throws {
        var state = try boothState()
        state = Reducer.reduce(state, .zoom(factor: zoom, about: SIMD2(0.3, 0.8)))
        var recognizer = GestureRecognizer(viewSize: viewSize)
        let start = SIMD2<Double>(120, 470), path = [SIMD2<Double>(200, 400), SIMD2(350, 380), SIMD2(610, 95)]
        let grabbed = domainPoint(at: start, in: state, viewSize: viewSize)
        _ = recognizer.handle(.pointerDown(button: .left, at: start, shift: false, time: 0))
        for (i, pixel) in path.enumerated() {
            state = applying(recognizer.handle(.pointerMoved(to: pixel, time: 1 + Double(i))), to: state)
            #expect(close(domainPoint(at: pixel, in: state, viewSize: viewSize), grabbed))
        }
        let end = SIMD2<Double>(640, 90)
        state = applying(recognizer.handle(.pointerUp(button: .left, at: end, time: 10)), to: state)
        #expect(close(domainPoint(at: end, in: state, viewSize: viewSize), grabbed))
    }

    @Test func movingWithoutAButtonDoesNothing() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.pointerMoved(to: SIMD2(10, 10), time: 0)) == [])
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(10, 10), shift: false, time: 0))
        #expect(recognizer.handle(.pointerUp(button: .right, at: SIMD2(50, 50), time: 1)) == [])
        _ = recognizer.handle(.pointerUp(button: .left, at: SIMD2(10, 10), time: 2))
        #expect(recognizer.handle(.pointerMoved(to: SIMD2(90, 90), time: 3)) == [])
    }

    @Test func leftDragOrbitsIn3D() {
        var recognizer = GestureRecognizer(viewSize: viewSize, mode: .threeD)
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(100, 100), shift: false, time: 0))
        let commands = recognizer.handle(.pointerMoved(to: SIMD2(150, 80), time: 1))
        #expect(commands.count == 1)
        #expect(close(totalOrbit(commands), SIMD2(50 * 0.3, -20 * 0.3), tolerance: 1e-12))
    }

    @Test(arguments: [(PointerButton.right, false), (.left, true), (.middle, false)])
    func rightDragAndShiftDragPanIn3D(button: PointerButton, shift: Bool) throws {
        var state = try boothState()
        var recognizer = GestureRecognizer(viewSize: viewSize, mode: .threeD)
        let start = SIMD2<Double>(300, 200), end = SIMD2<Double>(420, 330)
        let grabbed = domainPoint(at: start, in: state, viewSize: viewSize)
        _ = recognizer.handle(.pointerDown(button: button, at: start, shift: shift, time: 0))
        let commands = recognizer.handle(.pointerMoved(to: end, time: 1))
        #expect(commands == [.action(.pan(SIMD2(-120.0 / 800, 130.0 / 600)))])
        state = applying(commands, to: state)
        #expect(close(domainPoint(at: end, in: state, viewSize: viewSize), grabbed))
    }

    @Test func rightDragPansIn2DToo() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        _ = recognizer.handle(.pointerDown(button: .right, at: SIMD2(0, 0), shift: false, time: 0))
        #expect(recognizer.handle(.pointerMoved(to: SIMD2(80, -60), time: 1)) == [.action(.pan(SIMD2(-0.1, -0.1)))])
    }
}
