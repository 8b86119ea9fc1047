import Dispatch
import OptaSupport
import Testing

@Suite struct LockedTests {
    @Test func concurrentUpdatesAreNeverLost() {
        let counter = Locked((count: 0, lastWriter: -1))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for _ in 0..<20_000 {
                counter.withLock { $0.count += 1; $0.lastWriter = worker }
            }
        }
        let final = counter.withLock { $0 }
        #expect(final.count == 80_000)
        #expect((0..<4).contains(final.lastWriter))
    }

    @Test func errorsPassThroughAndLeaveTheLockFree() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) { try value.withLock { _ throws(Refused) in throw Refused() } }
        #expect(value.withLock { $0 += 1; return $0 } == 2)
    }
}
