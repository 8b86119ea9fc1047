import Foundation
import OptaCore
import OptaRaster
import Shaders
import Testing

@Test func fastLog2IsAccurateAcrossOctaves() {
    for x: Float in [1e-30, 1e-6, 0.001, 0.3, 1, 1.5, 2, 3.999, 1000, 3.4e38] {
        #expect(abs(FastMath.log2(x) - Foundation.log2(x)) < 1e-5, "log2(\(x))")
    }
}

@Test func colormapsMatchTheirPublishedEnds() {
    // viridis starts at #440154 and ends at #fde725; magma ends near white-yellow.
    let v0 = Colormap.viridis.color(at: 0), v1 = Colormap.viridis.color(at: 1)
    #expect(abs(v0.x - 0.267004) < 1e-6 && abs(v0.y - 0.004874) < 1e-6 && abs(v0.z - 0.329415) < 1e-6)
    #expect(abs(v1.x - 0.993248) < 1e-6 && abs(v1.y - 0.906157) < 1e-6 && abs(v1.z - 0.143936) < 1e-6)
    for map in Colormap.allCases {
        #expect(ColormapLUT(map).entries.count == 256)
        #expect(ColormapLUT(map).entries.allSatisfy { $0 >> 24 == 255 }, "\(map) is opaque")
    }
}

@Test func logScaleKeepsTheValleyVisible() {
    let scale = ValueScale.log(vmin: 0, vmax: 2500, fmin: 0, epsilon: 1e-3)
    #expect(scale.normalized(0) == 0)
    #expect(scale.normalized(2500) == 1)
    // The valley floor (f = 0.01) is a tenth of the way up, not lost at the bottom.
    #expect(scale.normalized(0.01) > 0.1 && scale.normalized(0.01) < 0.3)
    #expect(abs(scale.unscaled(scale.scaled(42)) - 42) < 1e-9)
}

@Test func evenlySpacedLevelsTakeTheFastPath() {
    let scale = ValueScale.log(vmin: 0, vmax: 2500, fmin: 0, epsilon: 1e-3)
    let r1 = ContourLevels(values: ContourLevels.spaced(count: 16, from: 0.1, to: 3162.28, logarithmic: true), scale: scale)
    #expect(r1.space == .log(shift: 0) && r1.uniform != nil && r1.values.count == 16)
    let linear = ContourLevels(values: [1, 2, 3, 4], scale: scale)
    #expect(linear.space == .linear && linear.uniform != nil)
    let uneven = ContourLevels(values: [1, 2, 10, 11], scale: scale)
    #expect(uneven.uniform == nil && uneven.transformed.count == 4)
    let messy = ContourLevels(values: [3, .nan, 1, 3, .infinity, 2], scale: .linear(vmin: 0, vmax: 5))
    #expect(messy.values == [1, 2, 3])
}
