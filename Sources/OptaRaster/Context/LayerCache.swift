/// The pixels of one shaded layer, kept by a `RenderContext` for the frames after it: while only
/// what is drawn over it changes (solvers running, a logged path revealed, a followed run growing),
/// each frame copies the layer instead of shading it again.
///
/// A layer is kept the second frame in a row it is seen, so frames that change it every time (a
/// pan, a zoom) never pay for storing it. The kept pixels are exactly what the shader wrote, so a
/// frame drawn from the cache has the same bytes as one shaded anew.
struct LayerCache: Sendable {
    /// What `pixels` holds, at `width × height`; nil while nothing valid is kept.
    private(set) var key: LayerKey?
    private(set) var width = 0, height = 0
    var pixels: [UInt32] = []
    /// The cacheable layer of the last frame, and its frame size.
    private var lastSeen: (key: LayerKey, width: Int, height: Int)?

    /// How a frame uses the cache for its layer.
    enum Use: Equatable {
        /// Shade the layer (the cache does not hold it, and keeping it would not pay yet).
        case shade
        /// Shade the layer and keep its pixels.
        case shadeAndKeep
        /// Copy the kept pixels.
        case copy
    }

    /// How a `width × height` frame uses the cache for a layer with `key`; when it keeps the layer,
    /// `pixels` is sized for the frame and `key` cleared until `kept(_:)`.
    mutating func use(for key: LayerKey, width: Int, height: Int) -> Use {
        defer { lastSeen = (key, width, height) }
        if self.key == key && self.width == width && self.height == height { return .copy }
        guard let last = lastSeen, last.key == key, last.width == width, last.height == height else { return .shade }
        self.key = nil
        if pixels.count != width * height { pixels = [UInt32](repeating: 0, count: width * height) }
        self.width = width
        self.height = height
        return .shadeAndKeep
    }

    /// Records that `pixels` now holds the layer with `key`.
    mutating func kept(_ key: LayerKey) {
        self.key = key
    }

    /// Forgets the kept layer and frees its pixels.
    mutating func clear() {
        self = LayerCache()
    }
}
