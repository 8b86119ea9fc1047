/// Where sound goes to be played: interleaved stereo float samples (−1…1) in, played in order.
/// SDL's audio device in the viewer, a recording fake in tests. Every method may be called from
/// any thread and returns at once.
public protocol AudioQueue: AnyObject, Sendable {
    /// Frames (left and right samples) per second.
    var sampleRate: Int { get }
    /// Appends samples to what plays.
    func enqueue(_ samples: [Float])
    /// Drops everything not yet played.
    func clear()
    /// Seconds of sound queued and not yet played.
    var queuedSeconds: Double { get }
}
