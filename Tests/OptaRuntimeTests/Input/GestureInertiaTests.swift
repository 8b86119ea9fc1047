import OptaCore
import OptaRuntime
import Testing

@Suite struct GestureInertiaTests {
    /// A flick to the right at 2000 px/s for 50 ms, released at t = 0.05 s while still moving.
    static func flicked(mode: GestureRecognizer.Mode = .twoD) -> GestureRecognizer {
        var recognizer = GestureRecognizer(viewSize: viewSize, mode: mode)
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(100, 300), shift: false, time: 0))
        for i in 1...5 {
            _ = recognizer.handle(.pointerMoved(to: SIMD2(100 + 20 * Double(i), 300), time: 0.01 * Double(i)))
        }
        _ = recognizer.handle(.pointerUp(button: .left, at: SIMD2(200, 300), time: 0.05))
        return recognizer
    }

    @Test func fastReleaseCoastsWithDecayingPansThatStop() {
        var recognizer = Self.flicked()
        #expect(recognizer.isCoasting)
        var pans: [SIMD2<Double>] = []
        var time = 0.05
        while recognizer.isCoasting, pans.count < 1000 {
            time += 1.0 / 60
            let commands = recognizer.tick(time: time)
            #expect(commands.count == 1)
            pans.append(totalPan(commands))
        }
        #expect(!recognizer.isCoasting)
        #expect(pans.count > 10 && pans.count < 120)  // about 0.15 s × ln(2000 / 2) ≈ 1 s
        for (earlier, later) in zip(pans, pans.dropFirst()) {
            #expect(later.x < 0 && abs(later.x) < abs(earlier.x) && later.y == 0)
        }
        // 2000 px/s × 0.15 s = 300 px, less a negligible tail, of an 800 px view, moving the view left.
        let total = pans.reduce(.zero, +)
        #expect(total.x.isFinite && abs(total.x - -300.0 / 800) < 0.5 / 800)
        #expect(recognizer.tick(time: time + 1) == [])
        #expect(recognizer.tick(time: time + 100) == [])
    }

    @Test func totalIsTheSameWhateverTheFrameRate() {
        func total(frame: Double) -> Double {
            var recognizer = Self.flicked()
            var time = 0.05, sum = 0.0
            while recognizer.isCoasting {
                time += frame
                sum += totalPan(recognizer.tick(time: time)).x
            }
            return sum
        }
        #expect(abs(total(frame: 1.0 / 30) - total(frame: 1.0 / 144)) < 0.5 / 800)
    }

    @Test func pointerDownStopsCoasting() {
        var recognizer = Self.flicked()
        #expect(!recognizer.tick(time: 0.07).isEmpty)
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(300, 300), shift: false, time: 0.08))
        #expect(!recognizer.isCoasting)
        #expect(recognizer.tick(time: 0.1) == [])
        _ = recognizer.handle(.pointerUp(button: .left, at: SIMD2(300, 300), time: 0.2))
        #expect(recognizer.tick(time: 0.3) == [])
    }

    @Test func resetCameraStopsCoasting() {
        var recognizer = Self.flicked()
        #expect(recognizer.handle(.key(.r, shift: false, time: 0.06)) == [.action(.resetCamera)])
        #expect(recognizer.tick(time: 0.1) == [])
    }

    @Test func releaseAfterAPauseDoesNotCoast() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(100, 300), shift: false, time: 0))
        _ = recognizer.handle(.pointerMoved(to: SIMD2(300, 300), time: 0.05))
        _ = recognizer.handle(.pointerUp(button: .left, at: SIMD2(300, 300), time: 0.5))
        #expect(!recognizer.isCoasting)
        #expect(recognizer.tick(time: 0.6) == [])
    }

    @Test func slowDragDoesNotCoast() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        _ = recognizer.handle(.pointerDown(button: .left, at: SIMD2(100, 300), shift: false, time: 0))
        _ = recognizer.handle(.pointerMoved(to: SIMD2(101, 300), time: 0.05))
        _ = recognizer.handle(.pointerUp(button: .left, at: SIMD2(101, 300), time: 0.06))
        #expect(!recognizer.isCoasting)
    }

    @Test func ticksBeforeTheReleaseOrRepeatedDoNothing() {
        var recognizer = Self.flicked()
        #expect(recognizer.tick(time: 0.01) == [])
        #expect(recognizer.tick(time: 0.05) == [])
        #expect(!recognizer.tick(time: 0.06).isEmpty)
        #expect(recognizer.tick(time: 0.06) == [])
    }

    @Test func orbitCoastsIn3D() {
        var recognizer = Self.flicked(mode: .threeD)
        let commands = recognizer.tick(time: 0.1)
        #expect(totalOrbit(commands).x > 0)
        #expect(totalPan(commands) == .zero)
    }
}
