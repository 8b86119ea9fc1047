import Dispatch
import Testing
@testable import OptaVideo

@Suite struct FrameQueueTests {
    @Test func framesComeOutInOrderThenTheEnd() {
        let queue = FrameQueue<Int>(capacity: 2)
        let consumer = DispatchQueue(label: "consumer")
        let received = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seen: [Int] = []  // written by the consumer only, read after `received`
        consumer.async {
            while let frame = queue.pop() { seen.append(frame) }
            received.signal()
        }
        for k in 0..<50 { queue.push(k) }
        queue.close()
        received.wait()
        #expect(seen == Array(0..<50))
    }

    @Test func offerDropsWhenFullAndNeverWaits() {
        let queue = FrameQueue<Int>(capacity: 2)
        #expect(queue.offer(1))
        #expect(queue.offer(2))
        #expect(!queue.offer(3), "full: the frame is dropped")
        #expect(queue.pop() == 1)
        #expect(queue.offer(4), "a place came free")
        queue.close()
        #expect(queue.pop() == 2)
        #expect(queue.pop() == 4)
        #expect(queue.pop() == nil)
    }
}
