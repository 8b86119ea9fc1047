import OptaA11y
import OptaCore

/// Stored runs compared in words, for `opta runs compare` and the accessibility tree of a chart
/// overlaying them: which converged first, which did not, which reached the lowest f.
public enum RunComparison {
    /// "#12 Adam converged first, at step 180; #13 GD converged at step 950; #14 CG did not converge
    /// (stopped after 200 steps). Lowest f = 3.1e−5, by #12 Adam at step 180."
    public static func sentence(_ runs: [RecordedRun]) -> String {
        guard !runs.isEmpty else { return "No runs to compare." }
        let steps = { (run: RecordedRun) in run.lastStep }
        let converged = runs.filter { $0.status == .converged }.sorted { steps($0) < steps($1) }
        var parts: [String] = []
        for (i, run) in converged.enumerated() {
            parts.append(i == 0 && runs.count > 1 ? "\(run.name) converged first, at step \(steps(run))"
                                                  : "\(run.name) converged at step \(steps(run))")
        }
        for run in runs where run.status != .converged {
            parts.append("\(run.name) did not converge (\(run.status.rawValue) after \(steps(run)) steps)")
        }
        var text = parts.joined(separator: "; ") + "."
        var best: (run: RecordedRun, step: Int, value: Double)?
        for run in runs {
            for (step, f) in zip(run.steps, run.values) where f.isFinite && f < (best?.value ?? .infinity) {
                best = (run, step, f)
            }
        }
        if let best {
            text += " Lowest f = \(A11yNumber.format(best.value)), by \(best.run.name) at step \(best.step)."
        }
        return text
    }

    /// The comparison as an accessibility node (nil with fewer than two stored runs).
    static func node(_ state: RenderState) -> AccessibilityNode? {
        let runs = state.scenario.recordedRuns
        guard runs.count >= 2 else { return nil }
        return AccessibilityNode(id: "chart/comparison", role: .status, name: "Comparison of \(runs.count) stored runs",
                                 description: sentence(runs))
    }
}
