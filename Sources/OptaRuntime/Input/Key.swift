/// The keys the viewer responds to; the shell drops every other key.
public enum Key: Sendable, Equatable, Hashable, CaseIterable {
    case left, right, up, down
    case plus, minus
    case r, space, n, c, h, s
    case tab, q, escape
}
