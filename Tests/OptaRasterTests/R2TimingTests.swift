import Foundation
import OptaCore
import OptaRaster
import Testing

/// The R2 reference scene as a raw draw list, for timing the rasterizer (set OPTA_R2_TIMING=1).
@Suite struct R2TimingTests {
    static func r2List() -> DrawList {
        let (positions, edges) = ReferenceGraph.r2()
        var list = DrawList()
        list.reserveCapacity(edges.count + positions.count)
        let edgeColor = RGBA(0.2, 0.3, 0.5, 0.5)
        for (a, b) in edges {
            list.append(.polyline(points: [SIMD2<Float>(positions[a]), SIMD2<Float>(positions[b])], width: 1.25, color: edgeColor))
        }
        for p in positions {
            list.append(.disk(center: SIMD2<Float>(p), radius: 4, fill: RGBA(0.95, 0.6, 0.1), outlineWidth: 1, outline: RGBA(0.1, 0.1, 0.1)))
        }
        return list
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["OPTA_R2_TIMING"] != nil))
    func r2FrameTime() {
        let (positions, edges) = ReferenceGraph.r2()
        var total = 0.0
        for (a, b) in edges { total += ((positions[a] - positions[b]) * (positions[a] - positions[b])).sum().squareRoot() }
        print("R2 mean edge length \(total / Double(edges.count))")
        var fb = Framebuffer(width: 1920, height: 1080)
        let clock = ContinuousClock()
        func cpu() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
        }
        for _ in 0..<3 {
            var cpuTimes: [Double] = []
            var binCpu: [Double] = []
            for _ in 0..<20 {
                let list = Self.r2List()
                let c0 = cpu()
                fb.clear(to: 0xFFFF_FFFF)
                let binned = BinnedDrawList(list, width: 1920, height: 1080)
                let c1 = cpu()
                fb.draw(binned, threads: 1)
                let c2 = cpu()
                cpuTimes.append(c2 - c0); binCpu.append(c1 - c0)
            }
            cpuTimes.sort(); binCpu.sort()
            print("R2 1-thread CPU time: p50 \(cpuTimes[10]) ms min \(cpuTimes[0]) (bin \(binCpu[10]))")
        }
        let full = Self.r2List()
        for (name, part) in [("edges", DrawList(Array(full.items.prefix(8000)))), ("disks", DrawList(Array(full.items.suffix(2000))))] {
            var cpuTimes: [Double] = []
            for _ in 0..<20 {
                let binned = BinnedDrawList(part, width: 1920, height: 1080)
                let c0 = cpu()
                fb.draw(binned, threads: 1)
                cpuTimes.append(cpu() - c0)
            }
            cpuTimes.sort()
            print("R2 \(name) only, composite CPU p50 \(cpuTimes[10]) ms")
        }
        for threads in [1, 2] {
            var times: [Double] = []
            var binTimes: [Double] = []
            for _ in 0..<40 {
                let t0 = clock.now
                let list = Self.r2List()
                fb.clear(to: 0xFFFF_FFFF)
                let t1 = clock.now
                let binned = BinnedDrawList(list, width: 1920, height: 1080)
                let t2 = clock.now
                fb.draw(binned, threads: threads)
                let t3 = clock.now
                _ = t1
                times.append(Double((t3 - t0).components.attoseconds) / 1e15)
                binTimes.append(Double((t2 - t1).components.attoseconds) / 1e15)
            }
            times.sort(); binTimes.sort()
            print("R2 threads \(threads): p50 \(times[20]) ms (bin \(binTimes[20]) ms) min \(times[0])")
        }
    }
}
