import Foundation
import Testing
@testable import OptaCore

@Suite("Solver checkpoints and determinism")
struct SolverCheckpointTests {
    static let objective = Objective.builtin(.rosenbrock)

    /// Hyper-parameters that keep each method busy (and finite) for a few hundred steps.
    static func parameters(_ method: SolverMethod) -> [String: Double] {
        switch method {
        case .gradientDescent, .momentum, .nesterov, .rmsprop: ["learningRate": 1e-4]
        case .adam: ["learningRate": 0.02]
        case .cmaes: ["sigma": 1]
        default: [:]
        }
    }

    static func fresh(_ method: SolverMethod, seed: UInt64 = 7) throws -> SolverRun {
        try SolverRun(id: "r", method: method, start: SIMD2(-1.5, 2), parameters: parameters(method), seed: seed,
                      rules: onlyStepLimit(10_000))
    }

    @Test("checkpoint after k steps, resume, n − k more equals n steps byte for byte",
          arguments: SolverMethod.allCases)
    func resumeIsBitExact(method: SolverMethod) throws {
        let n = 300, k = 117
        var whole = try Self.fresh(method)
        whole.run(steps: n, on: Self.objective)

        var first = try Self.fresh(method)
        first.run(steps: k, on: Self.objective)
        let checkpoint = try SolverCheckpoint.encode(first)
        var resumed = try SolverCheckpoint.decode(checkpoint)
        #expect(resumed == first, "decoding restores every bit")
        #expect(try SolverCheckpoint.encode(resumed) == checkpoint)
        resumed.run(steps: n - k, on: Self.objective)

        #expect(resumed.stepCount == whole.stepCount)
        #expect(resumed.method == method)
        #expect(try SolverCheckpoint.encode(resumed) == SolverCheckpoint.encode(whole))
    }

    @Test("same seed, same run; another seed, another run",
          arguments: [SolverMethod.simulatedAnnealing, .cmaes])
    func seeded(method: SolverMethod) throws {
        var a = try Self.fresh(method, seed: 42), b = try Self.fresh(method, seed: 42)
        var c = try Self.fresh(method, seed: 43)
        a.run(steps: 100, on: Self.objective)
        b.run(steps: 100, on: Self.objective)
        c.run(steps: 100, on: Self.objective)
        #expect(a == b)
        #expect(a.trajectory != c.trajectory)
    }

    @Test func generatorIsDeterministicAndRoundTrips() throws {
        var g = SolverRandom(seed: 1), h = SolverRandom(seed: 1)
        for _ in 0..<10 { _ = g.next() }
        for _ in 0..<10 { _ = h.next() }
        let copy = try JSONDecoder().decode(SolverRandom.self, from: JSONEncoder().encode(g))
        #expect(copy == g)
        var a = g, b = copy
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        #expect(SolverRandom(seed: 1) != SolverRandom(seed: 2))
        var u = SolverRandom(seed: 3)
        let samples = (0..<10_000).map { _ in u.normal() }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let variance = samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count)
        #expect(abs(mean) < 0.05 && abs(variance - 1) < 0.05, "mean \(mean), variance \(variance)")
    }

    @Test func damagedGeneratorStateIsRejected() {
        let bad = Data(#"{"state":[1,2]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SolverRandom.self, from: bad) }
    }

    @Test func malformedCheckpointsThrow() throws {
        #expect(throws: (any Error).self) { try SolverCheckpoint.decode(Data("{}".utf8)) }
        #expect(throws: (any Error).self) { try SolverCheckpoint.decode(Data("not json".utf8)) }
        let json = String(decoding: try SolverCheckpoint.encode(Self.fresh(.cmaes)), as: UTF8.self)
        #expect(json.contains("\"cmaes\""), "the JSON names the method")
    }

    @Test func doublesRoundTripThroughJSON() throws {
        var g = SolverRandom(seed: 9)
        var values: [Double] = [0.1, 1.0 / 3, .pi, 1e-308, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0, 2.5e-16]
        for _ in 0..<2000 { values.append(Double(bitPattern: g.next() & 0x7FEF_FFFF_FFFF_FFFF)) }
        for _ in 0..<2000 { values.append(g.normal() * 1e3) }
        let decoded = try JSONDecoder().decode([Double].self, from: JSONEncoder().encode(values))
        #expect(decoded.map(\.bitPattern) == values.map(\.bitPattern))
    }
}
