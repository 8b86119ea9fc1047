/// A `Duration` as the numbers clocks, reports and Dispatch timeouts want.
extension Duration {
    /// This duration in seconds, as a `Double`.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    /// This duration in whole nanoseconds (rounded toward zero, clamped to `Int`), for
    /// `DispatchTime.now() + .nanoseconds(…)` timeouts.
    public var wholeNanoseconds: Int {
        let nanoseconds = Int128(components.seconds) * 1_000_000_000 + Int128(components.attoseconds / 1_000_000_000)
        return Int(clamping: nanoseconds)
    }
}
