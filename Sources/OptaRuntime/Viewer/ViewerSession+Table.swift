import OptaA11y
import OptaCore
import OptaScene

extension ViewerSession {
    /// What T says: the focused path's table (the first path's when focus is elsewhere), row by row.
    func tableText(focused: AccessibilityNode?, _ renderState: RenderState) -> String {
        let name = focused.flatMap { FocusTarget.pathName(of: $0.id) }
        let tables = (try? DataTable.tables(for: renderState, pathNames: name.map { [$0] } ?? [])) ?? []
        guard let table = tables.first else { return "no table: this frame has no paths or nodes" }
        return table.spoken
    }
}
