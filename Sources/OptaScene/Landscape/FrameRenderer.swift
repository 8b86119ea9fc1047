import OptaRaster
import Shaders

/// Renders a landscape frame: per tile, the fused per-pixel shader writes every pixel once, then
/// the overlay's items that touch the tile blend on top while the tile is still in cache.
public enum FrameRenderer {
    public static func render<Field: ScalarField>(
        shader: LandscapeShader<Field>, overlay: DrawList, into framebuffer: inout Framebuffer, context: inout RenderContext,
        threads: Int
    ) {
        // The overlay is binned for the shader's tiles.
        let tileSize = TileScheduler.defaultTileSize
        BinnedDrawList.binning(overlay, width: framebuffer.width, height: framebuffer.height, tileSize: tileSize,
                               context: &context) { binned in
            TileScheduler.forEachTile(of: &framebuffer, threads: threads, tileSize: tileSize) { target in
                shader.shade(&target)
                binned.composite(into: &target)
            }
        }
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
