import Foundation
import OptaA11y
import Testing

/// The tree itself: lookup, hit-testing, diffs and JSON, on hand-made trees.
@Suite struct A11yTreeTests {
    static func tree(frame: Int, solverValue: String) -> AccessibilityTree {
        let solver = AccessibilityNode(id: "solver/A", role: .status, name: "A", value: solverValue,
                                       bounds: AccessibilityBounds(x: 40, y: 40, width: 10, height: 10))
        let plot = AccessibilityNode(id: "plot", role: .chart, name: "plot",
                                     bounds: AccessibilityBounds(x: 10, y: 10, width: 80, height: 80), children: [solver])
        return AccessibilityTree(frame: frame, root: AccessibilityNode(
            id: "document", role: .graphicsDocument, name: "doc", bounds: AccessibilityBounds(x: 0, y: 0, width: 100, height: 100),
            children: [plot]))
    }

    @Test func lookupAndDepthFirstOrder() {
        let t = Self.tree(frame: 1, solverValue: "a")
        #expect(t.allNodes.map(\.id) == ["document", "plot", "solver/A"])
        #expect(t.node(id: "plot")?.role == .chart)
        #expect(t.node(id: "nope") == nil)
    }

    @Test func hitTestFindsTheDeepestNode() {
        let t = Self.tree(frame: 1, solverValue: "a")
        #expect(t.hitTest(x: 45, y: 45)?.id == "solver/A")
        #expect(t.hitTest(x: 20, y: 20)?.id == "plot")
        #expect(t.hitTest(x: 5, y: 5)?.id == "document")
        #expect(t.hitTest(x: 150, y: 5) == nil)
    }

    @Test func diffListsOnlyWhatChanged() {
        let a = Self.tree(frame: 1, solverValue: "a"), b = Self.tree(frame: 2, solverValue: "b")
        let update = AccessibilityUpdate.diff(from: a, to: b)
        #expect(update.frame == 2)
        #expect(update.changed.map(\.id) == ["solver/A"])
        #expect(update.added.isEmpty && update.removed.isEmpty)
        #expect(AccessibilityUpdate.diff(from: a, to: a).isEmpty)
        let bare = AccessibilityTree(frame: 3, root: AccessibilityNode(id: "document", role: .graphicsDocument, name: "doc",
                                                                       bounds: AccessibilityBounds(x: 0, y: 0, width: 100, height: 100)))
        let shrink = AccessibilityUpdate.diff(from: a, to: bare)
        #expect(shrink.removed == ["plot", "solver/A"])
        #expect(AccessibilityUpdate.diff(from: bare, to: a).added.map(\.id) == ["plot", "solver/A"])
    }

    @Test func jsonHasSortedKeysAndRoundTrips() throws {
        let t = Self.tree(frame: 7, solverValue: "a")
        let data = try t.jsonData(pretty: false)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\"frame\":7,\"root\":{\"bounds\":"))
        #expect(!text.contains("\"attributes\":{}"))
        #expect(try JSONDecoder().decode(AccessibilityTree.self, from: data) == t)
        #expect(t.outline.contains("  chart plot \"plot\" [10, 10, 80×80]"))
    }
}
