/// A walk over a PNG's chunk headers before libpng sees the data: libpng allocates (and clears)
/// as many bytes as a chunk's length field says before it finds the data is not there, so a
/// 60-byte file claiming a 1.9 GB text chunk took seconds and 1.9 GB. In memory, every length can
/// be checked against the bytes that follow.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why `data` cannot be a whole PNG (a chunk running past the end), or nil when every chunk
    /// up to IEND (or the end of the data) fits. The signature itself is libpng's to judge.
    static func problem(_ data: UnsafeRawBufferPointer) -> String? {
        guard data.count >= 8, data.prefix(8).elementsEqual(signature) else { return nil }
        var offset = 8
        while data.count - offset >= 8 {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            let type = String(decoding: data[(offset + 4)..<(offset + 8)].map { $0 < 0x20 || $0 > 0x7E ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
            let left = data.count - offset - 12
            guard length <= left else {
                return "chunk \(type) at byte \(offset) says it holds \(length) bytes, but only \(max(left, 0)) follow"
            }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }
}
