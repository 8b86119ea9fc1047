@testable import OptaRuntime
import Testing

@Suite struct StepPacerTests {
    @Test func deadlinesAreAbsoluteAndLateStepsCatchUpWithinTheSlack() {
        var pacer = StepPacer(start: .zero)
        let interval = Duration.milliseconds(10)
        #expect(pacer.book(now: .zero, interval: interval) == nil)
        #expect(pacer.book(now: .milliseconds(4), interval: interval) == .milliseconds(10))
        // A step taken 3 ms late does not push later deadlines back.
        #expect(pacer.book(now: .milliseconds(13), interval: interval) == nil)
        #expect(pacer.book(now: .milliseconds(13), interval: interval) == .milliseconds(20))
        // 60 ms late: the owed steps are due at once.
        let owed = (0..<10).prefix { _ in pacer.book(now: .milliseconds(80), interval: interval) == nil }.count
        #expect(owed == 7)
    }

    @Test func farBehindStartsAfresh() {
        var pacer = StepPacer(start: .zero)
        let interval = Duration.milliseconds(10)
        #expect(pacer.book(now: .zero, interval: interval) == nil)
        #expect(pacer.book(now: .seconds(5), interval: interval) == nil)
        #expect(pacer.book(now: .seconds(5), interval: interval) == .seconds(5) + interval)
        pacer.restart(at: .seconds(7))
        #expect(pacer.next == .seconds(7))
    }

    @Test func ratesBecomeIntervalsAndNonsenseRatesRunFlatOut() {
        #expect(SolverWorker.interval(perSecond: 200) == .milliseconds(5))
        #expect(SolverWorker.interval(perSecond: nil) == nil)
        #expect(SolverWorker.interval(perSecond: 0) == nil)
        #expect(SolverWorker.interval(perSecond: -3) == nil)
        #expect(SolverWorker.interval(perSecond: .nan) == nil)
        #expect(SolverWorker.interval(perSecond: 1e-300) == .nanoseconds(1_000_000_000_000_000))
    }
}
