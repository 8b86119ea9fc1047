import OptaRuntime
import Testing

@Suite struct FrameLoopPacerTests {
    let interval = Duration.nanoseconds(16_666_667)

    @Test func ticksLandOnAbsoluteDeadlinesWithVaryingWork() {
        var pacer = FramePacer(interval: interval, start: .milliseconds(5))
        var now = Duration.milliseconds(5)
        var generator = FrameLoopRandom(seed: 42)
        for k in 0..<1000 {
            let (tick, sleepUntil) = pacer.nextTick(now: now)
            #expect(tick.index == k)
            #expect(tick.timestamp == .milliseconds(5) + interval * k)
            #expect(sleepUntil == tick.timestamp)
            now = max(now, sleepUntil)
            // Work takes 0…99 % of an interval.
            now += interval * generator.nextFraction(below: 0.99)
        }
        #expect(pacer.skippedFrames == 0)
        #expect(pacer.nextTick(now: now).tick.timestamp == .milliseconds(5) + interval * 1000, "no drift")
    }

    @Test func aFrameTakingTwoAndAHalfIntervalsSkipsTwoDeadlines() {
        let interval = Duration.milliseconds(10)
        var pacer = FramePacer(interval: interval, start: .zero)
        let first = pacer.nextTick(now: .zero).tick
        #expect(first.index == 0 && first.timestamp == .zero)
        let second = pacer.nextTick(now: .milliseconds(1)).tick
        #expect(second.index == 1 && second.timestamp == .milliseconds(10))
        // Frame 1 runs from 10 ms to 35 ms: deadlines 20 and 30 pass.
        let (third, sleepUntil) = pacer.nextTick(now: .milliseconds(35))
        #expect(pacer.skippedFrames == 2)
        #expect(third.index == 4 && third.timestamp == .milliseconds(40) && sleepUntil == .milliseconds(40))
        // Then back to normal.
        let fourth = pacer.nextTick(now: .milliseconds(41)).tick
        #expect(fourth.index == 5 && fourth.timestamp == .milliseconds(50))
        #expect(pacer.skippedFrames == 2)
    }

    @Test func aFrameEndingExactlyOnADeadlineKeepsIt() {
        var pacer = FramePacer(interval: .milliseconds(10), start: .zero)
        _ = pacer.nextTick(now: .zero)
        let next = pacer.nextTick(now: .milliseconds(10)).tick
        #expect(next.index == 1 && pacer.skippedFrames == 0)
        let late = pacer.nextTick(now: .milliseconds(30)).tick
        #expect(late.index == 3 && pacer.skippedFrames == 1)
    }

    @Test func targetIsOneIntervalAfterTimestamp() {
        var pacer = FramePacer(interval: interval, start: .seconds(3))
        var now = Duration.seconds(3)
        for step in 0..<50 {
            let tick = pacer.nextTick(now: now).tick
            #expect(tick.targetTimestamp == tick.timestamp + interval)
            now = tick.timestamp + interval * (step % 7 == 0 ? 3 : 0) + .microseconds(100)
        }
    }

    @Test func consecutiveTicksAreNeverCloserThanOneInterval() {
        var pacer = FramePacer(interval: .milliseconds(10), start: .zero)
        var now = Duration.zero
        var generator = FrameLoopRandom(seed: 7)
        var previous: FrameTick?
        var ran = 0
        for _ in 0..<500 {
            let tick = pacer.nextTick(now: now).tick
            if let previous { #expect(tick.timestamp - previous.timestamp >= .milliseconds(10)) }
            #expect(tick.timestamp + .microseconds(2_500) >= now, "never a tick more than a quarter interval in the past")
            previous = tick
            ran += 1
            now = tick.timestamp + .milliseconds(10) * generator.nextFraction(below: 4)
        }
        #expect(previous!.index == ran - 1 + pacer.skippedFrames, "every deadline either ticked or was skipped")
    }
}

@Suite("FrameLoop pacer slack") struct FrameLoopPacerSlackTests {
    @Test func aDeadlinePassedByMicrosecondsIsNotASkip() {
        var pacer = FramePacer(interval: .milliseconds(16), start: .zero)
        let first = pacer.nextTick(now: .microseconds(30))
        #expect(first.tick.index == 0)
        #expect(first.sleepUntil == .microseconds(30), "run at once, no sleep into the past")
        #expect(pacer.skippedFrames == 0)
        // Five milliseconds late (more than a quarter interval): deadline 1 is missed.
        let late = pacer.nextTick(now: .milliseconds(21))
        #expect(late.tick.index == 2 && pacer.skippedFrames == 1)
    }
}
