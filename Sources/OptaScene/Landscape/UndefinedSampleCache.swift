import OptaCore
import OptaSupport

/// The `UndefinedSample`s a session's landscape figures took, by shown domain, so that a figure
/// built every frame does not evaluate f 1,024 times each frame: the sample depends on the
/// objective and the domain alone, and a session's objective is fixed (as its `homeRange` is).
/// Keeps the last few domains (a still camera, or the panels of one frame, each with its own);
/// the lock lets figures drawn on several threads share it.
final class UndefinedSampleCache: Sendable {
    /// Domains kept: more than the panels a frame has in practice.
    static let capacity = 8

    private let kept = Locked<[(domain: Domain, sample: UndefinedSample?)]>([])

    /// The sample of `objective` over `domain`: the kept one for this domain, else taken now.
    func sample(_ objective: Objective, _ domain: Domain) -> UndefinedSample? {
        if let hit = kept.withLock({ $0.first { $0.domain == domain } }) { return hit.sample }
        let sample = UndefinedSample(objective, domain)
        kept.withLock { entries in
            entries.append((domain, sample))
            if entries.count > Self.capacity { entries.removeFirst() }
        }
        return sample
    }
}
