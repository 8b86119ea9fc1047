import OptaRaster
import Shaders

/// Renders a landscape frame from a shader and an overlay: per tile, the fused per-pixel shader
/// writes every pixel once, then the overlay's items that touch the tile blend on top while the
/// tile is still in cache. The shaded layer carries no cache key: every frame shades it.
public enum FrameRenderer {
    public static func render<Field: ScalarField>(
        shader: LandscapeShader<Field>, overlay: DrawList, into framebuffer: inout Framebuffer, context: inout RenderContext,
        threads: Int
    ) {
        context.run(FramePlan([.shaded(shader), .vector(overlay)]), into: &framebuffer, threads: threads)
    }

    /// A new frame with `figure` and its scenario's own paths drawn into it.
    public static func render(_ figure: LandscapeFigure, threads: Int) -> Framebuffer {
        var framebuffer = Framebuffer(width: figure.width, height: figure.height)
        let legend = figure.placedLegend(paths: figure.scenario.paths)
        var context = RenderContext()
        render(shader: figure.shader(legend: legend), overlay: figure.canvas(paths: figure.scenario.paths, legend: legend).list,
               into: &framebuffer, context: &context, threads: threads)
        return framebuffer
    }
}
