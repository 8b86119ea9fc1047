import Dispatch
import OptaSupport
import OptaText
import Testing

@Suite struct ConcurrencyTests {
    static let texts = ["Rosenbrock −1.5 0.5", "AV Wave", "‖∇f‖ × 10²", "Himmelblau", "é è ê", "0.001"]
    static let sizes = [11, 13, 16]

    @Test func concurrentLayoutMatchesSequential() throws {
        let jobs = Self.texts.flatMap { text in
            Self.sizes.flatMap { size in [FontWeight.regular, .bold].map { (text, size, $0) } }
        }
        let sequentialFont = try FontLibrary.loadDefault()
        let expected = jobs.map { sequentialFont.layout($0.0, pixelSize: $0.1, weight: $0.2) }

        let font = try FontLibrary.loadDefault()  // fresh cache: threads race to fill it
        // `Locked`, not a bare `Mutex`: the thread sanitizer cannot see a `Mutex` on Linux.
        let results = Locked([[TextRun]](repeating: [], count: 4))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var mine: [TextRun] = []
            for round in 0..<5 {
                // Each worker walks the jobs from a different starting point.
                for i in jobs.indices {
                    let job = jobs[(i + worker * 7 + round) % jobs.count]
                    _ = font.layout(job.0, pixelSize: job.1, weight: job.2)
                }
            }
            for job in jobs { mine.append(font.layout(job.0, pixelSize: job.1, weight: job.2)) }
            results.withLock { $0[worker] = mine }
        }
        let all = results.withLock { $0 }
        for worker in all.indices {
            #expect(all[worker] == expected, "worker \(worker)")
        }
    }
}
