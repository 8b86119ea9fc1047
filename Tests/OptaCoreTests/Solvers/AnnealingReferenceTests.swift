import Testing
@testable import OptaCore

/// Simulated annealing is Opta's own algorithm, not scipy's dual annealing; with its polish it must
/// still end at least as close to the minimum as dual_annealing without local search does with a
/// similar budget (`annealing.json`: 2000 evaluations, seeds 1…10).
@Suite("Simulated annealing against scipy's dual_annealing")
struct AnnealingReferenceTests {
    struct Case: Decodable {
        var function: String
        var bounds: [[Double]]
        var localSearch: Bool
        var maxfun: Int
        var fstar: Double
        var medianBestGap: Double
    }

    struct Fixture: Decodable { var cases: [Case] }

    @Test func polishedAnnealingIsAtLeastAsPreciseAsDualAnnealingWithoutLocalSearch() throws {
        let fixture: Fixture = try ReferenceFixtures.load("annealing.json")
        // The usual plotting domains; Easom's classic [−100, 100]² defeats both annealers.
        let references = fixture.cases.filter { !$0.localSearch && $0.bounds[0][1] <= 10 }
        #expect(references.count == 3)
        for reference in references {
            let function = try ReferenceFixtures.function(reference.function)
            let centre = SIMD2((reference.bounds[0][0] + reference.bounds[0][1]) / 2, (reference.bounds[1][0] + reference.bounds[1][1]) / 2)
            var gaps: [Double] = []
            for seed in UInt64(1)...10 {
                var run = try SolverRun(method: .simulatedAnnealing, start: centre, parameters: ["polish": 1], seed: seed,
                                        rules: StopRules(maxSteps: reference.maxfun, bounds: nil))
                run.run(steps: 3 * reference.maxfun, on: .builtin(function))
                gaps.append(function.value(run.point) - reference.fstar)
            }
            let median = gaps.sorted()[4...5].reduce(0, +) / 2
            print("annealing \(reference.function): Opta median f − f* \(median), dual_annealing \(reference.medianBestGap)")
            #expect(median <= reference.medianBestGap, "\(reference.function): \(gaps.sorted())")
        }
    }
}
