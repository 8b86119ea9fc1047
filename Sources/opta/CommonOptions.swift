import ArgumentParser
import Foundation

/// Frame size and thread options shared by `render` and `bench`.
struct FrameOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frame width in pixels, 1 to 16384 (default: the scenario's, else 1920).")
    var width: Int?

    @Option(parsing: .unconditional, help: "Frame height in pixels, 1 to 16384 (default: the scenario's, else 1080).")
    var height: Int?

    @Option(parsing: .unconditional, help: "Render threads, 1 or more (default: all \(Self.availableCores) cores).")
    var threads: Int?

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...16384).contains(value) {
                throw ValidationError("\(name) must be from 1 to 16384, got \(value)")
            }
        }
        if let threads, threads < 1 {
            throw ValidationError("--threads must be 1 or more, got \(threads); leave it out to use all cores")
        }
    }

    /// The cores this process may use, read once: finding them reads the cgroup files, which a
    /// per-frame caller (`opta bench`'s timed loop) must not pay for.
    static let availableCores = ProcessInfo.processInfo.activeProcessorCount

    /// `--threads`, or all cores.
    var threadCount: Int { threads ?? Self.availableCores }
}
