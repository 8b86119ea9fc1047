/// Turns successive accessibility trees into spoken announcements — "Adam converged at step 140,
/// f = 0.0012", "new best value 0.031 by Adam" — without flooding the listener.
///
/// Pure: the caller passes in each tree and the time. Reads the `solver/…` nodes' attributes
/// (`status`, `step`, `f`). A solver's end (converged, diverged, stopped) is announced once per run;
/// a new best value across all solvers at most once per `interval` seconds per solver. A run that
/// restarts (its step goes down) may be announced again. The verbosity sets how much each says:
/// `low` what happened ("Adam converged"), `medium` also the step and f, `high` also where and the
/// gradient's size.
public struct Announcer: Sendable {
    /// Shortest time between two announcements of the same kind for the same solver, in seconds.
    public let interval: Double
    /// Relative improvement below which a better value is not news.
    public let minimumImprovement: Double
    public let verbosity: Verbosity
    private var lastStep: [String: Int] = [:]
    private var lastTime: [String: Double] = [:]
    private var announcedEnd: Set<String> = []
    private var best: Double?

    public init(interval: Double = 2, minimumImprovement: Double = 0.05, verbosity: Verbosity = .medium) {
        self.interval = interval
        self.minimumImprovement = minimumImprovement
        self.verbosity = verbosity
    }

    /// The announcements `tree` calls for at `time` (seconds); remembers what it said.
    public mutating func announcements(for tree: AccessibilityTree, at time: Double) -> [Announcement] {
        var out: [Announcement] = []
        var newBest: (solver: String, value: Double, node: AccessibilityNode)?
        for node in tree.allNodes where node.id.hasPrefix("solver/") {
            let solver = node.name
            let status = node.attributes["status"] ?? "running"
            let step = node.attributes["step"].flatMap(Int.init) ?? 0
            let f = node.attributes["f"].flatMap(Double.init) ?? .nan
            if let previous = lastStep[solver], step < previous { announcedEnd.remove(solver) }
            lastStep[solver] = step
            if let kind = Announcement.Kind(rawValue: status), kind != .newBest, !announcedEnd.contains(solver) {
                announcedEnd.insert(solver)
                out.append(Announcement(kind: kind, solver: solver, text: endText(kind, node, step: step, f: f), time: time))
                lastTime[key(kind, solver)] = time
            }
            if f.isFinite, status != "diverged", f < (newBest?.value ?? .infinity) { newBest = (solver, f, node) }
        }
        if let candidate = newBest {
            let improves = best.map { candidate.value < $0 - minimumImprovement * max(abs($0), 1e-12) } ?? true
            if improves {
                let k = key(.newBest, candidate.solver)
                let quiet = lastTime[k].map { time - $0 >= interval } ?? true
                if quiet {
                    if best != nil {
                        out.append(Announcement(kind: .newBest, solver: candidate.solver,
                                                text: bestText(candidate.node, f: candidate.value), time: time))
                        lastTime[k] = time
                    }
                    best = candidate.value
                }
            }
        }
        return out
    }

    private func key(_ kind: Announcement.Kind, _ solver: String) -> String { "\(kind.rawValue)/\(solver)" }

    /// "Adam converged" (low), "… at step 140, f = 0.0012" (medium), "…, at (1, 1), ‖∇f‖ = 3 × 10^−5" (high).
    private func endText(_ kind: Announcement.Kind, _ node: AccessibilityNode, step: Int, f: Double) -> String {
        let solver = node.name
        if verbosity == .low { return "\(solver) \(kind.rawValue)" }
        var text: String
        switch kind {
        case .converged: text = "\(solver) converged at step \(step), f = \(A11yNumber.format(f))"
        case .diverged: text = "\(solver) diverged at step \(step)"
        default: text = "\(solver) stopped after \(step) steps, f = \(A11yNumber.format(f))"
        }
        if verbosity == .high { text += whereText(node) }
        return text
    }

    /// "new best 0.031" (low), "new best value 0.031 by Adam" (medium), "… at step 12, at (1, 1), ‖∇f‖ = 0.5" (high).
    private func bestText(_ node: AccessibilityNode, f: Double) -> String {
        if verbosity == .low { return "new best \(A11yNumber.format(f))" }
        var text = "new best value \(A11yNumber.format(f)) by \(node.name)"
        if verbosity == .high { text += " at step \(node.attributes["step"] ?? "?")" + whereText(node) }
        return text
    }

    /// ", at (x, y), ‖∇f‖ = g" from a solver node's attributes, as far as it has them.
    private func whereText(_ node: AccessibilityNode) -> String {
        let number = { (key: String) in node.attributes[key].flatMap(Double.init) }
        var text = ""
        if let x = number("x"), let y = number("y") { text += ", at \(A11yNumber.point(x, y))" }
        if let g = number("gradientNorm") { text += ", ‖∇f‖ = \(A11yNumber.format(g))" }
        return text
    }
}
