/// A mouse button (or the primary touch, reported as `.left`).
public enum PointerButton: Sendable, Equatable, Hashable {
    case left, right, middle
}
