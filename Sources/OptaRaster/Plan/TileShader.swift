/// A per-pixel program that writes every pixel of the tile it is given: an opaque layer, such as
/// the landscape's heatmap with its contours. A pixel's colour may depend only on its position and
/// the shader's values, never on the tiling or the thread, so a shaded tile can be kept and copied
/// back in a later frame instead of being shaded again.
public protocol TileShader: Sendable {
    func shade(_ target: inout TileTarget)

    /// Whether every pixel `shade` writes has alpha 255: then a frame that starts with this layer
    /// is opaque throughout (`FramePlan.isOpaque`), and drawing it in straight alpha needs no
    /// conversion. False unless the shader promises it.
    var writesOpaquePixels: Bool { get }

    /// The same pixels as `shade` within the golden tolerance, by plain scalar code one pixel at a
    /// time (`RenderMode.reference`). A shader whose `shade` is already such code need not give one.
    func shadeReference(_ target: inout TileTarget)
}

extension TileShader {
    public var writesOpaquePixels: Bool { false }
    public func shadeReference(_ target: inout TileTarget) { shade(&target) }
}
