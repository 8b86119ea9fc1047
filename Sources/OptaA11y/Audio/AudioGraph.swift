/// What an audio graph plays, before any sound is made: for each path (a solver's or a logged
/// one), its f at every step as a position on the scene's colour scale (0 = the lowest colour,
/// 1 = the highest; low f is low pitch), and the moments worth a short sound of their own
/// (earcons). Time is the step. Like Apple's `AXChartDescriptor`, it is a description; the
/// audio itself is rendered elsewhere.
public struct AudioGraph: Sendable, Equatable {
    /// One path's sound.
    public struct Series: Sendable, Equatable {
        public var name: String
        /// The position of f on the colour scale at each step, 0…1; NaN where f is undefined.
        public var levels: [Double]
        /// Events by step index into `levels`.
        public var events: [Event]

        public init(name: String, levels: [Double], events: [Event]) {
            self.name = name
            self.levels = levels
            self.events = events
        }
    }

    /// A moment that gets an earcon.
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            /// The path begins.
            case start
            /// The run converged (a minimum).
            case converged
            /// The run diverged.
            case diverged
            /// f crossed one of the contour levels between this step and the one before.
            case contourCrossing = "contour crossing"
        }

        public var step: Int
        public var kind: Kind

        public init(step: Int, kind: Kind) {
            self.step = step
            self.kind = kind
        }
    }

    /// What the graph shows, e.g. "f of 2 paths on Rosenbrock, log scale".
    public var title: String
    public var series: [Series]

    public init(title: String, series: [Series]) {
        self.title = title
        self.series = series
    }
}
