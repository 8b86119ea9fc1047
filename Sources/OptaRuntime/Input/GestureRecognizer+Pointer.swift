/// Drags: which kind a button starts, the motion while held, and the coasting after release.
extension GestureRecognizer {
    /// Left-drag orbits in 3D; every other drag (2D, right, middle, shift) pans.
    func dragKind(for button: PointerButton, shift: Bool) -> DragKind {
        mode == .threeD && button == .left && !shift ? .orbit : .pan
    }

    /// Starts a drag and stops any coasting.
    mutating func pointerDown(_ button: PointerButton, at position: SIMD2<Double>, shift: Bool, time: Double) {
        inertia = nil
        var started = ActiveDrag(button: button, kind: dragKind(for: button, shift: shift), position: position)
        started.velocity.add(position, time: time)
        drag = started
    }

    /// Moves the camera by the pointer's motion while a button is held.
    mutating func pointerMoved(to position: SIMD2<Double>, time: Double) -> [ViewerCommand] {
        guard var held = drag else { return [] }
        let delta = position - held.position
        held.position = position
        held.velocity.add(position, time: time)
        drag = held
        return commands(forDrag: delta, kind: held.kind)
    }

    /// Ends the drag (after any last motion) and starts coasting if it was released moving.
    mutating func pointerUp(_ button: PointerButton, at position: SIMD2<Double>, time: Double) -> [ViewerCommand] {
        guard let held = drag, held.button == button else { return [] }
        // A release where the pointer already was adds no sample, so a pause before it reads as a stop.
        let last = position == held.position ? [] : pointerMoved(to: position, time: time)
        let velocity = drag?.velocity.velocity(at: time) ?? .zero
        drag = nil
        inertia = Inertia(velocity: velocity, time: time, kind: held.kind)
        return last
    }
}
