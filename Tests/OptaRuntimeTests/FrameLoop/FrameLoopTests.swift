import Foundation
import OptaRuntime
import Synchronization
import Testing

@Suite struct FrameLoopTests {
    @Test func ticksStayOnDeadlinesOverAThousandFrames() {
        let clock = ManualFrameClock(start: .seconds(100))
        let interval = FrameLoop.interval(fps: 60)
        let loop = FrameLoop(clock: clock, interval: interval, maxFrames: 1000)
        var generator = FrameLoopRandom(seed: 1)
        var ticks: [FrameTick] = []
        let report = loop.run { tick in
            ticks.append(tick)
            clock.advance(by: interval * generator.nextFraction(below: 0.95))
            return true
        }
        #expect(report == FrameLoopReport(framesRun: 1000, skippedFrames: 0, elapsed: report.elapsed, stopReason: .maxFrames))
        #expect(ticks.count == 1000)
        for (k, tick) in ticks.enumerated() {
            #expect(tick.index == k)
            #expect(tick.timestamp == .seconds(100) + interval * k)
            #expect(tick.targetTimestamp == tick.timestamp + interval)
        }
        #expect(report.elapsed < interval * 1000, "no drift")
        #expect(report.elapsed > interval * 999)
    }

    @Test func aSlowFrameSkipsDeadlinesWithoutABurst() {
        let clock = ManualFrameClock()
        let interval = Duration.milliseconds(10)
        let loop = FrameLoop(clock: clock, interval: interval, maxFrames: 5)
        var ticks: [FrameTick] = []
        let report = loop.run { tick in
            ticks.append(tick)
            clock.advance(by: tick.index == 1 ? .milliseconds(25) : .milliseconds(3))
            return true
        }
        #expect(ticks.map(\.index) == [0, 1, 4, 5, 6])
        #expect(ticks.map(\.timestamp) == [0, 10, 40, 50, 60].map { Duration.milliseconds($0) })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1.timestamp - $0.timestamp >= interval })
        #expect(report.skippedFrames == 2)
        #expect(report.framesRun == 5)
    }

    @Test func maxFramesStopsTheLoop() {
        let loop = FrameLoop(clock: ManualFrameClock(), fps: 30, maxFrames: 7)
        var count = 0
        let report = loop.run { _ in count += 1; return true }
        #expect(count == 7 && report.framesRun == 7 && report.stopReason == .maxFrames)
        #expect(FrameLoop(clock: ManualFrameClock(), fps: 30, maxFrames: 0).run { _ in true }.framesRun == 0)
    }

    @Test func bodyReturningFalseStopsTheLoop() {
        let loop = FrameLoop(clock: ManualFrameClock(), fps: 60, maxFrames: nil)
        let report = loop.run { $0.index < 11 }
        #expect(report.framesRun == 12)
        #expect(report.stopReason == .body)
    }

    @Test func stopEndsTheLoopBeforeTheNextTick() {
        let loop = FrameLoop(clock: ManualFrameClock(), fps: 60)
        let report = loop.run { tick in
            if tick.index == 3 { loop.stop() }
            return true
        }
        #expect(report.framesRun == 4 && report.stopReason == .stopped)
    }

    @Test func skippedCountIsReported() {
        let clock = ManualFrameClock()
        let loop = FrameLoop(clock: clock, interval: .milliseconds(10), maxFrames: 10)
        // Frames on deadlines 0, 4 and 8 take 1.5 intervals: each misses one deadline (1, 5, 9).
        let report = loop.run { tick in
            clock.advance(by: tick.index % 4 == 0 ? .milliseconds(15) : .milliseconds(2))
            return true
        }
        #expect(report.framesRun == 10)
        #expect(report.skippedFrames == 3)
    }

    @Test func intervalFromFramesPerSecond() {
        #expect(FrameLoop.interval(fps: 60) == .nanoseconds(16_666_667))
        #expect(FrameLoop.interval(fps: 200) == .milliseconds(5))
        #expect(FrameLoop(clock: ManualFrameClock(), fps: 144).interval == .nanoseconds(6_944_444))
    }

    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualFrameClock(start: .seconds(1))
        #expect(clock.now == .seconds(1))
        clock.advance(by: .milliseconds(5))
        #expect(clock.now == .milliseconds(1005))
        clock.sleep(until: .seconds(2))
        #expect(clock.now == .seconds(2))
        clock.sleep(until: .seconds(1))
        #expect(clock.now == .seconds(2), "sleeping until the past does not move time")
        clock.set(.zero)
        #expect(clock.now == .zero)
    }

    @Test func realThreadAt200FpsFor20Frames() {
        let clock = SystemFrameClock()
        let loop = FrameLoop(clock: clock, fps: 200, maxFrames: 20)
        let seen = Mutex<[FrameTick]>([])
        let began = clock.now
        loop.start { tick in
            seen.withLock { $0.append(tick) }
            return true
        }
        let report = loop.join()
        let wall = clock.now - began
        #expect(report.framesRun == 20)
        #expect(seen.withLock { $0.count } == 20)
        // 19 intervals after the first tick, plus a little scheduling slack (shared CI cores).
        #expect(wall >= .milliseconds(90))
        #expect(wall < .milliseconds(400))
        #expect(loop.join() == report, "joining again returns the same report")
    }
}
