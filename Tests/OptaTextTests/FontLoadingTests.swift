import Foundation
import Testing
@testable import OptaText

@Suite struct FontLoadingTests {
    @Test func loadsDefaultFont() throws {
        let font = try FontLibrary.loadDefault()
        let run = font.layout("Hello", pixelSize: 14)
        #expect(run.glyphs.count == 5)
        #expect(run.advance > 0)
        #expect(run.ascent > 0 && run.descent > 0)
    }

    @Test func missingFontThrowsNamingThePath() {
        let path = "/nonexistent/opta-fonts/NoSuchFont.ttf"
        #expect {
            _ = try FontLibrary(regularPath: path, boldPath: nil)
        } throws: { error in
            guard let error = error as? FontError else { return false }
            return error.kind == .missingFile && error.path == path
                && error.description.contains(path)
                && error.description.contains("fonts-dejavu-core")
        }
    }

    @Test func missingBoldFontThrows() {
        let regular = FontLibrary.defaultFontDirectory + "/" + FontLibrary.regularFileName
        let bold = "/nonexistent/Bold.ttf"
        #expect(throws: FontError(kind: .missingFile, path: bold)) {
            _ = try FontLibrary(regularPath: regular, boldPath: bold)
        }
    }

    @Test func unreadableFileIsAnErrorNotACrash() throws {
        let path = NSTemporaryDirectory() + "opta-not-a-font-\(getpid()).ttf"
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try FontLibrary(regularPath: path, boldPath: nil)
        } throws: { error in
            guard let error = error as? FontError, case .unreadableFont = error.kind else { return false }
            return error.description.contains(path)
        }
    }

    @Test func boldFallsBackToRegularWithoutBoldFile() throws {
        let regular = FontLibrary.defaultFontDirectory + "/" + FontLibrary.regularFileName
        let font = try FontLibrary(regularPath: regular, boldPath: nil)
        #expect(font.layout("Axis", pixelSize: 13, weight: .bold) == font.layout("Axis", pixelSize: 13))
    }

    @Test func boldDiffersFromRegular() {
        let regular = sharedFont.layout("Title", pixelSize: 16)
        let bold = sharedFont.layout("Title", pixelSize: 16, weight: .bold)
        #expect(regular != bold)
        #expect(bold.advance >= regular.advance)
    }
}
