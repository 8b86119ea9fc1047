/// The keys the viewer responds to; the shell drops every other key.
public enum Key: Sendable, Equatable, Hashable, CaseIterable {
    case left, right, up, down
    case plus, minus
    case r, space, n, c, h, s
    case tab, q, escape
    /// Jump keys: the x axis, the y axis, the legend, the colour bar, the focused path's start and
    /// end, its lowest and highest f ([ and ]); T reads the focused path's table, A plays its audio graph.
    case x, y, l, b, home, end, leftBracket, rightBracket, t, a
}
