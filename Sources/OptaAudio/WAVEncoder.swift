import CSndFile

/// Encodes interleaved float samples as a 16-bit PCM WAV file in memory, through libsndfile's
/// virtual I/O (so the caller writes the bytes atomically, and a failure leaves no file).
public enum WAVEncoder {
    /// The WAV bytes of `samples` (interleaved, `channels` per frame, −1…1).
    public static func encode(_ samples: [Float], channels: Int = 2, sampleRate: Int = 44_100) throws(AudioError) -> [UInt8] {
        guard channels > 0, samples.count % channels == 0, sampleRate > 0 else {
            throw AudioError("cannot encode \(samples.count) samples as \(channels) channels at \(sampleRate) Hz")
        }
        let buffer = MemoryFile()
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        var io = SF_VIRTUAL_IO(
            get_filelen: { user in MemoryFile.from(user).length },
            seek: { offset, whence, user in MemoryFile.from(user).seek(offset, whence) },
            read: { pointer, count, user in MemoryFile.from(user).read(pointer, count) },
            write: { pointer, count, user in MemoryFile.from(user).write(pointer, count) },
            tell: { user in MemoryFile.from(user).position })
        let user = Unmanaged.passUnretained(buffer).toOpaque()
        guard let file = sf_open_virtual(&io, Int32(SFM_WRITE), &info, user) else {
            throw AudioError("libsndfile cannot open a WAV writer: \(String(cString: sf_strerror(nil)))")
        }
        let frames = samples.count / channels
        let written = samples.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
        let closed = sf_close(file)
        guard written == frames, closed == 0 else {
            throw AudioError("libsndfile wrote \(written) of \(frames) frames")
        }
        return withExtendedLifetime(buffer) { buffer.bytes }
    }
}

/// A growable byte buffer libsndfile writes into (seekable: it rewrites the header at the end).
/// Used by one encoder call on one thread only.
private final class MemoryFile {
    var bytes: [UInt8] = []
    var position: sf_count_t = 0

    static func from(_ user: UnsafeMutableRawPointer?) -> MemoryFile {
        Unmanaged<MemoryFile>.fromOpaque(user!).takeUnretainedValue()
    }

    var length: sf_count_t { sf_count_t(bytes.count) }

    func seek(_ offset: sf_count_t, _ whence: Int32) -> sf_count_t {
        let base: sf_count_t = switch whence {
        case SEEK_CUR: position
        case SEEK_END: length
        default: 0
        }
        position = max(0, base + offset)
        return position
    }

    func read(_ pointer: UnsafeMutableRawPointer?, _ count: sf_count_t) -> sf_count_t {
        guard let pointer, position < length else { return 0 }
        let n = min(count, length - position)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress! + Int(position), byteCount: Int(n)) }
        position += n
        return n
    }

    func write(_ pointer: UnsafeRawPointer?, _ count: sf_count_t) -> sf_count_t {
        guard let pointer, count > 0 else { return 0 }
        let end = Int(position + count)
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { ($0.baseAddress! + Int(position)).copyMemory(from: pointer, byteCount: Int(count)) }
        position += count
        return count
    }
}

/// An audio graph that could not be made into sound.
public struct AudioError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
