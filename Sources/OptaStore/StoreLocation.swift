import Foundation

/// Where the run store lives: `--store PATH`, else `$XDG_DATA_HOME/opta/runs.sqlite`, else
/// `~/.local/share/opta/runs.sqlite`.
public enum StoreLocation {
    /// The store file for `explicit` (the `--store` value) in `environment`.
    public static func path(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit { return explicit }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/opta/runs.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/opta/runs.sqlite"
    }
}
