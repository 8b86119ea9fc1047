import OptaText

/// One font library shared by the tests (FontLibrary is Sendable and thread-safe).
let sharedFont: FontLibrary = {
    do { return try FontLibrary.loadDefault() } catch { fatalError("\(error)") }
}()

extension GlyphMask {
    /// Sum of all coverage values.
    var totalCoverage: Int { coverage.reduce(0) { $0 + Int($1) } }
}
