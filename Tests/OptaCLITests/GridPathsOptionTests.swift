import Foundation
import OptaImage
import Testing

/// `--paths FILE…`: a grid file and a logged run from tools' files in one command.
@Suite struct GridPathsOptionTests {
    static let fixtures = OptaProcess.packageRoot.appendingPathComponent("Tests/Fixtures/grids").path

    @Test func aNpyGridWithAPathFileDrawsThePath() throws {
        let folder = temporaryFolder()
        let grid = "\(Self.fixtures)/bowl-f8.npy", path = "\(Self.fixtures)/path-n3.npy"
        let bare = try OptaProcess.run(["render", grid, "--domain", "-1,1,-1,1", "-o", "\(folder)/bare.png", "--width", "320", "--height", "240"])
        let withPath = try OptaProcess.run(["render", grid, "--domain", "-1,1,-1,1", "--paths", path,
                                            "-o", "\(folder)/path.png", "--width", "320", "--height", "240"])
        #expect(bare.status == 0 && withPath.status == 0, "\(bare.stderr) \(withPath.stderr)")
        let a = try PNGReader.read(path: "\(folder)/bare.png"), b = try PNGReader.read(path: "\(folder)/path.png")
        #expect(a.bytes != b.bytes, "the logged path is drawn")
        let surface = try OptaProcess.run(["render", grid, "--domain", "-1,1,-1,1", "--paths", path, "--view", "3d",
                                           "-o", "\(folder)/surface.png", "--width", "320", "--height", "240"])
        #expect(surface.status == 0, "\(surface.stderr)")
    }

    @Test func aPathOffAGridWithoutCoordinatesIsExplained() throws {
        let folder = temporaryFolder()
        // bowl-f8.npy has no coordinates: without --domain it spans 0…30 × 0…20, and this path lies left of it.
        let path = "\(folder)/run.csv"
        try "x,y\n-0.8,-0.5\n-0.4,-0.2\n-0.1,-0.05\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try OptaProcess.run(["render", "\(Self.fixtures)/bowl-f8.npy", "--paths", path,
                                          "-o", "\(folder)/x.png", "--width", "320", "--height", "240"])
        let placed = try OptaProcess.run(["render", "\(Self.fixtures)/bowl-f8.npy", "--domain", "-1,1,-1,1", "--paths", path,
                                          "-o", "\(folder)/y.png", "--width", "320", "--height", "240"])
        #expect(result.status == 0 && placed.status == 0)
        #expect(result.stderr.contains("wholly outside") && result.stderr.contains("--domain"), "\(result.stderr)")
        #expect(!placed.stderr.contains("wholly outside"), "\(placed.stderr)")
    }

    @Test func aMissingPathFileNamesTheOption() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", "\(Self.fixtures)/bowl-f8.npy", "--paths", "\(folder)/none.npy", "-o", "\(folder)/x.png"])
        #expect(result.status != 0 && result.stderr.contains("--paths") && result.stderr.contains("none.npy"), "\(result.stderr)")
    }
}
