import ArgumentParser
import Foundation

/// Frame size and thread options shared by `render` and `bench`.
struct FrameOptions: ParsableArguments {
    @Option(help: "Frame width in pixels, 1 to 16384 (default: the scenario's, else 1920).")
    var width: Int?

    @Option(help: "Frame height in pixels, 1 to 16384 (default: the scenario's, else 1080).")
    var height: Int?

    @Option(help: "Render threads, 1 or more (default: all \(ProcessInfo.processInfo.activeProcessorCount) cores).")
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

    /// `--threads`, or all cores. Finding the core count reads the cgroup files: read it once, not per frame.
    var threadCount: Int { threads ?? ProcessInfo.processInfo.activeProcessorCount }
}
