import CFreeType
import OptaSupport

/// Owns one `FT_Library` instance.
///
/// Not Sendable: FreeType handles are not thread-safe. `FontLibrary` keeps this
/// (through `TextLayoutEngine`) inside a `Locked` (a mutex), so it is only touched by one thread at a time.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(FontError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FontError(kind: .freeTypeInit(error), path: "")
        }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
