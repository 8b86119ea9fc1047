// swift-tools-version:6.1
import PackageDescription

/// Opta: a CPU renderer for optimization landscapes and graphs.
/// Module map and dependency direction: see ARCHITECTURE in the project docs and README.
let package = Package(
    name: "Opta",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "opta", targets: ["opta"]),
        .library(name: "OptaCore", targets: ["OptaCore"]),
        .library(name: "OptaRaster", targets: ["OptaRaster"]),
        .library(name: "OptaImage", targets: ["OptaImage"]),
        .library(name: "OptaScene", targets: ["OptaScene"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // System libraries (module map + shim header each).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        // The portable core: functions, expressions, scenarios.
        .target(name: "OptaCore", dependencies: [.product(name: "Numerics", package: "swift-numerics")]),
        // Framebuffer, tiles, coverage rasterization.
        .target(name: "OptaRaster", dependencies: ["OptaCore"]),
        // Shading programs: colormaps, value scaling, heatmap and contour shading.
        .target(name: "Shaders", dependencies: ["OptaRaster", "OptaCore"], path: "Shaders"),
        // FreeType glyphs, glyph cache, text layout.
        .target(name: "OptaText", dependencies: ["CFreeType"]),
        // PNG in and out, golden-image comparison.
        .target(name: "OptaImage", dependencies: ["CPNG"]),
        // RenderState → draw list: the 2D landscape, axes, colourbar, legend.
        .target(name: "OptaScene", dependencies: ["OptaCore", "OptaRaster", "Shaders", "OptaText"]),
        // The command-line tool.
        .executableTarget(name: "opta", dependencies: [
            "OptaCore", "OptaRaster", "Shaders", "OptaImage", "OptaScene", "OptaText",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "OptaCoreTests", dependencies: ["OptaCore"]),
        .testTarget(name: "OptaRasterTests", dependencies: ["OptaRaster", "OptaImage"]),
        .testTarget(name: "OptaImageTests", dependencies: ["OptaImage"]),
        .testTarget(name: "OptaTextTests", dependencies: ["OptaText"]),
        .testTarget(name: "OptaSceneTests", dependencies: ["OptaScene", "OptaImage", "OptaCore", "OptaRaster", "Shaders", "OptaText"]),
        .testTarget(name: "OptaCLITests", dependencies: ["opta", "OptaImage"]),

        // Frame-time benchmarks (package-benchmark): `make bench`.
        .executableTarget(
            name: "FrameTime",
            dependencies: [
                "OptaCore", "OptaRaster", "Shaders", "OptaScene", "OptaText",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/FrameTime",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
