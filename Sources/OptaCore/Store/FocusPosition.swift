/// Which accessibility item has the keyboard focus: the item `offset` places after `anchor` in the
/// frame's reading order (wrapping), or after the first item when there is no anchor.
///
/// The viewer puts focus on a node by its id (offset 0): ids are the same from frame to frame, so
/// focus stays on the same item while solvers step and paths grow. Traces made before focus had ids
/// say "the item at index N" (no anchor, offset N) and replay as they always did.
public struct FocusPosition: Sendable, Equatable {
    /// The id of the node focus was put on; nil counts from the first item.
    public var anchor: String?
    /// Places after the anchor in reading order.
    public var offset: Int

    public init(anchor: String? = nil, offset: Int = 0) {
        self.anchor = anchor
        self.offset = offset
    }

    /// Focus on the node with this id.
    public static func node(_ id: String) -> FocusPosition { FocusPosition(anchor: id) }

    /// Focus on the item at this place in the reading order.
    public static func index(_ index: Int) -> FocusPosition { FocusPosition(offset: index) }
}
