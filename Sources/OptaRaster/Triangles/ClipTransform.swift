/// Transforms world positions to clip space with a 4×4 matrix (given as rows), in parallel.
public enum ClipTransform {
    public static func apply(_ rows: [SIMD4<Float>], to positions: [SIMD3<Float>], threads: Int) -> [SIMD4<Float>] {
        precondition(rows.count == 4, "a 4×4 matrix has 4 rows")
        let r0 = rows[0], r1 = rows[1], r2 = rows[2], r3 = rows[3]
        // Columns, so each vertex is three multiply-adds of 4-wide vectors.
        let c0 = SIMD4(r0.x, r1.x, r2.x, r3.x), c1 = SIMD4(r0.y, r1.y, r2.y, r3.y)
        let c2 = SIMD4(r0.z, r1.z, r2.z, r3.z), c3 = SIMD4(r0.w, r1.w, r2.w, r3.w)
        // Every element is written below, so the storage starts uninitialized (no serial fill).
        return [SIMD4<Float>](unsafeUninitializedCapacity: positions.count) { dst, count in
            positions.withUnsafeBufferPointer { src in
                let input = SendableBuffer(src)
                guard let base = dst.baseAddress else { return }
                let output = SharedMutablePointer(base)
                let block = 16384
                ParallelWork.run(count: (src.count + block - 1) / block, threads: threads, scratch: { () }) { b, _ in
                    let end = Swift.min(input.buffer.count, (b + 1) * block)
                    for i in (b * block)..<end {
                        let p = input.buffer[i]
                        (output.base + i).initialize(to: c0 * p.x + c1 * p.y + c2 * p.z + c3)
                    }
                }
            }
            count = positions.count
        }
    }
}
