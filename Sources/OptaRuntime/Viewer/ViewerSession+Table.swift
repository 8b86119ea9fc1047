import OptaCore
import OptaScene

extension ViewerSession {
    /// What T says: the table of the focused item's path `path` (the first path's when focus is
    /// elsewhere), row by row.
    func tableText(path: String?, _ renderState: RenderState) -> String {
        let tables = (try? DataTable.tables(for: renderState, pathNames: path.map { [$0] } ?? [])) ?? []
        guard let table = tables.first else { return "no table: this frame has no paths or nodes" }
        return table.spoken
    }
}
