import ArgumentParser
import Foundation
import OptaImage

/// `opta golden`: the golden-image comparison of Opta's tests, for users' own images.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Compare images the way Opta's golden tests do.",
        subcommands: [GoldenDiffCommand.self]
    )
}

/// `opta golden diff EXPECTED ACTUAL`: exit 0 when within tolerance, 1 when not.
struct GoldenDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images; exit 0 when they match within tolerance, 1 when not.",
        discussion: """
            Exact byte equality first; then a perceptual per-pixel colour threshold (YIQ, 0…1), with \
            anti-aliased edge pixels excused (thin 1-px lines never are), and a budget of differing pixels. \
            Prints the measured figures: differing pixels, largest difference and where.

            Example:
              opta golden diff Goldens/r1-landscape2d.png out.png --output diff.png --threshold 0.1 --max-pixels 20
            """
    )

    @Argument(help: "The reference PNG.")
    var expected: String

    @Argument(help: "The PNG to check.")
    var actual: String

    @Option(name: .shortAndLong, help: "Write a diff image here (red: counted differences, yellow: excused anti-aliasing).")
    var output: String?

    @Option(parsing: .unconditional, help: "Per-pixel colour threshold from 0 (any change counts) to 1.")
    var threshold: Double = 0.1

    @Option(name: .customLong("max-pixels"), parsing: .unconditional, help: "How many differing pixels are still a match.")
    var maxPixels: Int = 0

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be from 0 to 1, got \(threshold)") }
        guard maxPixels >= 0 else { throw ValidationError("--max-pixels must be 0 or more, got \(maxPixels)") }
    }

    func run() throws {
        try reportingFailures {
            let expectedImage = try read(expected)
            let actualImage = try read(actual)
            let status = try StatusOutput(outputs: [("--output", output)])
            if let output {
                do { try PNGWriter.checkDestination(output, example: "diff.png") } catch { throw CommandFailure.usage("--output \(error)") }
            }
            if expectedImage.width != actualImage.width || expectedImage.height != actualImage.height {
                // Images of different sizes differ: exit 1 like any other difference, with a diff image of both extents.
                if let output {
                    do { try PNGWriter.write(SizeMismatchImage.make(expected: expectedImage, actual: actualImage), to: output) } catch {
                        throw CommandFailure.failure("cannot write \(error)")
                    }
                }
                status.say("differ: size mismatch: expected \(expectedImage.width)×\(expectedImage.height), actual \(actualImage.width)×\(actualImage.height)")
                if let output { status.say("diff image: \(output) (blue: only in expected, red: only in actual)") }
                throw ExitCode(1)
            }
            let tolerance = GoldenTolerance(threshold: threshold, maxDifferentPixels: maxPixels)
            let difference: ImageDifference
            do {
                difference = try ImageComparator.compare(expected: expectedImage, actual: actualImage, tolerance: tolerance)
            } catch {
                throw CommandFailure.badData("cannot compare \(expected) and \(actual): \(error)")
            }
            if let output {
                do { try PNGWriter.write(difference.diffImage, to: output) } catch {
                    throw CommandFailure.failure("cannot write \(error)")
                }
            }
            let within = difference.isWithin(tolerance)
            status.say("\(within ? "match" : "differ"): \(difference.summary) (tolerance: \(tolerance))")
            if let output { status.say("diff image: \(output)") }
            if !within { throw ExitCode(1) }
        }
    }

    private func read(_ path: String) throws -> RGBAImage {
        do { return try PNGReader.read(path: path) } catch {
            switch error.kind {
            case .missing: throw CommandFailure.usage("\(path) does not exist")
            default: throw CommandFailure.badData("\(error)")
            }
        }
    }
}
