/// How a `RenderContext` runs a plan's layers.
public enum RenderMode: Sendable, Equatable {
    /// The paths frames are drawn with: 8-lane kernels, shortcuts and kept layers.
    case fast
    /// Each layer's plain scalar path, one pixel at a time, with nothing kept between frames: a
    /// shaded layer's `shadeReference`, the scalar stroke and disk rasterizers, every glyph pixel
    /// blended, every fill row written. Slow; tests hold `fast` to it within the golden tolerance.
    /// The 3-D surface's triangle rasterizer has no reference path yet and runs as in `fast`.
    case reference
}
