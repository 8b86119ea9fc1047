import Foundation

/// When golden tests write reference images, from the `OPTA_GOLDENS` environment variable.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Never write: a missing golden fails (the default, and what CI runs).
    case never
    /// Write goldens that do not exist yet; compare the others.
    case missing
    /// Re-record every golden (look at each new image before committing it).
    case all

    /// The mode named by `OPTA_GOLDENS`, `.never` when unset.
    public static func fromEnvironment() throws(GoldenFailure) -> GoldenRecordMode {
        guard let value = ProcessInfo.processInfo.environment["OPTA_GOLDENS"], !value.isEmpty else { return .never }
        guard let mode = GoldenRecordMode(rawValue: value) else {
            throw GoldenFailure(description: "OPTA_GOLDENS must be one of never, missing, all; got \"\(value)\"")
        }
        return mode
    }
}

/// A golden test that failed or could not run; the description says why, with figures and files.
public struct GoldenFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// What a golden check did when it passed.
public enum GoldenVerdict: Sendable, Equatable {
    case identical
    case withinTolerance(differentPixels: Int)
    case recorded(path: String)
}

/// Compares rendered images with the reference PNGs in `Goldens/`, records them on request,
/// and on failure writes expected, actual and diff images to a failures folder.
public struct GoldenHarness: Sendable {
    public let goldensDirectory: URL
    public let failuresDirectory: URL
    public let mode: GoldenRecordMode

    public init(goldensDirectory: URL, failuresDirectory: URL, mode: GoldenRecordMode) {
        self.goldensDirectory = goldensDirectory
        self.failuresDirectory = failuresDirectory
        self.mode = mode
    }

    /// The harness for this package: `Goldens/` and `.golden-failures/` at the package root
    /// (found by walking up from `filePath` to `Package.swift`), mode from `OPTA_GOLDENS`.
    public static func forPackage(filePath: String = #filePath) throws(GoldenFailure) -> GoldenHarness {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return GoldenHarness(goldensDirectory: folder.appendingPathComponent("Goldens"),
                                     failuresDirectory: folder.appendingPathComponent(".golden-failures"),
                                     mode: try GoldenRecordMode.fromEnvironment())
            }
            folder.deleteLastPathComponent()
        }
        throw GoldenFailure(description: "no Package.swift above \(filePath); cannot find Goldens/")
    }

    /// The path of the golden named `name`.
    public func goldenPath(_ name: String) -> String {
        goldensDirectory.appendingPathComponent("\(name).png").path
    }

    /// Checks `actual` against `Goldens/NAME.png` within `tolerance`, recording as the mode says.
    @discardableResult
    public func verify(_ actual: RGBAImage, named name: String, tolerance: GoldenTolerance) throws(GoldenFailure) -> GoldenVerdict {
        let path = goldenPath(name)
        let exists = FileManager.default.fileExists(atPath: path)
        if mode == .all || (mode == .missing && !exists) {
            do { try PNGWriter.write(actual, to: path, compression: .small) } catch {
                throw GoldenFailure(description: "golden \(name): could not record \(path): \(error)")
            }
            return .recorded(path: path)
        }
        guard exists else {
            let saved = saveArtifacts(name: name, expected: nil, actual: actual, diff: nil)
            throw GoldenFailure(description: """
                golden \(name): no reference image at \(path). Look at the actual image \(saved), \
                then record it with OPTA_GOLDENS=missing.
                """)
        }
        let expected: RGBAImage
        do { expected = try PNGReader.read(path: path) } catch {
            throw GoldenFailure(description: "golden \(name): cannot read the reference: \(error)")
        }
        let difference: ImageDifference
        do { difference = try ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance) } catch {
            let saved = saveArtifacts(name: name, expected: expected, actual: actual, diff: nil)
            throw GoldenFailure(description: "golden \(name): comparison cannot run: \(error). Images in \(saved)")
        }
        if difference.identical { return .identical }
        if difference.isWithin(tolerance) { return .withinTolerance(differentPixels: difference.differentPixels) }
        let saved = saveArtifacts(name: name, expected: expected, actual: actual, diff: difference.diffImage)
        throw GoldenFailure(description: """
            golden \(name) differs: \(difference.summary); tolerance: \(tolerance). \
            Expected, actual and diff images are in \(saved)
            """)
    }

    /// Writes whichever of the three images exist to `failuresDirectory/NAME/`; returns the folder.
    private func saveArtifacts(name: String, expected: RGBAImage?, actual: RGBAImage, diff: RGBAImage?) -> String {
        let folder = failuresDirectory.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let images: [(String, RGBAImage?)] = [("expected", expected), ("actual", actual), ("diff", diff)]
        for (label, image) in images {
            guard let image else { continue }
            try? PNGWriter.write(image, to: folder.appendingPathComponent("\(label).png").path)
        }
        return folder.path
    }
}
