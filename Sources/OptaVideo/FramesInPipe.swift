import OptaRaster

/// The frames whose pixels ffmpeg's pipe holds by reference (see `FFmpegChild.handByReference`),
/// oldest first, each with the pipe position where its bytes end.
///
/// Invariant: a frame leaves only once ffmpeg has read past its end (`read(unread:)`), so no one
/// draws into pixels the pipe still points at; the frames left at the end must be kept until
/// ffmpeg has exited.
struct FramesInPipe {
    private var frames: [(frame: Framebuffer, end: Int)] = []
    /// Bytes given to the pipe so far, copied or by reference.
    private var given = 0

    /// Counts `count` bytes written into the pipe as a copy.
    mutating func copied(_ count: Int) {
        given += count
    }

    /// Keeps `frame`, whose `count` bytes the pipe now holds by reference.
    mutating func handed(_ frame: consuming Framebuffer, count: Int) {
        given += count
        frames.append((frame, given))
    }

    /// Takes out the frames ffmpeg has read all of, given that `unread` bytes wait in the pipe.
    mutating func read(unread: Int) -> [Framebuffer] {
        let readUpTo = given - unread
        let done = frames.prefix { $0.end <= readUpTo }.count
        guard done > 0 else { return [] }
        let taken = frames[..<done].map(\.frame)
        frames.removeFirst(done)
        return taken
    }

    /// Takes out every frame (only once ffmpeg no longer reads the pipe, or the pixels stay alive).
    mutating func removeAll() -> [Framebuffer] {
        defer { frames.removeAll() }
        return frames.map(\.frame)
    }
}
