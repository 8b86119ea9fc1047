/// A pass over tiles that left, in every tile no vector item touched, the pixels the layer cache
/// holds: what a `RenderContext` that `leavesFramesIntact` needs to know to leave such tiles as
/// they are in the next frame drawn into the same memory.
struct KeptPass: Sendable {
    /// The frame's memory (its address, only compared) and the region the pass covered.
    let address: Int
    let stride: Int
    let region: PixelRect
    let tileSize: Int
    /// The keys of the layers the cache held after the pass.
    let keys: [LayerKey]
    /// Per tile of the region (row-major), whether a vector item above the kept layers touched it.
    let touched: [Bool]

    /// Whether a pass over `region` of the frame at `address` (rows `stride` apart) in tiles of
    /// `tileSize`, under kept layers `keys`, draws where this one did, as this one did.
    func matches(address: Int, stride: Int, region: PixelRect, tileSize: Int, keys: ArraySlice<LayerKey>) -> Bool {
        self.address == address && self.stride == stride && self.region == region && self.tileSize == tileSize && self.keys[...] == keys
    }
}
