import OptaCore

/// Keys: arrows move the camera, + / − zoom about the centre, letters map to store actions or
/// viewer commands.
extension GestureRecognizer {
    /// The commands for a key. An arrow moves the camera toward it by a tenth of the view, as
    /// dragging the content the other way by a tenth of the view would (a pan in 2D, an orbit in
    /// 3D). R resets the camera and stops coasting; Tab and Shift-Tab move focus to the next and
    /// previous item, resolved by the viewer against the frame's tree like the other focus keys.
    mutating func keyPressed(_ key: Key, shift: Bool) -> [ViewerCommand] {
        switch key {
        case .left, .right, .up, .down:
            return commands(forDrag: arrowDrag(key), kind: mode == .threeD ? .orbit : .pan)
        case .plus: return zoom(by: Self.keyZoomStep, atFraction: ViewFraction.center)
        case .minus: return zoom(by: 1 / Self.keyZoomStep, atFraction: ViewFraction.center)
        case .r:
            inertia = nil
            return [.action(.resetCamera)]
        case .space: return [.action(.togglePause)]
        case .n: return [.action(.stepSolvers)]
        case .c: return [.action(.nextColormap)]
        case .h: return [.action(.toggleHUD)]
        case .s: return [.screenshot]
        case .tab: return [.jump(shift ? .previous : .next)]
        case .q, .escape: return [.quit]
        case .x: return [.jump(.xAxis)]
        case .y: return [.jump(.yAxis)]
        case .l: return [.jump(.legend)]
        case .b: return [.jump(.colorBar)]
        case .home: return [.jump(.pathStart)]
        case .end: return [.jump(.pathEnd)]
        case .leftBracket: return [.jump(.pathLowest)]
        case .rightBracket: return [.jump(.pathHighest)]
        case .t: return [.readTable]
        case .a: return [.playAudio]
        }
    }

    /// The drag, in pixels, that an arrow stands for: a tenth of the view against the arrow.
    func arrowDrag(_ key: Key) -> SIMD2<Double> {
        let step = viewSize / 10
        switch key {
        case .left: return SIMD2(step.x, 0)
        case .right: return SIMD2(-step.x, 0)
        case .up: return SIMD2(0, step.y)
        case .down: return SIMD2(0, -step.y)
        default: return .zero
        }
    }

    private func zoom(by factor: Double, atFraction anchor: SIMD2<Double>) -> [ViewerCommand] {
        [.action(.zoom(factor: factor, about: anchor))]
    }
}
