/// Takes vertices to the screen in parallel: world positions through a 4×4 matrix (given as
/// rows) to clip space and then projected, or clip-space positions projected.
enum ClipTransform {
    /// Writes the clip-space positions of `positions` to `buffers.clip`, and each block of them
    /// projected to the screen (`ScreenVertex.project`) to `buffers.screen` right after it is
    /// transformed, in the same parallel pass, while it is in cache.
    /// With `plain`, each vertex is projected on its own (`ScreenVertex.project(_:...)`), the
    /// path the 8-lane projection stands in for.
    static func applyAndProject(_ rows: [SIMD4<Float>], to positions: [SIMD3<Float>], halfWidth: Float, halfHeight: Float,
                                near: Float, guardBand: Float, threads: Int, plain: Bool = false, into buffers: inout VertexBuffers) {
        let columns = Columns(rows)
        VertexBuffers.resize(&buffers.clip, to: positions.count, filler: .zero)
        VertexBuffers.resize(&buffers.screen, to: positions.count, filler: .unused)
        buffers.clip.withUnsafeMutableBufferPointer { clipOut in
            buffers.screen.withUnsafeMutableBufferPointer { screenOut in
                positions.withUnsafeBufferPointer { src in
                    let input = SendableBuffer(src)
                    guard let clipBase = clipOut.baseAddress, let screenBase = screenOut.baseAddress else { return }
                    let clipDst = SharedMutablePointer(clipBase), screenDst = SharedMutablePointer(screenBase)
                    ParallelWork.run(count: (src.count + block - 1) / block, threads: threads, scratch: { _ in () }) { b, _ in
                        let range = b * block..<Swift.min(input.buffer.count, (b + 1) * block)
                        columns.transform(input.buffer, range, into: clipDst.base)
                        if plain {
                            for i in range {
                                screenDst.base[i] = ScreenVertex.project(clipDst.base[i], halfWidth: halfWidth, halfHeight: halfHeight,
                                                                         near: near, guardBand: guardBand)
                            }
                        } else {
                            ScreenVertex.project(clipDst.base, range, into: screenDst.base, halfWidth: halfWidth,
                                                 halfHeight: halfHeight, near: near, guardBand: guardBand)
                        }
                    }
                }
            }
        }
    }

    /// Writes `clip` projected to the screen (`ScreenVertex.project`) to `screen`, in parallel.
    static func project(_ clip: [SIMD4<Float>], halfWidth: Float, halfHeight: Float, near: Float, guardBand: Float,
                        threads: Int, into screen: inout [ScreenVertex]) {
        VertexBuffers.resize(&screen, to: clip.count, filler: .unused)
        screen.withUnsafeMutableBufferPointer { out in
            clip.withUnsafeBufferPointer { src in
                let input = SendableBuffer(src)
                guard let base = out.baseAddress else { return }
                let output = SharedMutablePointer(base)
                ParallelWork.run(count: (src.count + block - 1) / block, threads: threads, scratch: { _ in () }) { b, _ in
                    ScreenVertex.project(input.buffer.baseAddress!, b * block..<Swift.min(input.buffer.count, (b + 1) * block),
                                         into: output.base, halfWidth: halfWidth, halfHeight: halfHeight, near: near,
                                         guardBand: guardBand)
                }
            }
        }
    }

    /// Vertices per parallel job.
    private static let block = 16384

    /// The matrix as columns, so each vertex is three multiply-adds of 4-wide vectors.
    private struct Columns: Sendable {
        let c0, c1, c2, c3: SIMD4<Float>

        init(_ rows: [SIMD4<Float>]) {
            precondition(rows.count == 4, "a 4×4 matrix has 4 rows")
            let r0 = rows[0], r1 = rows[1], r2 = rows[2], r3 = rows[3]
            c0 = SIMD4(r0.x, r1.x, r2.x, r3.x); c1 = SIMD4(r0.y, r1.y, r2.y, r3.y)
            c2 = SIMD4(r0.z, r1.z, r2.z, r3.z); c3 = SIMD4(r0.w, r1.w, r2.w, r3.w)
        }

        /// Writes positions `range` of `positions`, transformed, to the same places of `out`.
        func transform(_ positions: UnsafeBufferPointer<SIMD3<Float>>, _ range: Range<Int>, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            for i in range {
                let p = positions[i]
                out[i] = c0 * p.x + c1 * p.y + c2 * p.z + c3
            }
        }
    }
}
