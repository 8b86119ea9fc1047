/// A font tried for characters the UI font lacks (Noto Sans CJK, Noto Color Emoji), with its bold
/// face when there is one.
public struct FontFallback: Sendable, Equatable {
    public let regularPath: String
    /// Bold text uses the regular face when nil.
    public let boldPath: String?

    public init(regularPath: String, boldPath: String? = nil) {
        self.regularPath = regularPath
        self.boldPath = boldPath
    }

    /// Where Debian installs the fallbacks (`fonts-noto-cjk`, `fonts-noto-color-emoji`), in the
    /// order they are tried: CJK before emoji, so a character both cover (a few symbols) keeps the
    /// text style.
    public static let debianDefaults: [FontFallback] = [
        FontFallback(regularPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                     boldPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
        FontFallback(regularPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    ]
}
