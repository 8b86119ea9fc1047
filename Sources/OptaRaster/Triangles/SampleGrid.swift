/// Where the samples of a depth buffer sit, in the rasterizer's fixed point: every `spacing`
/// units from the buffer's corner, the first at `offset` (half the spacing). One sample per pixel
/// (at pixel centres) or 2×2 per pixel.
struct SampleGrid {
    /// log2 of the spacing.
    let shift: Int32
    var spacing: Int32 { @inline(__always) get { 1 &<< shift } }
    var offset: Int32 { @inline(__always) get { spacing &>> 1 } }

    // Computed, not stored: a static `let` is a lazily initialized global, checked on every use.
    /// One sample per pixel, at its centre.
    static var pixelCentres: SampleGrid { SampleGrid(shift: 8) }
    /// 2×2 samples per pixel, a quarter pixel from its centre on each axis.
    static var quad: SampleGrid { SampleGrid(shift: 7) }
}
