/// What one renderer of frames keeps from one frame to the next: the scratch memory of the
/// passes (the triangle rasterizer's vertex arrays and each worker's tile and binning buffers,
/// the arrays of draw-list binning) and the
/// pixels of a shaded layer that later frames may show again (`LayerCache`).
///
/// Hold one wherever frames are drawn one after another (the viewer, a video export, a benchmark,
/// a library session) and pass it to every frame. Recycled arrays are already mapped, so a frame
/// drawn with a used context touches no fresh pages; a new context gives the same bytes, only
/// slower. A context is a value that one renderer owns: it may move between threads (a library
/// session hands it over under its lock) but is never used by two frames at once.
public struct RenderContext: Sendable {
    /// The triangle rasterizer's per-vertex arrays.
    var vertices = VertexBuffers()
    /// The triangle rasterizer's per-worker tile and binning buffers.
    var rasterScratch = WorkerScratch()
    /// Spare arrays for binning draw lists (one set per chunk binned at the same time).
    var binning = BinningBuffers()
    /// The last shaded layer worth keeping.
    var layerCache = LayerCache()

    /// Whether shaded layers with a cache key are kept for later frames (true by default). Off,
    /// every frame shades every layer: the same bytes, for measuring the shading itself.
    public var cachesLayers = true {
        didSet { if !cachesLayers { layerCache.clear(); keptPasses = ([], []) } }
    }

    /// Set when the memory each frame is drawn into is left as the frame was drawn until the next
    /// frame is drawn into the same memory (a window's frame, redrawn in place each time). Then a
    /// tile that shows only kept layers (`LayerCache`) in both frames — no item of the vector
    /// layers above touches it, this frame or the last — is left as it is instead of copied
    /// again: the same bytes, without the copy. Off by default: a caller that reuses memory for
    /// other things (a ring of video frames, a numpy array) gets every tile drawn.
    public var leavesFramesIntact = false {
        didSet { if oldValue != leavesFramesIntact { keptPasses = ([], []) } }
    }
    /// The passes (one per region) of the last frame and of the frame being drawn that left kept
    /// pixels in their untouched tiles, for `leavesFramesIntact`. Only the last frame's passes count: a
    /// frame before it may have been drawn over since.
    var keptPasses: (lastFrame: [KeptPass], thisFrame: [KeptPass]) = ([], [])

    /// Fast paths (the default) or every layer's scalar reference path (which keeps no layers).
    public var mode = RenderMode.fast {
        didSet { if mode == .reference { layerCache.clear(); keptPasses = ([], []) } }
    }

    public init() {}
}

extension RenderContext {
    /// `value`, leaving a new empty value in its place: what is taken out of a context has no
    /// other owner, so writing to it never copies.
    static func taking<T>(_ value: inout T, leaving empty: T) -> T {
        var taken = empty
        swap(&taken, &value)
        return taken
    }
}
