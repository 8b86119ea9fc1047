import Foundation

/// Reading the bytes of a user's file, with errors that say which file and what went wrong.
public enum GridFile {
    /// The contents of `path` (memory-mapped when the system allows: a 64 MB grid is not copied).
    /// `field` is the scenario field that named it.
    public static func data(_ path: String, field: String) throws(GridError) -> Data {
        try checkExists(path, field: field)
        do { return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw GridError(source: field, message: "names \(path), which cannot be read (\(error.localizedDescription)); check its permissions")
        }
    }

    /// Fails, naming `field`, unless `path` is a file that exists.
    static func checkExists(_ path: String, field: String) throws(GridError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw GridError(source: field, message: "names \(path), which does not exist; check the path (relative paths start at the scenario's folder)")
        }
        guard !isFolder.boolValue else {
            throw GridError(source: field, message: "names \(path), which is a folder; name the file")
        }
    }

    /// The format a file name implies: "npy", "hdf5", "csv", or nil.
    public static func format(of path: String) -> String? {
        let lower = path.lowercased()
        if lower.hasSuffix(".npy") { return "npy" }
        if HDF5Support.isHDF5(lower) { return "hdf5" }
        if lower.hasSuffix(".csv") || lower.hasSuffix(".txt") || lower.hasSuffix(".tsv") || lower.hasSuffix(".dat") { return "csv" }
        return nil
    }
}
