import OptaCore
import OptaRuntime
import Testing

@Suite struct GestureResizeTests {
    @Test func resizeUpdatesTheViewSizeAndEmitsResize() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.resized(width: 1000, height: 500)) == [.resize(width: 1000, height: 500)])
        #expect(recognizer.viewSize == SIMD2(1000, 500))
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(0, 0), shift: false, time: 0))
        #expect(recognizer.handle(.pointerMoved(to: SIMD2(100, 50), time: 1)) == [.action(.pan(SIMD2(-0.1, 0.1)))])
        #expect(recognizer.handle(.wheel(delta: 1, at: SIMD2(250, 125), time: 2))
                == [.action(.zoom(factor: 1.1, about: SIMD2(0.25, 0.75)))])
    }

    @Test func emptySizesAreIgnored() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.resized(width: 0, height: 600)) == [])
        #expect(recognizer.handle(.resized(width: 800, height: -1)) == [])
        #expect(recognizer.viewSize == viewSize)
    }
}
