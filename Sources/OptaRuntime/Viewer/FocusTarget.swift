import OptaA11y

/// Where a focus key moves the accessibility focus: the next or previous item in reading order
/// (Tab, Shift-Tab), or as Olli's structure navigation, the axes, the legend, the colour bar, or
/// the focused path's start, end, lowest or highest f.
public enum FocusTarget: Sendable, Equatable {
    case next, previous
    case xAxis, yAxis, legend, colorBar
    case pathStart, pathEnd, pathLowest, pathHighest

    /// The node the target names in `tree`, given the node focused now; nil when the frame has no
    /// such item (a graph has no axes, a scene may hide its legend).
    public func node(in tree: AccessibilityTree, from focused: AccessibilityNode?) -> AccessibilityNode? {
        let nodes = FocusRing.focusable(tree)
        switch self {
        case .next, .previous:
            guard !nodes.isEmpty else { return nil }
            guard let here = focused.flatMap({ f in nodes.firstIndex { $0.id == f.id } }) else { return nodes[0] }
            let i = here + (self == .next ? 1 : -1)
            return nodes[(i + nodes.count) % nodes.count]
        case .xAxis: return nodes.first { Self.id($0.id, is: "axis/x") }
        case .yAxis: return nodes.first { Self.id($0.id, is: "axis/y") }
        case .legend: return nodes.first { Self.id($0.id, is: "legend") }
        case .colorBar: return nodes.first { Self.id($0.id, is: "colorbar") }
        case .pathStart, .pathEnd, .pathLowest, .pathHighest:
            let leaf = switch self {
            case .pathStart: "start"
            case .pathEnd: "end"
            case .pathLowest: "lowest"
            default: "highest"
            }
            let path = focused.flatMap { Self.pathName(of: $0.id) }
            return nodes.first { node in
                guard Self.id(node.id, endsWith: leaf), let name = Self.pathName(of: node.id) else { return false }
                return path == nil || name == path
            }
        }
    }

    /// The path a node belongs to (`…path/NAME/…`, `…solver/NAME`, `…series/NAME…`), if any.
    public static func pathName(of id: String) -> String? {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let i = parts.firstIndex(where: { $0 == "path" || $0 == "solver" || $0 == "series" }), i + 1 < parts.count else {
            return nil
        }
        return parts[i + 1]
    }

    /// Whether `id` is `name` or ends in `/name` (panels prefix their ids).
    static func id(_ id: String, is name: String) -> Bool { id == name || id.hasSuffix("/" + name) }

    static func id(_ id: String, endsWith leaf: String) -> Bool { id.hasSuffix("/" + leaf) }
}
