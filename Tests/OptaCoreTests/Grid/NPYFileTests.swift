import Foundation
import Testing
@testable import OptaCore

/// `.npy` files read from disk a chunk at a time, against the same bytes read in memory.
@Suite("Grid .npy files read from disk")
struct NPYFileTests {
    /// A float32 .npy of `rows × columns` (more than one read chunk when large), as numpy writes it.
    static func npy(rows: Int, columns: Int, bigEndian: Bool = false) -> Data {
        var header = "{'descr': '\(bigEndian ? ">" : "<")f4', 'fortran_order': False, 'shape': (\(rows), \(columns)), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        var data = Data([0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count & 0xff), UInt8(header.utf8.count >> 8)])
        data.append(Data(header.utf8))
        var bits = (0..<(rows * columns)).map { k -> UInt32 in
            let v: Float = k % 997 == 5 ? .nan : Float(k % 1013) * 0.25 - Float(k / columns)
            return bigEndian ? v.bitPattern.bigEndian : v.bitPattern.littleEndian
        }
        bits.withUnsafeMutableBytes { data.append(contentsOf: $0) }
        return data
    }

    static func file(_ data: Data, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "opta-npy-\(getpid())-\(name)"
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a grid larger than the read chunk, either byte order, and the fixtures read as from memory")
    func sameAsInMemory() throws {
        for bigEndian in [false, true] {
            let data = Self.npy(rows: 700, columns: 523, bigEndian: bigEndian)
            #expect(data.count > NPYReader.chunkBytes)
            let path = try Self.file(data, "large.npy")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let fromFile = try NPYReader.read(path: path, file: "large.npy", field: "grid.file")
            let fromMemory = try NPYReader.read(data, file: "large.npy").get()
            #expect(fromFile.shape == [700, 523])
            #expect(fromFile.values.count == fromMemory.values.count)
            #expect(zip(fromFile.values, fromMemory.values).allSatisfy { $0.bitPattern == $1.bitPattern })
        }
        for name in ["bowl-f8.npy", "bowl-f4-fortran-be.npy"] {
            let fromFile = try NPYReader.read(path: GridFixtures.path(name), file: name, field: "grid.file")
            let fromMemory = try NPYReader.read(try GridFixtures.data(name), file: name).get()
            #expect(fromFile.shape == fromMemory.shape && fromFile.dtype == fromMemory.dtype)
            #expect(zip(fromFile.values, fromMemory.values).allSatisfy { $0.bitPattern == $1.bitPattern }, "\(name)")
        }
    }

    @Test("missing, truncated and foreign files get the same errors as before")
    func errors() throws {
        func message(_ path: String) -> String {
            do { _ = try NPYReader.read(path: path, file: (path as NSString).lastPathComponent, field: "landscape.grid.file"); return "accepted" } catch {
                return error.description
            }
        }
        let missing = message("/nonexistent/loss.npy")
        #expect(missing.contains("landscape.grid.file") && missing.contains("does not exist"), "\(missing)")
        #expect(message(GridFixtures.path("truncated.npy")).contains("truncated"))
        #expect(message(GridFixtures.path("bowl-int64.npy")).contains("astype"))
        #expect(message(GridFixtures.path("bowl-header.csv")).contains("not a .npy file"))
        // Cut in the middle of the data: the header's size is checked against the file's.
        let cut = Self.npy(rows: 700, columns: 523).prefix(900_000)
        let path = try Self.file(Data(cut), "cut.npy")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = message(path)
        #expect(text.contains("cut.npy, data") && text.contains("truncated"), "\(text)")
    }

    @Test("the lowest and highest finite sample and the undefined count, at any length and position")
    func finiteExtremes() throws {
        var rng = SystemRandomNumberGenerator()
        for count in [1, 3, 4, 5, 17, 1000] {
            var values = (0..<count).map { _ in Double.random(in: -5...5, using: &rng) }
            for k in stride(from: count / 3, to: count, by: 7) { values[k] = [Double.nan, .infinity, -.infinity][k % 3] }
            let (lo, hi, undefined) = GridLandscape.finiteExtremes(values)
            let finite = values.filter(\.isFinite)
            #expect(lo == (finite.min() ?? .infinity) && hi == (finite.max() ?? -.infinity), "\(count)")
            #expect(undefined == count - finite.count)
        }
        // Only ±∞: no finite sample, so the grid is refused rather than taking +∞ as its lowest.
        #expect(throws: GridError.self) {
            try GridLandscape.make(values: [.infinity, .infinity, -.infinity, .nan], rows: 2, columns: 2, x: [0, 1], y: [0, 1],
                                   interpolation: .cubic, source: GridSource(file: nil, dataset: nil, format: "inline"))
        }
    }
}
