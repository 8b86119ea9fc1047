// OptaRaster: where a pixel is decided.
//
// A figure (OptaScene) does not draw. For each frame it returns a `FramePlan`: its layers, bottom
// to top —
//   - `fill`: one colour everywhere (a graph's or a chart's background);
//   - `shaded`: a `TileShader` that writes every pixel of a tile (Shaders' `LandscapeShader`:
//     heatmap, contours and colourbar ramp fused), optionally with a `LayerKey`;
//   - `vector`: a `DrawList` of strokes, disks, polygons, rounded rectangles and text masks,
//     optionally with a `LayerKey` (static items right above a keyed shaded layer);
//   - `mesh`: a triangle mesh (the 3-D surface), the plan's first layer;
//   - `subplan`: another plan drawn into a rectangle as if it were a whole frame (panels); where
//     sub-plans leave a gap, the context clears it.
//
// `RenderContext.run(_:into:threads:)` then decides every pixel:
//   1. sub-plans first, each into its rectangle (recursively, as below);
//   2. each vector layer is binned once: items become `PreparedShape`s and every tile lists the
//      items that may touch it, in list order (`BinnedDrawList`);
//   3. the frame (or the sub-plan's rectangle) is cut into tiles — 64 px when a layer is shaded,
//      256 px for vector layers alone — handed out from a shared counter to up to `threads`
//      workers (`TileScheduler`);
//   4. on each tile, the layers run in order: the fill, the shader, then every binned item of the
//      tile blended source-over, premultiplied, in list order (`BinnedDrawList.composite`, the
//      rasterizers in `Vector/`); when the context kept the keyed shaded layer and keyed vector
//      layers above it from the frames before, a copy of their pixels instead (`LayerCache`);
//      and when the caller keeps its frame as drawn (`leavesFramesIntact`, the viewer), a tile
//      showing only those kept layers this frame and the last is left as it is (`KeptPass`).
// A pixel's value depends only on the plan and the pixel's position: the same bytes on one thread
// or many, with a used context or a new one.
//
// With `RenderContext.mode` set to `.reference`, step 4 runs shaded layers' plain scalar path
// (`TileShader.shadeReference`) and writes every fill row, a mesh is drawn through the
// rasterizer's plain paths, and nothing is kept: the reference the fast paths are held to (see
// `RenderMode`).
//
// The context owns the scratch memory of all this (binning arrays, the triangle rasterizer's vertex
// arrays and each worker's tile and binning buffers, the kept layer) and keeps it from frame to
// frame; whoever draws frames holds one.
//
// The 3-D surface is a `mesh` layer (`MeshLayer`, the plan's first). `TriangleRasterizer` bins
// every triangle into 64 px tiles first; then, in one pass over those tiles, each tile gets the
// mesh — depth rasterized, each pixel resolved and shaded once per visible surface
// (`Triangles/`) — and right after it the layers above, as in step 4. Their depth-tested items
// (the paths and box over the surface: `DrawItem.depthTestedPolyline`, `.depthTested`) read the
// depth the mesh left in the tile pixel by pixel (`MeshTileDepth`) and show only where they are
// in front of it; no depth buffer of the whole frame is ever written.
