/// Conversions from floating point to integers that never trap: `Int(x)` traps on NaN, infinity
/// and values beyond `Int`'s range, which user data (a huge domain, a far pan) can produce.
extension Int {
    /// The bound of `init(saturating:)`: 2⁵³, beyond which doubles are not all integers anyway. Far
    /// enough from `Int.max` that pixel arithmetic on the result (adding a width) cannot overflow.
    public static let saturationBound = 1 << 53

    /// `value` rounded toward zero and clamped to ±2⁵³ (`saturationBound`); NaN gives 0.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else {
            let bound = Double(Int.saturationBound)
            self = Int(Swift.min(Swift.max(value, -bound), bound))
        }
    }

    /// The same for `Float`.
    @inlinable
    public init(saturating value: Float) {
        self.init(saturating: Double(value))
    }
}
