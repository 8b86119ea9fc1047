import Foundation
import Testing
@testable import OptaCore

/// Bounded trajectories: stride doubling keeps at most the capacity, the first and latest points
/// exactly, evenly spaced steps between, and the same points however the run was split.
@Suite struct SolverTrajectoryTests {
    /// The steps stride doubling keeps after points 0..<n: the multiples of the smallest power-of-two
    /// stride that fits `capacity`, plus the latest (the model the implementation must match).
    static func modelSteps(count n: Int, capacity: Int) -> (steps: [Int], stride: Int) {
        var stride = 1
        while true {
            var steps = Array(Swift.stride(from: 0, through: n - 1, by: stride))
            if steps.last != n - 1 { steps.append(n - 1) }
            if steps.count <= capacity { return (steps, stride) }
            stride *= 2
        }
    }

    static func point(_ i: Int) -> SIMD2<Double> { SIMD2(Double(i) * 0.5, -Double(i)) }

    /// Stretches appended at once give exactly the trajectory of their points appended one by
    /// one: kept points, steps, stride, count and best, through many thinnings (small
    /// capacities), with NaN and infinite f, a stretch repeating the latest step, and a gap.
    @Test(arguments: [2, 3, 5, 8, 13, 64])
    func aStretchAppendedAtOnceIsItsPointsOneByOne(capacity: Int) {
        var random = SeededGenerator(seed: UInt64(capacity))
        func f(_ step: Int) -> Double {
            switch random.next() % 50 { case 0: .nan; case 1: .infinity; default: Double(random.next() % 1000) / 7 - Double(step) * 0.01 }
        }
        var single = SolverTrajectory(capacity: capacity), bulk = SolverTrajectory(capacity: capacity)
        single.appendUnevaluated(Self.point(0))
        bulk.appendUnevaluated(Self.point(0))
        let f0 = f(0)
        single.evaluateStart(value: f0, gradientNorm: 1)
        bulk.evaluateStart(value: f0, gradientNorm: 1)
        var step = 0
        for round in 0..<60 {
            // Mostly the next step on; now and then the latest step again, or a gap.
            let first = round % 17 == 5 ? step : round % 23 == 11 ? step + 3 : step + 1
            let length = Int(random.next() % 300)
            let stretch = (0..<length).map { k in
                let p = Self.point(first + k)
                return SIMD4(p.x, p.y, f(first + k), Double(k))
            }
            for (k, p) in stretch.enumerated() {
                single.append(SIMD2(p.x, p.y), value: p[2], gradientNorm: p[3], step: first + k)
            }
            stretch.withUnsafeBufferPointer { bulk.append(contentsOf: $0, firstStep: first) }
            // Compared bit for bit (a NaN f is not == itself).
            func bits(_ t: SolverTrajectory) -> [[UInt64]] {
                [t.points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }, t.values.map(\.bitPattern), t.gradientNorms.map(\.bitPattern),
                 t.steps.map { UInt64($0) }, [UInt64(t.stride), UInt64(t.count)]]
            }
            #expect(bits(bulk) == bits(single) && bulk.best == single.best, "capacity \(capacity), round \(round)")
            if bits(bulk) != bits(single) { return }
            step = max(step, first + length - 1)
        }
        #expect(single.isDecimated || capacity == 64)
    }


    @Test(arguments: [2, 3, 8, 9, 64])
    func keepsWhatTheStrideDoublingModelKeeps(capacity: Int) {
        var trajectory = SolverTrajectory(capacity: capacity)
        for n in 1...3000 {
            let i = n - 1
            trajectory.append(Self.point(i), value: Double(1000 - i), gradientNorm: Double(i), step: i)
            let model = Self.modelSteps(count: n, capacity: capacity)
            guard trajectory.steps == model.steps, trajectory.stride == model.stride else {
                Issue.record("after \(n) points: kept \(trajectory.steps) at stride \(trajectory.stride), model \(model)")
                return
            }
            #expect(trajectory.points == trajectory.steps.map(Self.point))
            #expect(trajectory.values == trajectory.steps.map { Double(1000 - $0) })
            #expect(trajectory.gradientNorms == trajectory.steps.map(Double.init))
            #expect(trajectory.count == n)
        }
        #expect(trajectory.points.count <= capacity)
        #expect(trajectory.best == SolverTrajectory.Best(step: 2999, value: 1000 - 2999))
    }

    /// A million steps keep at most the capacity; the first point, the current point, the step count
    /// and the best value stay exact, and every kept point is the iterate of its step.
    @Test func aMillionStepRunKeepsAtMostTheCapAndExactEnds() throws {
        let n = 1_000_000
        let start = SIMD2(-1.5, 2.0)
        func fresh() throws -> SolverRun {
            try SolverRun(id: "long", method: .gradientDescent, start: start, parameters: ["learningRate": 1e-4],
                          rules: onlyStepLimit(n))
        }
        let objective = Objective.builtin(.rosenbrock)
        var run = try fresh()
        run.run(steps: n, on: objective)
        let path = run.path
        #expect(run.stepCount == n && run.status == .stopped)
        #expect(path.points.count <= SolverTrajectory.defaultCapacity)
        #expect(path.points.count > SolverTrajectory.defaultCapacity / 2, "thinning halves, never more")
        #expect(path.count == n + 1)
        #expect(path.points.first == start && path.steps.first == 0)
        #expect(path.points.last == run.point && path.steps.last == n)
        #expect(zip(path.steps, path.steps.dropFirst()).dropLast().allSatisfy { $1 - $0 == path.stride })

        // The same run again, watching every iterate: the kept ones are exact, the best is the best of all.
        var again = try fresh()
        let kept = Dictionary(uniqueKeysWithValues: path.steps.enumerated().map { ($1, $0) })
        var matched = 0, seen = 0
        var best: SolverTrajectory.Best?
        again.run(steps: n, on: objective) { iterate in
            seen += 1
            if iterate.value < (best?.value ?? .infinity) { best = .init(step: iterate.step, value: iterate.value) }
            guard let k = kept[iterate.step] else { return }
            if path.points[k] == iterate.point && path.values[k] == iterate.value
                && path.gradientNorms[k] == iterate.gradientNorm { matched += 1 }
        }
        #expect(seen == n + 1, "observe hears the start and every step")
        #expect(matched == path.points.count)
        #expect(path.best == best)
        #expect(again == run)
    }

    /// A recorder's way (`run(steps:on:loggingTo:)`, in stretches, the log emptied after each)
    /// takes exactly the iterates `observe` hears, start included, and leaves the same run.
    @Test func loggingTakesWhatObserveHears() throws {
        let objective = Objective.builtin(.rosenbrock)
        func fresh() throws -> SolverRun {
            try SolverRun(id: "sa", method: .simulatedAnnealing, start: SIMD2(-1.5, 2.5), seed: 7, rules: onlyStepLimit(10_000))
        }
        var observed = try fresh(), logged = try fresh()
        var heard: [SolverIterate] = [], taken: [SolverIterate] = [], log = IterateLog()
        observed.run(steps: 10_000, on: objective) { heard.append($0) }
        while logged.status == .running {
            logged.run(steps: 999, on: objective, loggingTo: &log)
            taken += log.iterates
            log.removeAll()
        }
        #expect(heard.count == 10_001)
        #expect(taken == heard)
        #expect(logged == observed)
    }

    /// Checkpoint after k steps, resume, n − k more: the same kept points, stride and best as one
    /// run of n steps, byte for byte — before and after the checkpoint's run was decimated.
    @Test(arguments: [5_000, 20_001, 33_333])
    func resumingADecimatedRunKeepsTheSamePoints(k: Int) throws {
        let n = 50_000
        let objective = Objective.builtin(.himmelblau)
        func fresh() throws -> SolverRun {
            try SolverRun(id: "sa", method: .simulatedAnnealing, start: SIMD2(-4, 4), seed: 3, rules: onlyStepLimit(n))
        }
        var whole = try fresh()
        whole.run(steps: n, on: objective)
        #expect(whole.path.isDecimated)

        var first = try fresh()
        first.run(steps: k, on: objective)
        let saved = try SolverCheckpoint.encode(first)
        var resumed = try SolverCheckpoint.decode(saved)
        #expect(resumed == first)
        #expect(try SolverCheckpoint.encode(resumed) == saved)
        resumed.run(steps: n - k, on: objective)
        #expect(resumed.path == whole.path)
        #expect(try SolverCheckpoint.encode(resumed) == SolverCheckpoint.encode(whole))
    }

    /// A checkpoint written before trajectories were bounded holds every point: reading one longer
    /// than the cap decimates it as the run would have.
    @Test func aFullLengthCheckpointIsDecimatedOnReading() throws {
        let n = 20_000
        var run = try SolverRun(id: "gd", method: .gradientDescent, start: SIMD2(-1.5, 2), parameters: ["learningRate": 1e-4],
                                rules: onlyStepLimit(n))
        var points: [SIMD2<Double>] = [], values: [Double] = [], norms: [Double] = []
        run.run(steps: n, on: Objective.builtin(.rosenbrock)) {
            points.append($0.point)
            values.append($0.value)
            norms.append($0.gradientNorm)
        }
        let restored = try SolverTrajectory(restoring: points, values: values, gradientNorms: norms, decimation: nil)
        #expect(restored == run.path)
    }

    @Test func damagedDecimationIsRejectedWithItsField() throws {
        let points = [SIMD2(0.0, 0), SIMD2(1.0, 1), SIMD2(2.0, 2)]
        let values = [3.0, 2, 1], norms = [1.0, 1, 1]
        func field(_ decimation: SolverTrajectory.Decimation?, values: [Double] = values) -> String? {
            do {
                _ = try SolverTrajectory(restoring: points, values: values, gradientNorms: norms, decimation: decimation)
                return nil
            } catch {
                return error.field
            }
        }
        #expect(field(.init(stride: 4, steps: [0, 4, 9], count: 10, best: .init(step: 9, value: 1))) == nil)
        #expect(field(.init(stride: 4, steps: [0, 4, 9], count: 10, best: nil), values: [1, 2]) == "values")
        #expect(field(.init(stride: 4, steps: [0, 5, 9], count: 10, best: nil)) == "decimation.steps[1]")
        #expect(field(.init(stride: 4, steps: [0, 8, 8], count: 10, best: nil)) == "decimation.steps[2]")
        #expect(field(.init(stride: 4, steps: [0, 4], count: 10, best: nil)) == "decimation.steps")
        #expect(field(.init(stride: 1, steps: [0, 1, 2], count: 3, best: nil)) == "decimation.stride")
        #expect(field(.init(stride: 4, steps: [0, 4, 9], count: 2, best: nil)) == "decimation.count")
        #expect(field(.init(stride: 4, steps: [0, 4, 9], count: 10, best: .init(step: 12, value: 1))) == "decimation.best")
        #expect(field(nil, values: [1, 2]) == "values")
    }

    @Test func stepsThatDoNotRiseAreIgnored() {
        var trajectory = SolverTrajectory(capacity: 4)
        trajectory.append(SIMD2(0, 0), value: 1, gradientNorm: 1, step: 0)
        trajectory.append(SIMD2(1, 1), value: 1, gradientNorm: 1, step: 0)
        trajectory.append(SIMD2(1, 1), value: 1, gradientNorm: 1, step: -3)
        #expect(trajectory.points == [SIMD2(0, 0)] && trajectory.count == 1)
        var unevaluated = SolverTrajectory()
        unevaluated.appendUnevaluated(SIMD2(5, 5), step: -1)
        #expect(unevaluated.points.isEmpty)
    }
}
