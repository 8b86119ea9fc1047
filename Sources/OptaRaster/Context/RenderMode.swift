/// How a `RenderContext` runs a plan's layers.
public enum RenderMode: Sendable, Equatable {
    /// The paths frames are drawn with: 8-lane kernels, shortcuts and kept layers.
    case fast
    /// Each layer's plain path, with nothing kept between frames: a shaded layer's scalar
    /// `shadeReference`, every fill row written. Slow; tests hold `fast` to it within the golden
    /// tolerance. Vector items keep their kernels, which StrokeSpanTests hold bit for bit to the
    /// scalar paths (a switch in the tile loop measured 2-3 % slower on R2). A mesh's vertices are
    /// projected one by one, its triangles binned one by one (no clusters) and each drawn through
    /// the plain raster path (`LargeTriangle`), not the 8-lane tiny and small triangle paths; its
    /// resolve is the same in both modes.
    case reference
}
