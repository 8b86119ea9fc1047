/// What a cacheable layer draws, as a value: two layers with equal keys (at the same frame size)
/// draw the same pixels. A shader that is `Equatable` is its own key; its values must include
/// everything its pixels depend on.
public struct LayerKey: Sendable, Equatable {
    private let value: any Sendable
    private let matches: @Sendable (any Sendable) -> Bool

    public init<Key: Equatable & Sendable>(_ key: Key) {
        value = key
        matches = { other in (other as? Key) == key }
    }

    public static func == (a: LayerKey, b: LayerKey) -> Bool { a.matches(b.value) }
}
