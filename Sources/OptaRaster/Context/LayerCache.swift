/// The pixels of the bottom layers of a frame, kept by a `RenderContext` for the frames after it:
/// while only what is drawn over them changes (solvers running, a logged path revealed, a
/// followed run growing), each frame copies them instead of drawing them again.
///
/// What can be kept is a run of keyed layers: a keyed shaded layer and the keyed vector layers
/// right above it (the stored runs over a landscape). The cache holds the pixels of
/// the first `n` of them after a frame drew them, for any `n`, and copies them into a frame whose
/// first `n` keys are the same. A run of layers is kept the second frame in a row its keys are
/// seen, so layers that change every frame (a pan, a zoom; paths that grow) never pay for storing
/// them; when only the upper layers of a run change, the layers below are still kept. The kept
/// pixels are exactly what the layers wrote, so a frame drawn from the cache has the same bytes
/// as one drawn anew.
struct LayerCache: Sendable {
    /// The keys of the layers `pixels` holds, at `width × height`; empty while nothing valid is kept.
    private(set) var keys: [LayerKey] = []
    private(set) var width = 0, height = 0
    var pixels = PixelBuffer()
    /// The keyed layers of the last frame, and its frame size.
    private var lastSeen: (keys: [LayerKey], width: Int, height: Int)?

    /// How a frame uses the cache for its run of keyed layers: the first `copied` come from the
    /// kept pixels (0: none), and the pixels after the first `kept` layers are kept for later frames
    /// (0: none; otherwise more than `copied`). The other layers are drawn.
    struct Use: Equatable {
        var copied = 0
        var kept = 0
    }

    /// How a `width × height` frame whose keyed layers have `keys` uses the cache. When it keeps
    /// layers, `pixels` is sized for the frame and `keys` is empty until `kept(_:)`.
    mutating func use(for keys: [LayerKey], width: Int, height: Int) -> Use {
        defer { lastSeen = (keys, width, height) }
        let sameSize = self.width == width && self.height == height
        let copied = sameSize && !self.keys.isEmpty && keys.starts(with: self.keys) ? self.keys.count : 0
        // Worth keeping: the layers that were the same the frame before.
        var seenTwice = 0
        if let last = lastSeen, last.width == width, last.height == height {
            seenTwice = zip(keys, last.keys).prefix { $0 == $1 }.count
        }
        guard seenTwice > copied else { return Use(copied: copied) }
        self.keys = []
        if copied == 0 {
            if pixels.count != width * height { pixels = PixelBuffer(repeating: 0, count: width * height) }
            self.width = width
            self.height = height
        }
        return Use(copied: copied, kept: seenTwice)
    }

    /// Records that `pixels` now holds the layers with `keys`.
    mutating func kept(_ keys: [LayerKey]) {
        self.keys = keys
    }

    /// Forgets the kept layers and frees their pixels.
    mutating func clear() {
        self = LayerCache()
    }
}
