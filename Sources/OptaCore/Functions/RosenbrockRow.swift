/// The specialized SIMD row sampler for Rosenbrock, the benchmark scene.
enum RosenbrockRow {
    static func sample(
        y: Double, x0: Double, dx: Double, count: Int,
        values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>
    ) {
        typealias V = SIMD8<Float>
        let yv = V(repeating: Float(y))
        // x_i = x0 + i·dx in Float: one multiply-add per vector, no per-chunk Double work.
        let fx0 = V(repeating: Float(x0)), fdx = V(repeating: Float(dx))
        var index = V(0, 1, 2, 3, 4, 5, 6, 7)
        let vOut = UnsafeMutableRawPointer(values)
        let gxOut = UnsafeMutableRawPointer(gradX)
        let gyOut = UnsafeMutableRawPointer(gradY)
        let stride = MemoryLayout<Float>.stride
        var i = 0
        while i + 8 <= count {
            let x = fx0 + index * fdx
            index += 8
            let a = 1 - x
            let b = yv - x * x
            let f = a * a + 100 * (b * b)
            let gx = -2 * a - 400 * (x * b)
            let gy = 200 * b
            vOut.storeBytes(of: f, toByteOffset: i * stride, as: V.self)
            gxOut.storeBytes(of: gx, toByteOffset: i * stride, as: V.self)
            gyOut.storeBytes(of: gy, toByteOffset: i * stride, as: V.self)
            i += 8
        }
        let yf = Float(y)
        while i < count {
            let x = Float(x0) + Float(i) * Float(dx)
            let a = 1 - x
            let b = yf - x * x
            values[i] = a * a + 100 * (b * b)
            gradX[i] = -2 * a - 400 * (x * b)
            gradY[i] = 200 * b
            i += 1
        }
    }
}
