import OptaA11y
import OptaCore

/// What the live audio graph (`opta view --sonify`) plays each frame: the followed solver's f on
/// the colour scale while it runs (silence while it is paused or has stopped), and an earcon when
/// it converges or diverges. Earcons sound on the change of status only, so once per run, as a
/// solver's end is announced once: a stored run that opens finished makes no sound, and a run
/// restarted by a reset may sound again. Pure: the caller passes each frame's solvers.
public struct LiveSonification: Sendable {
    /// One frame's sound.
    public struct Cue: Sendable, Equatable {
        /// The solver followed, if there is any.
        public var solver: String?
        /// Its f on the colour scale (0…1), nil for silence.
        public var level: Double?
        /// Earcons to start now.
        public var events: [AudioGraph.Event.Kind]

        public init(solver: String?, level: Double?, events: [AudioGraph.Event.Kind]) {
            self.solver = solver
            self.level = level
            self.events = events
        }
    }

    private var lastStatus: [String: SolverStatus] = [:]

    public init() {}

    /// The cue for a frame showing `solvers`: the one named `following` (the focused path's), else
    /// the first; `level` places f on the colour scale.
    public mutating func cue(solvers: [SolverSnapshot], following name: String?, level: (Double) -> Double?) -> Cue {
        var changed: [String: SolverStatus] = [:]
        for solver in solvers {
            if let before = lastStatus[solver.id], before != solver.status { changed[solver.id] = solver.status }
            lastStatus[solver.id] = solver.status
        }
        guard let solver = solvers.first(where: { $0.id == name }) ?? solvers.first else {
            return Cue(solver: nil, level: nil, events: [])
        }
        let events: [AudioGraph.Event.Kind] = switch changed[solver.id] {
        case .converged: [.converged]
        case .diverged: [.diverged]
        default: []
        }
        let sounding = solver.status == .running && !solver.paused
        return Cue(solver: solver.id, level: sounding ? level(solver.value) : nil, events: events)
    }
}
