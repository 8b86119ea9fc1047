import ArgumentParser
import Foundation
import OptaCore
import OptaRuntime

/// `opta view --follow FILE|-`: a reader thread tails a JSON Lines log while the window is open
/// and sends its points to the viewer's store as actions; each path grows as lines arrive.
extension ViewCommand {
    /// What --follow needs before anything opens: a file in an existing folder (the file itself
    /// may appear later), or `-`.
    static func checkFollow(_ argument: String) throws {
        guard case .file(let path) = FollowReader.Source(argument: argument) else { return }
        guard !path.isEmpty else { throw ValidationError("--follow needs a file path, or - for standard input") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("--follow \(path) is a folder; give the JSON Lines file your run writes, e.g. --follow \(path)/run.jsonl")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw ValidationError("--follow \(path): the folder \(folder) does not exist; create it, or follow a file in an existing folder")
        }
    }

    /// The reader for `--follow`, sending into `feed` and recording each followed path as a run
    /// through `keeper`'s writer (none with `--no-record`); its problems go to standard error.
    static func followReader(_ argument: String, feed: ActionFeed, keeper: ViewerStateKeeper?, scenario: Scenario) -> FollowReader {
        let source = FollowReader.Source(argument: argument)
        var recorder: FollowedRunRecorder?
        if let keeper, let writer = keeper.recorder {
            recorder = FollowedRunRecorder(writer: writer, identity: keeper.identity, scenario: scenario, source: source)
        }
        return FollowReader(source: source, feed: feed, recorder: recorder) { line in
            FileHandle.standardError.write(Data("opta: \(line)\n".utf8))
        }
    }

    /// The session's statistics JSON with what was followed added: `followed_points` and
    /// `followed_paths` as the viewer held them when it closed.
    static func statistics(_ json: String, followed: [PathSpec]) -> String {
        guard json.hasSuffix("}") else { return json }
        let points = followed.reduce(0) { $0 + $1.points.count }
        return String(json.dropLast()) + ", \"followed_points\": \(points), \"followed_paths\": \(followed.count)}"
    }
}
