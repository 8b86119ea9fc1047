import Glibc

/// Reading a `.npy` file from disk straight into its Doubles: the header first, then the data a
/// chunk at a time through one small buffer, converted as it arrives. The file's bytes never sit
/// in fresh memory of their own: for a 4096 × 4096 float32 grid those 64 MB of page faults and
/// the copy into them were a third of the load. (The Doubles stay in ordinary pages: asking for
/// 2 MB pages made the median faster but some loads 5× slower, the kernel zeroing pages the
/// host had never backed.)
extension NPYReader {
    /// Bytes read at a time: a multiple of both element sizes, small enough to stay in cache.
    static let chunkBytes = 1 << 20

    /// The array in the file at `path`; `file` names it in errors, `field` the scenario field
    /// that named it.
    public static func read(path: String, file: String, field: String) throws(GridError) -> NumericArray {
        try GridFile.checkExists(path, field: field)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(path, field: field) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unreadable(path, field: field) }
        let fileSize = Int(info.st_size)
        var prefix = [UInt8](repeating: 0, count: min(fileSize, 12 + maximumHeaderBytes))
        let prefixRead = prefix.withUnsafeMutableBytes { readFully(fd, into: $0, at: 0) }
        guard prefixRead >= 0 else { throw unreadable(path, field: field) }
        let layout = try prefix.withUnsafeBytes { bytes in
            Result { () throws(GridError) -> Layout in try self.layout(UnsafeRawBufferPointer(rebasing: bytes[0..<prefixRead]), fileSize: fileSize, file: file) }
        }.get()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkBytes, alignment: 64)
        defer { chunk.deallocate() }
        var failure: GridError?
        let values = [Double](unsafeUninitializedCapacity: layout.count) { buffer, initialized in
            guard let out = buffer.baseAddress else { return }
            let total = layout.count * layout.size
            var done = 0
            while done < total {
                let want = min(chunkBytes, total - done)
                let got = readFully(fd, into: UnsafeMutableRawBufferPointer(rebasing: chunk[0..<want]), at: layout.dataStart + done)
                guard got == want else {
                    failure = got < 0 ? unreadable(path, field: field)
                        : GridError(source: file, location: "data", message: "ended after \(layout.dataStart + done + got) bytes while it was read (it needs \(layout.dataStart + total)); the file was truncated or is being rewritten — read it again once it is complete")
                    return
                }
                let elements = want / layout.size
                convert(UnsafeRawBufferPointer(rebasing: chunk[0..<want]), into: out + initialized, count: elements,
                        size: layout.size, bigEndian: layout.bigEndian)
                initialized += elements
                done += want
            }
        }
        if let failure { throw failure }
        return array(values, layout)
    }

    /// Reads `buffer.count` bytes at `offset`, or fewer where the file ends; -1 on an error.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return -1 }
            if n == 0 { break }
            done += n
        }
        return done
    }

    private static func unreadable(_ path: String, field: String) -> GridError {
        GridError(source: field, message: "names \(path), which cannot be read (\(String(cString: strerror(errno)))); check its permissions")
    }
}
