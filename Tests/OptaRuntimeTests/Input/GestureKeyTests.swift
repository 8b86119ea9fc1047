import OptaCore
import OptaRuntime
import Testing

@Suite struct GestureKeyTests {
    static let simple: [(Key, ViewerCommand)] = [
        (.r, .action(.resetCamera)),
        (.space, .action(.togglePause)),
        (.n, .action(.stepSolvers)),
        (.c, .action(.nextColormap)),
        (.h, .action(.toggleHUD)),
        (.s, .screenshot),
        (.q, .quit),
        (.escape, .quit),
        (.plus, .action(.zoom(factor: 1.25, about: SIMD2(0.5, 0.5)))),
        (.minus, .action(.zoom(factor: 1 / 1.25, about: SIMD2(0.5, 0.5)))),
    ]

    @Test(arguments: [false, true], [GestureRecognizer.Mode.twoD, .threeD])
    func lettersAndZoomKeysIgnoreShiftAndMode(shift: Bool, mode: GestureRecognizer.Mode) {
        for (key, expected) in Self.simple {
            var recognizer = GestureRecognizer(viewSize: viewSize, mode: mode)
            #expect(recognizer.handle(.key(key, shift: shift, time: 1)) == [expected], "\(key)")
        }
    }

    @Test func tabFocusesNextAndShiftTabPrevious() {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        #expect(recognizer.handle(.key(.tab, shift: false, time: 0)) == [.jump(.next)])
        #expect(recognizer.handle(.key(.tab, shift: true, time: 0)) == [.jump(.previous)])
    }

    @Test func focusKeysJumpAndAPlaysTheAudioGraph() {
        let expected: [(Key, ViewerCommand)] = [
            (.x, .jump(.xAxis)), (.y, .jump(.yAxis)), (.l, .jump(.legend)), (.b, .jump(.colorBar)),
            (.home, .jump(.pathStart)), (.end, .jump(.pathEnd)), (.leftBracket, .jump(.pathLowest)),
            (.rightBracket, .jump(.pathHighest)), (.t, .readTable), (.a, .playAudio),
        ]
        for (key, command) in expected {
            var recognizer = GestureRecognizer(viewSize: viewSize)
            #expect(recognizer.handle(.key(key, shift: false, time: 0)) == [command], "\(key)")
        }
    }

    @Test func everyKeyDoesSomething() {
        for key in Key.allCases {
            var recognizer = GestureRecognizer(viewSize: viewSize)
            #expect(recognizer.handle(.key(key, shift: false, time: 0)).count == 1, "\(key)")
        }
    }

    @Test(arguments: [false, true])
    func arrowsPanATenthOfTheViewIn2D(shift: Bool) {
        var recognizer = GestureRecognizer(viewSize: viewSize)
        let expected: [(Key, SIMD2<Double>)] = [(.left, SIMD2(-0.1, 0)), (.right, SIMD2(0.1, 0)),
                                                (.up, SIMD2(0, 0.1)), (.down, SIMD2(0, -0.1))]
        for (key, pan) in expected {
            let commands = recognizer.handle(.key(key, shift: shift, time: 0))
            #expect(commands.count == 1)
            #expect(close(totalPan(commands), pan, tolerance: 1e-12), "\(key)")
        }
    }

    @Test func arrowsOrbitATenthOfTheViewIn3D() {
        var recognizer = GestureRecognizer(viewSize: viewSize, mode: .threeD)
        // A tenth of 800 × 600 pixels at 0.3°/px: 24° of yaw, 18° of pitch.
        let expected: [(Key, SIMD2<Double>)] = [(.left, SIMD2(24, 0)), (.right, SIMD2(-24, 0)),
                                                (.up, SIMD2(0, 18)), (.down, SIMD2(0, -18))]
        for (key, orbit) in expected {
            let commands = recognizer.handle(.key(key, shift: false, time: 0))
            #expect(commands.count == 1)
            #expect(close(totalOrbit(commands), orbit, tolerance: 1e-12), "\(key)")
        }
    }

    @Test func rightArrowShowsWhatIsRightOfTheView() throws {
        let state = try boothState()
        var recognizer = GestureRecognizer(viewSize: viewSize)
        let after = applying(recognizer.handle(.key(.right, shift: false, time: 0)), to: state)
        let before = domainPoint(at: SIMD2(400, 300), in: state, viewSize: viewSize)
        let now = domainPoint(at: SIMD2(400, 300), in: after, viewSize: viewSize)
        #expect(now.x > before.x)
        #expect(now.y == before.y)
    }
}
