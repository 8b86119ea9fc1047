/// A short message for a screen reader to speak, about one solver and one kind of event.
public struct Announcement: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        case converged, diverged, stopped, newBest = "new-best"
    }

    public let kind: Kind
    /// The solver's id.
    public let solver: String
    public let text: String
    /// The time (seconds, as passed to the announcer) it was made.
    public let time: Double
}
