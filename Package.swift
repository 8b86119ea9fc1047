// swift-tools-version:6.1
import PackageDescription

/// Opta: a CPU renderer for optimization landscapes and graphs.

/// The per-pixel code is written for 8-wide vectors. On x86-64 the Makefile builds with AVX2 and FMA
/// (`-target-cpu haswell`, `-Xcc -mavx2`; any x86-64 CPU since 2013): R1 renders about 1.5× faster
/// than with plain SSE2. The flags come from the command line, not from this manifest, so another
/// package can depend on OptaCore or OptaScene by URL (SwiftPM refuses `unsafeFlags` there).
/// `make OPTA_PORTABLE=1 ...` leaves them out.

/// How libOptaC.so carries the Swift runtime and Foundation inside: `-static-stdlib` links the
/// standard library statically but leaves Foundation's own static libraries to autolinking, which a
/// shared library does not check; so they are named here (as a group: they refer to each other), and
/// `--no-undefined` makes any symbol still missing a link error rather than a failure at load time.
let staticRuntime = [
    "-static-stdlib", "-Xlinker", "--no-undefined", "-Xlinker", "--start-group",
    "-lFoundation", "-lFoundationInternationalization", "-lFoundationEssentials", "-lCoreFoundation",
    "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
    "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-lswiftCore", "-lswift_Concurrency",
    "-lswift_StringProcessing", "-lswift_RegexParser", "-lswiftGlibc", "-Xlinker", "--end-group",
]

/// Only `make lib` (and so `pip install ./python` and `make wheel`) asks for the static runtime:
/// debug and sanitizer builds of the tests link the library against the toolchain's runtime
/// (gold cannot link the static runtime's debug information into a debug shared library).
let cLibraryLinking: [LinkerSetting] = Context.environment["OPTA_STATIC_RUNTIME"] == nil ? [] : [.unsafeFlags(staticRuntime)]

let package = Package(
    name: "Opta",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "opta", targets: ["opta"]),
        .library(name: "OptaCore", targets: ["OptaCore"]),
        .library(name: "OptaRaster", targets: ["OptaRaster"]),
        .library(name: "OptaImage", targets: ["OptaImage"]),
        .library(name: "OptaScene", targets: ["OptaScene"]),
        // Opta as a C library (libOptaC.so, header Sources/OptaC/include/opta.h): what the Python package loads.
        .library(name: "OptaC", type: .dynamic, targets: ["OptaC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // System libraries (module map + shim header each).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CHDF5", pkgConfig: "hdf5", providers: [.apt(["libhdf5-dev"])]),

        // Lets the thread sanitizer see the ordering of Opta's locks (no-ops in normal builds).
        .target(name: "CSanitizerHooks"),
        // Vector shuffles and conversions Swift cannot express (inline C, one instruction each).
        .target(name: "CVectorOps"),

        // The leaf every other module may use: the lock shared state goes behind, JSON text helpers.
        .target(name: "OptaSupport", dependencies: ["CSanitizerHooks"]),
        // The portable core: functions, expressions, scenarios, solvers, the store.
        .target(name: "OptaCore", dependencies: ["OptaSupport", "CVectorOps", .product(name: "Numerics", package: "swift-numerics")]),
        // Framebuffer, tiles, coverage rasterization, the render context.
        .target(name: "OptaRaster", dependencies: ["OptaSupport", "CVectorOps"]),
        // Shading programs: colormaps, value scaling, heatmap and contour shading.
        .target(name: "Shaders", dependencies: ["OptaRaster", "OptaCore"], path: "Shaders"),
        // FreeType glyphs, glyph cache, text layout.
        .target(name: "OptaText", dependencies: ["CFreeType", "CHarfBuzz", "OptaSupport"]),
        // PNG in and out, golden-image comparison.
        .target(name: "OptaImage", dependencies: ["CPNG"]),
        // Starting a child process bound to Opta's life, nameless files (Linux system calls).
        .target(name: "CChildProcess"),
        // Videos out: the ffmpeg child process, the frame queue, the atomic commit of the file.
        .target(name: "OptaVideo", dependencies: ["CChildProcess", "OptaRaster"]),
        // HDF5 in (libhdf5's C API): grids and projected paths from loss-landscape tools.
        .target(name: "OptaHDF5", dependencies: ["CHDF5", "OptaCore", "OptaSupport"]),
        // Surface meshes out: PLY, OBJ and STL of a height field with its paths.
        .target(name: "OptaMesh", dependencies: ["OptaCore", "OptaImage"]),
        // Accessibility trees of frames: nodes, diffs, announcements.
        .target(name: "OptaA11y"),
        // RenderState → frame plans: the 2D landscape, the 3D surface, graphs, charts, panels.
        .target(name: "OptaScene", dependencies: ["OptaSupport", "OptaCore", "OptaRaster", "Shaders", "OptaText", "OptaA11y"]),
        // Audio graphs as sound: synthesis and WAV files through libsndfile (its only importer).
        .target(name: "OptaAudio", dependencies: ["CSndFile", "OptaA11y"]),
        // Solver threads, frame loop and frame statistics; the viewer's sound (what plays, not where).
        .target(name: "OptaRuntime", dependencies: ["OptaSupport", "OptaCore", "OptaRaster", "OptaScene", "OptaText", "OptaA11y", "OptaAudio"]),
        // The SDL2 window shell: window, texture upload, vsync, events → input events, audio out.
        .target(name: "OptaSDL", dependencies: ["CSDL2", "OptaRuntime", "OptaRaster", "OptaAudio"]),
        // The run store: every solver run kept in SQLite (GRDB), saved viewer states; the only module that speaks SQL.
        .target(name: "OptaStore", dependencies: ["OptaSupport", "OptaCore", "CSQLiteOptions", .product(name: "GRDB", package: "GRDB.swift")]),
        // SQLite connection options Swift cannot set itself (sqlite3_db_config is variadic).
        .target(name: "CSQLiteOptions", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The C ABI over a headless session and its figures (everything but SDL). The Swift runtime
        // is linked in (`-static-stdlib`; SwiftPM's --static-swift-stdlib skips dynamic products), so
        // the library loads on machines without a Swift toolchain. Only the C library carries this
        // flag: packages depending on OptaCore or OptaScene never build it.
        .target(name: "OptaC", dependencies: ["OptaSupport", "OptaCore", "OptaRaster", "OptaScene", "OptaText", "OptaImage", "OptaStore"],
                exclude: ["include"], linkerSettings: cLibraryLinking),
        // The command-line tool.
        .executableTarget(name: "opta", dependencies: [
            "OptaSupport", "OptaCore", "OptaRaster", "Shaders", "OptaImage", "OptaScene", "OptaText", "OptaRuntime", "OptaSDL", "OptaA11y",
            "OptaVideo", "OptaMesh", "OptaAudio", "OptaStore", "OptaHDF5",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "OptaSupportTests", dependencies: ["OptaSupport"]),
        .testTarget(name: "OptaCoreTests", dependencies: ["OptaCore"]),
        .testTarget(name: "OptaHDF5Tests", dependencies: ["OptaHDF5", "OptaCore"]),
        .testTarget(name: "OptaRasterTests", dependencies: ["OptaRaster"]),
        .testTarget(name: "OptaImageTests", dependencies: ["OptaImage"]),
        .testTarget(name: "OptaTextTests", dependencies: ["OptaText", "OptaSupport"]),
        .testTarget(name: "OptaSceneTests", dependencies: ["OptaScene", "OptaImage", "OptaCore", "OptaRaster", "Shaders", "OptaText", "OptaA11y"]),
        .testTarget(name: "OptaA11yTests", dependencies: ["OptaA11y", "OptaCore", "OptaScene", "OptaText"]),
        .testTarget(name: "OptaAudioTests", dependencies: ["OptaAudio", "OptaA11y", "OptaScene", "OptaCore"]),
        .testTarget(name: "OptaCLITests", dependencies: ["opta", "OptaSupport", "OptaCore", "OptaImage", "OptaStore"]),
        .testTarget(name: "OptaStoreTests", dependencies: ["OptaStore", "OptaCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "OptaVideoTests", dependencies: ["OptaVideo"]),
        .testTarget(name: "OptaRuntimeTests", dependencies: ["OptaSupport", "OptaRuntime", "OptaCore", "OptaRaster", "OptaScene", "OptaText", "OptaAudio", "OptaA11y"]),
        .testTarget(name: "OptaSDLTests", dependencies: [
            "OptaSDL", "OptaRuntime", "CSDL2", "OptaSupport", "OptaCore", "OptaRaster", "OptaScene", "OptaText", "OptaImage", "OptaAudio",
        ]),
    ]
)

// Benchmarks (package-benchmark, `make bench`), left out where OPTA_NO_BENCHMARKS is set: `make
// test` sets it, so its three builds (plain, thread and address sanitizer) do not each compile
// package-benchmark and its dependencies for executables no test runs.
if Context.environment["OPTA_NO_BENCHMARKS"] == nil {
    package.targets += [
        // Frame-time benchmarks.
        .executableTarget(
            name: "FrameTime",
            dependencies: [
                "OptaCore", "OptaRaster", "OptaScene", "OptaText",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/FrameTime",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Run store benchmarks: inserting, listing and reading stored runs, a solver recorded and not.
        .executableTarget(
            name: "RunStore",
            dependencies: ["OptaStore", "OptaCore", .product(name: "Benchmark", package: "package-benchmark")],
            path: "Benchmarks/RunStore",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
}

// libFuzzer targets (`make fuzz`): built only with OPTA_FUZZ=1, with -sanitize=fuzzer,address, in
// their own scratch path (.build-fuzz). One per parser; seeds and dictionaries are in Fuzz/.
if Context.environment["OPTA_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzExpression", ["OptaCore"]), ("FuzzScenario", ["OptaCore"]), ("FuzzPathCSV", ["OptaCore"]),
        ("FuzzEdgeCSV", ["OptaCore"]), ("FuzzTrace", ["OptaCore"]), ("FuzzCheckpoint", ["OptaCore"]),
        ("FuzzPNG", ["OptaImage"]), ("FuzzGridNPY", ["OptaCore"]), ("FuzzGridCSV", ["OptaCore"]),
        ("FuzzPathJSONLines", ["OptaCore"]), ("FuzzHDF5", ["OptaHDF5"]),
    ]
    // The libFuzzer driver call and the grid checks the targets share.
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["OptaCore"], path: "Fuzz/Support"))
    for target in fuzzTargets {
        package.targets.append(.executableTarget(name: target.name, dependencies: target.dependencies + ["FuzzSupport"],
                                                 path: "Fuzz/Targets/\(target.name)"))
    }
}
