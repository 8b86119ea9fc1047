/// What kind of picture a scenario shows.
public enum SceneKind: String, Sendable, Equatable {
    /// The 2D landscape of a function, with solver paths.
    case landscape2D
    /// A node-link graph (`"graph"`), laid out by the force solver or fixed.
    case graph
}

extension Scenario {
    /// A graph scenario has a `graph` and no landscape; everything else shows its landscape.
    public var kind: SceneKind { graph == nil ? .landscape2D : .graph }

    /// The landscape a graph scenario carries so that `landscape` stays non-optional for the
    /// landscape code: never drawn, never solved on (graph scenarios reject `"solvers"`).
    public static let graphLandscape = LandscapeSpec(
        objective: .builtin(.booth), domain: Domain(x: -1...1, y: -1...1), contours: nil, showMinima: false)
}
