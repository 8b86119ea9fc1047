/// What a figure draws in one frame: its layers, bottom to top. A figure only describes the frame;
/// `RenderContext.run(_:into:threads:)` decides every pixel, tile by tile, running the layers in
/// order on each tile while it is in cache.
///
/// A plan starts either with sub-plans (panels), which are drawn first and should together cover
/// the frame, or with an opaque layer (`fill`, `shaded` or `mesh`) that writes every pixel:
/// nothing of an earlier frame shows through. Where sub-plans leave a gap, the render context
/// clears it to transparent (and the frame is not opaque), so a gap shows as one, never as stale
/// pixels.
public struct FramePlan: Sendable {
    public var layers: [FrameLayer]

    public init(_ layers: [FrameLayer]) {
        self.layers = layers
    }

    /// Whether the first layer writes every pixel of a `width` × `height` frame: an opaque fill
    /// or a shader, or sub-plans that together cover the frame, each starting opaque itself.
    func startsOpaque(width: Int, height: Int) -> Bool {
        switch layers.first {
        case .fill, .shaded, .mesh: true
        case .subplan: subplansCover(width: width, height: height)
        case .vector, nil: false
        }
    }

    /// Whether the sub-plans' rectangles cover every pixel of a `width` × `height` frame, and
    /// each sub-plan starts opaque in its rectangle. Rows are swept band by band between the
    /// rectangles' edges: a handful of rectangles, so the cost is nothing against a frame.
    func subplansCover(width: Int, height: Int) -> Bool {
        let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var rects: [PixelRect] = []
        for case .subplan(let rect, let plan) in layers {
            guard plan.startsOpaque(width: rect.width, height: rect.height) else { return false }
            let inside = rect.intersection(whole)
            if !inside.isEmpty { rects.append(inside) }
        }
        let edges = Set(rects.flatMap { [$0.y0, $0.y1] } + [0, height]).sorted()
        for (top, bottom) in zip(edges, edges.dropFirst()) where bottom > top {
            var x = 0
            for rect in rects.filter({ $0.y0 <= top && $0.y1 >= bottom }).sorted(by: { $0.x0 < $1.x0 }) {
                if rect.x0 > x { return false }
                x = max(x, rect.x1)
            }
            if x < width { return false }
        }
        return true
    }

    /// Whether every pixel of a `width` × `height` frame comes out with alpha 255, so that its
    /// straight-alpha and premultiplied bytes are the same. True when the plan starts opaque and
    /// every layer keeps it so: fills of opaque colours, shaders that write opaque pixels,
    /// sub-plans that are opaque themselves, and vector layers, whose items all blend
    /// premultiplied colours source-over (`PixelBlend`), which leaves an opaque pixel opaque.
    func isOpaque(width: Int, height: Int) -> Bool {
        startsOpaque(width: width, height: height) && layers.allSatisfy { layer in
            switch layer {
            case .fill(let color): color >= 0xFF00_0000
            case .shaded(let shader, _): shader.writesOpaquePixels
            case .mesh(let mesh): mesh.writesOpaquePixels
            case .vector: true
            case .subplan(let rect, let plan): plan.isOpaque(width: rect.width, height: rect.height)
            }
        }
    }

    /// The layers a render context may keep (`LayerCache`): the first shaded layer with a cache
    /// key and the vector layers with one right above it, as the index of that shaded layer and
    /// their keys; nil when no shaded layer has a key.
    var keyedLayers: (start: Int, keys: [LayerKey])? {
        guard let start = layers.firstIndex(where: { if case .shaded(_, .some) = $0 { true } else { false } }) else { return nil }
        var keys: [LayerKey] = []
        for layer in layers[start...] {
            switch layer {
            case .shaded(_, .some(let key)) where keys.isEmpty, .vector(_, .some(let key)) where !keys.isEmpty: keys.append(key)
            default: return (start, keys)
            }
        }
        return (start, keys)
    }

    /// The tile edge the plan is run with. A shaded layer works best on small tiles (a 64-pixel
    /// tile and the shader's rows of samples stay in L1); vector items alone on large ones (most
    /// of their cost is per item and tile: binning, row ranges, span setup).
    var tileSize: Int {
        layers.contains { if case .shaded = $0 { true } else { false } }
            ? TileScheduler.defaultTileSize : BinnedDrawList.defaultTileSize
    }
}

/// One layer of a `FramePlan`.
public enum FrameLayer: Sendable {
    /// Every pixel set to one colour (packed, premultiplied).
    case fill(UInt32)
    /// Every pixel written by a per-pixel program. With a `cacheKey`, the render context may keep
    /// the layer's pixels and copy them into later frames that show a layer with an equal key,
    /// instead of running the shader again (see `LayerCache`).
    case shaded(any TileShader, cacheKey: LayerKey? = nil)
    /// Vector items (strokes, disks, text masks, ...) blended in list order. With a `cacheKey`,
    /// right above a shaded layer with one (or above another such vector layer), the render
    /// context may keep the pixels of the shaded layer with these items drawn over it, and copy
    /// them into later frames whose layers up to this one have equal keys (static items over a
    /// landscape: stored runs). The key must change whenever the items do.
    case vector(DrawList, cacheKey: LayerKey? = nil)
    /// A triangle mesh that writes every pixel (the 3-D surface); only as a plan's first layer.
    /// The layers after it run on each of its tiles right after the mesh, in the same pass, and
    /// their depth-tested items show only where they are in front of it (`MeshLayer`).
    case mesh(MeshLayer)
    /// A plan drawn into a rectangle of the frame as if the rectangle were a whole frame (a panel):
    /// its pixel (x, y) is the frame's (x0 + x, y0 + y). Sub-plans come first in a plan and are
    /// drawn before its other layers.
    case subplan(PixelRect, FramePlan)
}
