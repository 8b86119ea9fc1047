import Foundation

/// A recorded session: actions with the frame at which each applies, stored as JSON Lines
/// (`{"frame": 12, "action": {"type": "zoom", "factor": 1.25, "about": [0.5, 0.5]}}` per line).
public struct Trace: Sendable, Equatable {
    /// One recorded action.
    public struct Entry: Sendable, Equatable {
        public let frame: Int
        public let action: Action
        public init(frame: Int, action: Action) {
            self.frame = frame
            self.action = action
        }
    }

    /// Entries in frame order (actions of one frame keep their recorded order).
    public private(set) var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }.map(\.element)
    }

    public mutating func append(frame: Int, _ action: Action) {
        entries.append(Entry(frame: frame, action: action))
        if entries.count > 1 && entries[entries.count - 2].frame > frame { self = Trace(entries) }
    }

    /// Reads a trace file; errors name the file and line.
    public static func load(path: String) throws(ScenarioError) -> Trace {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(path: path, message: "does not exist or cannot be read")
        }
        return try parse(String(decoding: data, as: UTF8.self), source: path)
    }

    /// Parses JSON Lines; blank lines are skipped.
    public static func parse(_ text: String, source: String) throws(ScenarioError) -> Trace {
        var entries: [Entry] = []
        for (n, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let location = "\(source):\(n + 1)"
            let object = try JSONObjectReader(JSONValue.parse(Data(trimmed.utf8), source: location), path: location)
            try object.rejectUnknownKeys(["frame", "action"])
            guard let frame = try object.integer("frame", in: 0...Int(Int32.max)) else {
                throw ScenarioError(path: object.pathOf("frame"), message: "is missing; give the frame the action applies at")
            }
            guard let action = object.value("action") else {
                throw ScenarioError(path: object.pathOf("action"), message: "is missing")
            }
            entries.append(Entry(frame: frame, action: try Action(json: JSONObjectReader(action, path: object.pathOf("action")))))
        }
        return Trace(entries)
    }

    /// The trace as JSON Lines.
    public var jsonLines: String {
        entries.map { "{\"frame\": \($0.frame), \"action\": \($0.action.json)}\n" }.joined()
    }
}
