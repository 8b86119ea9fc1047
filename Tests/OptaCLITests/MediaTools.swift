import Foundation
import Testing

/// ffprobe and ffmpeg for checking Opta's videos. `make test` installs them (Debian's ffmpeg), so
/// a missing tool is a failure, not a skip.
enum MediaTools {
    struct Missing: Error, CustomStringConvertible {
        let tool: String
        var description: String { "\(tool) is not installed: run `make deps` (Debian package ffmpeg)" }
    }

    static func path(of tool: String) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Missing(tool: tool)
    }

    /// Runs a tool, returning its standard output (raw) and failing the test on a non-zero exit.
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(of: tool))
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments): \(String(decoding: errors, as: UTF8.self))")
        return data
    }

    /// The first video stream's codec, size, pixel format and decoded frame count.
    static func probe(_ file: String) throws -> [String: String] {
        let text = String(decoding: try run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                        "-show_entries", "stream=codec_name,width,height,pix_fmt,nb_read_frames",
                                                        "-of", "default=noprint_wrappers=1", file]), as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// Decoded frame `index` as RGBA bytes of its coded size (`width`×`height`).
    static func frame(_ file: String, index: Int, width: Int, height: Int) throws -> [UInt8] {
        let bytes = [UInt8](try run("ffmpeg", ["-v", "error", "-i", file, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                               "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]))
        #expect(bytes.count == width * height * 4, "decoded frame \(index) has \(bytes.count) bytes")
        return bytes
    }

    /// Mean absolute difference of R, G and B over the `width`×`height` top-left corner of two
    /// RGBA images with row lengths `strideA` and `strideB` pixels.
    static func meanError(_ a: [UInt8], strideA: Int, _ b: [UInt8], strideB: Int, width: Int, height: Int) -> Double {
        var sum = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * strideA + x) * 4, j = (y * strideB + x) * 4
                guard i + 2 < a.count, j + 2 < b.count else { return .infinity }
                for c in 0..<3 { sum += abs(Int(a[i + c]) - Int(b[j + c])) }
            }
        }
        return Double(sum) / Double(width * height * 3)
    }

    /// Mean absolute difference of R, G and B between `decoded` and each of two same-sized RGBA
    /// images, over only the pixels where those two differ: which of them `decoded` shows.
    static func errorWhereTheyDiffer(_ decoded: [UInt8], _ a: [UInt8], _ b: [UInt8]) -> (a: Double, b: Double) {
        var sumA = 0, sumB = 0, pixels = 0
        for i in stride(from: 0, to: min(decoded.count, a.count, b.count) - 3, by: 4)
        where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] {
            pixels += 1
            for c in 0..<3 {
                sumA += abs(Int(decoded[i + c]) - Int(a[i + c]))
                sumB += abs(Int(decoded[i + c]) - Int(b[i + c]))
            }
        }
        guard pixels > 0 else { return (.infinity, .infinity) }
        return (Double(sumA) / Double(pixels * 3), Double(sumB) / Double(pixels * 3))
    }
}

/// The direct children of process `pid` (from /proc).
func childProcesses(of pid: Int32) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task -> [Int32] in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

/// `pid`'s name, scheduler state (R, S, D, Z…) and what its threads wait for in the kernel, for a
/// test's failure message; "gone" when there is no such process.
func processState(_ pid: Int32) -> String {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return "gone" }
    let name = stat[stat.index(after: open)..<close]
    let state = stat[stat.index(close, offsetBy: 2)]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    let waits = tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/wchan", encoding: .utf8) }
    return "(\(name)) state \(state), threads waiting in \(Set(waits).sorted().joined(separator: "/"))"
}

/// The live processes of process group `group` (a child Opta started leads a group of its own).
func liveProcesses(inGroup group: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        // After ") ": state, ppid, pgrp.
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 2 && Int32(fields[2]) == group && isRunning(pid)
    }
}

/// The processes of `group` still alive once those SIGKILLed have had up to `patience` seconds
/// to die: the signal is delivered when the kernel next runs them, which on a busy machine can be
/// after their killer has exited. A process nobody killed outlives the wait.
func processesOutliving(group: Int32, patience: TimeInterval = 5) -> [Int32] {
    let deadline = Date().addingTimeInterval(patience)
    while true {
        let live = liveProcesses(inGroup: group)
        if live.isEmpty || Date() > deadline { return live }
        usleep(10_000)
    }
}

/// Whether `pid` is a live process (neither gone nor a zombie waiting to be reaped).
func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
}
