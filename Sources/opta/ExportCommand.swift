import ArgumentParser
import Foundation
import OptaCore
import OptaImage
import OptaMesh
import OptaRaster
import OptaScene
import Shaders

/// `opta export`: a scenario's surface as a mesh file for ParaView, Blender or a 3-D printer.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a scenario's landscape as a 3-D surface mesh (PLY, OBJ or STL) with its paths.",
        discussion: """
            The mesh is the height field Opta's 3-D view draws, in the scenario's coordinates: x and y \
            in the domain, z the surface height (f scaled linearly or logarithmically to 0...1 over the \
            grid, times the surface's height). Solvers run to their step budget first; their paths and \
            the logged ones are lifted onto the surface. PLY (binary) keeps per-vertex colours from the \
            colormap, f as the vertex property "value", and the paths as coloured edges; OBJ keeps \
            normals and the paths as `l` lines; STL keeps only the triangles. 2-D scenarios export \
            their landscape with the default surface settings. The file is written atomically.

            Examples:
              opta export Examples/rastrigin-3d.json --mesh rastrigin.ply
              opta export Examples/solvers.json --mesh himmelblau.obj --resolution 128
              opta export --mesh rosenbrock.stl
            """
    )

    @Argument(help: "A scenario JSON file (see docs/scenario.md). Default: the built-in R1 scene.")
    var scenario: String?

    @Option(help: "Where to write the mesh: a file ending in .ply, .obj or .stl; its folder must exist.")
    var mesh: String

    @Option(help: "Vertices per side of the grid, 2 to 2048 (default: the scenario's surface resolution, else 256).")
    var resolution: Int?

    @OptionGroup var storeLocation: StoreLocationOption

    func validate() throws {
        guard MeshFormat(path: mesh) != nil else {
            throw ValidationError("--mesh \(mesh) must end in .ply, .obj or .stl")
        }
        if let resolution, !SurfaceSpec.resolutionRange.contains(resolution) {
            throw ValidationError("--resolution must be from \(SurfaceSpec.resolutionRange.lowerBound) to \(SurfaceSpec.resolutionRange.upperBound), got \(resolution)")
        }
    }

    func run() throws {
        try reportingFailures {
            let format = MeshFormat(path: mesh)!
            do { try PNGWriter.checkDestination(mesh) } catch { throw CommandFailure.usage("--mesh \(error)") }
            let scenario = try ScenarioInput.load(self.scenario, store: storeLocation.path)
            guard scenario.kind != .graph else {
                throw CommandFailure.usage("\(self.scenario ?? "the scenario") draws a graph, which has no surface; export a landscape scenario")
            }
            let landscape = scenario.landscape
            let spec = scenario.surface ?? SurfaceSpec(height: SurfaceSpec.defaultHeight(for: landscape.domain),
                                                       camera: SurfaceSpec.defaultCamera(for: landscape.domain, height: 1))
            let field = HeightField(objective: landscape.objective, domain: landscape.domain,
                                    resolution: resolution ?? spec.resolution, height: spec.height,
                                    scale: spec.scale ?? landscape.scale)
            var session: HeadlessSession
            do { session = try HeadlessSession(scenario: scenario) } catch { throw CommandFailure.badData("\(error)") }
            session.runToCompletion()
            let paths = session.renderState.scenario.paths.enumerated().map { index, path in
                (name: path.name, color: Self.bytes(Palette.color(path.color, orPaletteAt: index)), points: path.points)
            }
            let colormap = landscape.colormap
            let surface = SurfaceMesh(field: field, objective: landscape.objective,
                                      title: scenario.title ?? landscape.objective.displayName,
                                      color: { level in
                                          let c = colormap.color(at: level)
                                          return SIMD3(Self.byte(c.x), Self.byte(c.y), Self.byte(c.z))
                                      }, paths: paths)
            do { try format.write(surface, to: mesh) } catch { throw CommandFailure.failure("cannot write \(error)") }
            let (lo, hi) = surface.bounds
            let lines = surface.polylines.count
            print("wrote \(mesh) (\(surface.positions.count) vertices, \(surface.triangles.count) triangles, "
                + (format == .stl ? "no paths in STL" : "\(lines) path polyline\(lines == 1 ? "" : "s")")
                + String(format: "; x %.4g…%.4g, y %.4g…%.4g, z %.4g…%.4g)", lo.x, hi.x, lo.y, hi.y, lo.z, hi.z))
        }
    }

    static func bytes(_ c: RGBA) -> SIMD3<UInt8> { SIMD3(byte(c.r), byte(c.g), byte(c.b)) }

    static func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v.isNaN ? 0 : v) * 255 + 0.5))) }
}
