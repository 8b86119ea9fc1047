import OptaA11y
import OptaCore
import Testing

/// Announcements: once per event, throttled, from successive trees.
@Suite struct AnnouncerTests {
    @Test func convergedIsAnnouncedOnceNotEveryFrame() throws {
        let scenario = try A11yScene.parse(A11yScene.bowl)
        var session = try A11yScene.session(scenario, frame: 0)
        var announcer = Announcer(interval: 1)
        var said: [Announcement] = []
        for frame in 1...200 {
            session.advanceFrame()
            let (_, _, tree) = try A11yScene.tree(session, scenario: scenario)
            said += announcer.announcements(for: tree, at: Double(frame) / 60)
        }
        let converged = said.filter { $0.kind == .converged }
        #expect(converged.count == 1)
        let run = session.runs[0]
        #expect(run.status == .converged)
        #expect(converged.first?.text == "GD converged at step \(run.stepCount), f = \(A11yNumber.format(run.values.last!))")
        // New bests come no more often than the interval.
        let bests = said.filter { $0.kind == .newBest }.map(\.time)
        for (a, b) in zip(bests, bests.dropFirst()) { #expect(b - a >= 1) }
    }

    static func tree(_ solvers: [(String, String, Int, Double)]) -> AccessibilityTree {
        let nodes = solvers.map { id, status, step, f in
            AccessibilityNode(id: "solver/\(id)", role: .status, name: id,
                              attributes: ["status": status, "step": String(step), "f": "\(f)"])
        }
        return AccessibilityTree(frame: 0, root: AccessibilityNode(id: "document", role: .graphicsDocument, name: "d", children: nodes))
    }

    @Test func divergenceAndNewBestsAreThrottled() {
        var announcer = Announcer(interval: 2)
        #expect(announcer.announcements(for: Self.tree([("A", "running", 1, 10), ("B", "running", 1, 20)]), at: 0).isEmpty)
        let best = announcer.announcements(for: Self.tree([("A", "running", 2, 5), ("B", "running", 2, 20)]), at: 0.5)
        #expect(best.map(\.text) == ["new best value 5 by A"])
        #expect(announcer.announcements(for: Self.tree([("A", "running", 3, 1), ("B", "running", 3, 20)]), at: 1).isEmpty)
        let later = announcer.announcements(for: Self.tree([("A", "running", 4, 0.031), ("B", "diverged", 4, .nan)]), at: 2.6)
        #expect(later.map(\.text) == ["B diverged at step 4", "new best value 0.031 by A"])
        #expect(announcer.announcements(for: Self.tree([("A", "running", 5, 0.031), ("B", "diverged", 4, .nan)]), at: 9).isEmpty)
    }

    @Test func verbositySetsHowMuchAnAnnouncementSays() {
        func node(_ status: String, step: Int, f: Double) -> AccessibilityTree {
            AccessibilityTree(frame: 0, root: AccessibilityNode(id: "document", role: .graphicsDocument, name: "d", children: [
                AccessibilityNode(id: "solver/Adam", role: .status, name: "Adam",
                                  attributes: ["status": status, "step": String(step), "f": "\(f)", "x": "1", "y": "0.5",
                                               "gradientNorm": "0.00002"]),
            ]))
        }
        var said: [Verbosity: [String]] = [:]
        for verbosity in Verbosity.allCases {
            var announcer = Announcer(interval: 1, verbosity: verbosity)
            var texts = announcer.announcements(for: node("running", step: 1, f: 10), at: 0).map(\.text)
            texts += announcer.announcements(for: node("running", step: 2, f: 2), at: 2).map(\.text)
            texts += announcer.announcements(for: node("converged", step: 140, f: 0.0012), at: 4).map(\.text)
            said[verbosity] = texts
        }
        #expect(said[.low] == ["new best 2", "Adam converged", "new best 0.0012"])
        #expect(said[.medium] == ["new best value 2 by Adam", "Adam converged at step 140, f = 0.0012", "new best value 0.0012 by Adam"])
        #expect(said[.high] == [
            "new best value 2 by Adam at step 2, at (1, 0.5), ‖∇f‖ = 2 × 10^−5",
            "Adam converged at step 140, f = 0.0012, at (1, 0.5), ‖∇f‖ = 2 × 10^−5",
            "new best value 0.0012 by Adam at step 140, at (1, 0.5), ‖∇f‖ = 2 × 10^−5",
        ])
    }
}
