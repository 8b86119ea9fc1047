import OptaA11y

/// Where a jump key moves the accessibility focus (as Olli's structure navigation): the axes, the
/// legend, the colour bar, or the focused path's start or end.
public enum FocusTarget: Sendable, Equatable {
    case xAxis, yAxis, legend, colorBar
    case pathStart, pathEnd

    /// The focus index (into `FocusRing.focusable`) of the target, given the node focused now; nil
    /// when the frame has no such item (a graph has no axes, a scene may hide its legend).
    public func index(in tree: AccessibilityTree, from focused: AccessibilityNode?) -> Int? {
        let nodes = FocusRing.focusable(tree)
        switch self {
        case .xAxis: return nodes.firstIndex { Self.id($0.id, is: "axis/x") }
        case .yAxis: return nodes.firstIndex { Self.id($0.id, is: "axis/y") }
        case .legend: return nodes.firstIndex { Self.id($0.id, is: "legend") }
        case .colorBar: return nodes.firstIndex { Self.id($0.id, is: "colorbar") }
        case .pathStart, .pathEnd:
            let leaf = self == .pathStart ? "start" : "end"
            let path = focused.flatMap { Self.pathName(of: $0.id) }
            return nodes.firstIndex { node in
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
