// swift-tools-version:6.1
import PackageDescription

/// Opta: a CPU renderer for optimization landscapes and graphs.

/// The per-pixel code is written for 8-wide vectors. On x86-64, let the compiler use AVX2 and FMA
/// (any x86-64 CPU since 2013): R1 renders about 1.5× faster than with plain SSE2.
/// Set OPTA_PORTABLE=1 when building to leave these instructions out. (`-Xcc -mavx2` lets the
/// inline C of CVectorOps know it too.)
#if arch(x86_64)
let vectorSettings: [SwiftSetting] = Context.environment["OPTA_PORTABLE"] == nil
    ? [.unsafeFlags(["-target-cpu", "haswell", "-Xcc", "-mavx2"])] : []
#else
let vectorSettings: [SwiftSetting] = []
#endif

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
        .systemLibrary(name: "CHDF5", pkgConfig: "hdf5", providers: [.apt(["libhdf5-dev"])]),

        // Lets the thread sanitizer see the ordering of Opta's locks (no-ops in normal builds).
        .target(name: "CSanitizerHooks"),
        // Vector shuffles and conversions Swift cannot express (inline C, one instruction each).
        .target(name: "CVectorOps"),

        // The portable core: functions, expressions, scenarios, the lock shared state goes behind.
        .target(name: "OptaCore", dependencies: ["CSanitizerHooks", .product(name: "Numerics", package: "swift-numerics")],
                swiftSettings: vectorSettings),
        // Framebuffer, tiles, coverage rasterization.
        .target(name: "OptaRaster", dependencies: ["OptaCore", "CVectorOps"], swiftSettings: vectorSettings),
        // Shading programs: colormaps, value scaling, heatmap and contour shading.
        .target(name: "Shaders", dependencies: ["OptaRaster", "OptaCore"], path: "Shaders", swiftSettings: vectorSettings),
        // FreeType glyphs, glyph cache, text layout.
        .target(name: "OptaText", dependencies: ["CFreeType", "OptaCore"]),
        // PNG in and out, golden-image comparison.
        .target(name: "OptaImage", dependencies: ["CPNG"]),
        // Starting a child process bound to Opta's life, nameless files (Linux system calls).
        .target(name: "CChildProcess"),
        // Videos out: the ffmpeg child process, the frame queue, the atomic commit of the file.
        .target(name: "OptaVideo", dependencies: ["CChildProcess", "OptaRaster"]),
        // HDF5 in (libhdf5's C API): grids and projected paths from loss-landscape tools.
        .target(name: "OptaHDF5", dependencies: ["CHDF5", "OptaCore"]),
        // Surface meshes out: PLY, OBJ and STL of a height field with its paths.
        .target(name: "OptaMesh", dependencies: ["OptaCore", "OptaImage"]),
        // RenderState → draw list: the 2D landscape, axes, colourbar, legend.
        // Accessibility trees of frames: nodes, diffs, announcements.
        .target(name: "OptaA11y", dependencies: ["OptaCore"]),
        .target(name: "OptaScene", dependencies: ["OptaCore", "OptaRaster", "Shaders", "OptaText", "OptaA11y"],
                swiftSettings: vectorSettings),
        // Solver threads, frame loop and frame statistics.
        .target(name: "OptaRuntime", dependencies: ["OptaCore", "OptaRaster", "OptaScene", "OptaText", "OptaA11y"]),
        // The SDL2 window shell: window, texture upload, vsync, events → input events.
        .target(name: "OptaSDL", dependencies: ["CSDL2", "OptaRuntime", "OptaRaster"]),
        // The command-line tool.
        .executableTarget(name: "opta", dependencies: [
            "OptaCore", "OptaRaster", "Shaders", "OptaImage", "OptaScene", "OptaText", "OptaRuntime", "OptaSDL", "OptaA11y",
            "OptaVideo", "OptaMesh", "OptaHDF5",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "OptaCoreTests", dependencies: ["OptaCore"]),
        .testTarget(name: "OptaHDF5Tests", dependencies: ["OptaHDF5", "OptaCore"]),
        .testTarget(name: "OptaRasterTests", dependencies: ["OptaRaster", "OptaImage"]),
        .testTarget(name: "OptaImageTests", dependencies: ["OptaImage"]),
        .testTarget(name: "OptaTextTests", dependencies: ["OptaText", "OptaCore"]),
        .testTarget(name: "OptaSceneTests", dependencies: ["OptaScene", "OptaImage", "OptaCore", "OptaRaster", "Shaders", "OptaText"]),
        .testTarget(name: "OptaA11yTests", dependencies: ["OptaA11y", "OptaCore", "OptaScene", "OptaText"]),
        .testTarget(name: "OptaCLITests", dependencies: ["opta", "OptaImage"]),
        .testTarget(name: "OptaVideoTests", dependencies: ["OptaVideo", "OptaRaster"]),
        .testTarget(name: "OptaRuntimeTests", dependencies: ["OptaRuntime", "OptaCore", "OptaRaster", "OptaText"]),
        .testTarget(name: "OptaSDLTests", dependencies: [
            "OptaSDL", "OptaRuntime", "CSDL2", "OptaCore", "OptaRaster", "OptaScene", "OptaText", "OptaImage",
        ]),

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
