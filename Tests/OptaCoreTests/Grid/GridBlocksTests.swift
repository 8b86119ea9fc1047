import Testing
@testable import OptaCore

@Suite("Grid blocks")
struct GridBlocksTests {
    @Test("slopes keep Float's exponent and 7 mantissa bits, cut toward zero; NaN and ±∞ stay")
    func brainFloats() {
        func widened(_ v: Double) -> Float { Float(bitPattern: UInt32(GridBlocks.brainFloat(v)) << 16) }
        for v in [1.0, -1.0, 0.0, 3.0, 0.5, 1024, -0.125] { #expect(widened(v) == Float(v)) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let v = Double.random(in: -1...1, using: &generator) * Double.random(in: 1e-30...1e30, using: &generator)
            let w = Double(widened(v))
            // Never larger (PCHIP's bound |slope| ≤ 3·secant still holds), same sign, within 2⁻⁷.
            #expect(abs(w) <= abs(v) * (1 + 1e-7) && (w == 0 || w.sign == v.sign))
            #expect(abs(w - v) <= abs(v) * 0x1p-7)
        }
        #expect(widened(.nan).isNaN && widened(.infinity) == .infinity && widened(-.infinity) == -.infinity)
    }

    @Test("the eight-lane read widens exactly what the one-lane read does")
    func vectorAndLaneReadsAgree() throws {
        let values: [Double] = (0..<(5 * 19)).map { (k: Int) -> Double in
            let a = Double(k % 7) * 1.37, b = Double(k / 19) * 0.61
            return a - b + Double(k * k % 11)
        }
        let g = try GridLandscape.make(values: values, rows: 5, columns: 19, x: (0..<19).map(Double.init),
                                       y: (0..<5).map(Double.init), interpolation: .cubic,
                                       source: GridSource(file: nil, dataset: nil, format: "inline"))
        let blocks = g.blocks
        for j in 0..<5 {
            for block in 0..<blocks.blocksPerRow {
                let (start, _) = blocks.block(row: j, column: 8 * block)
                let dx = GridBlocks.slopes8(blocks.floats.baseAddress! + start + GridBlocks.dxLane)
                let dy = GridBlocks.slopes8(blocks.floats.baseAddress! + start + GridBlocks.dyLane)
                for lane in 0..<8 where 8 * block + lane < 19 {
                    let s = blocks.slopes(row: j, column: 8 * block + lane)
                    #expect(s.dx.bitPattern == dx[lane].bitPattern && s.dy.bitPattern == dy[lane].bitPattern)
                    #expect(blocks.floats[start + lane] == Float(values[j * 19 + 8 * block + lane]))
                }
            }
        }
    }
}
