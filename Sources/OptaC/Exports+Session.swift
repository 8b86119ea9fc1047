import Foundation
import OptaCore

// The session half of opta.h: create, free, dispatch, step, solve, append to a path, version.
// Every function checks its pointers and sizes, then runs inside `reporting`, so a caller's mistake
// is a status and a message, never a trap.

/// The library version `opta_version` returns, as a NUL-terminated string in static memory.
let libraryVersion: StaticString = "0.1.0"

/// The session behind a handle, or an argument failure for NULL. The handle holds one retain of
/// a `LibrarySession` (taken by `opta_session_create`, given back by `opta_session_free`).
func session(_ handle: OpaquePointer?) throws(ABIFailure) -> LibrarySession {
    guard let handle else { throw .argument("session is NULL") }
    return Unmanaged<LibrarySession>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

@_cdecl("opta_version")
public func optaVersion() -> UnsafePointer<CChar> {
    UnsafeRawPointer(libraryVersion.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("opta_session_create")
public func optaSessionCreate(_ scenarioJSON: UnsafePointer<CChar>?, _ baseFolder: UnsafePointer<CChar>?,
                              _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: ErrorOut) -> Int32 {
    out?.pointee = nil
    return reporting(error) { () throws(ABIFailure) in
        guard let out else { throw .argument("out (where the session goes) is NULL") }
        let json = try CString.read(scenarioJSON, "scenario_json")
        let folder = baseFolder == nil ? "." : try CString.read(baseFolder, "base_folder")
        let created = try LibrarySession(scenarioJSON: json, baseFolder: folder)
        out.pointee = OpaquePointer(Unmanaged.passRetained(created).toOpaque())
    }
}

@_cdecl("opta_session_free")
public func optaSessionFree(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<LibrarySession>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("opta_dispatch")
public func optaDispatch(_ handle: OpaquePointer?, _ actionJSON: UnsafePointer<CChar>?, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        let text = try CString.read(actionJSON, "action_json")
        let action: Action
        do {
            action = try Action(json: JSONObjectReader(JSONValue.parse(Data(text.utf8), source: "action"), path: "action"))
        } catch {
            throw .data("\(error)")
        }
        target.core.withLock { $0.session.apply(action) }
    }
}

/// The most frames one `opta_step` call advances (a bound, so a wrong count cannot hang the host).
let maximumStepFrames: Int64 = 1_000_000

@_cdecl("opta_step")
public func optaStep(_ handle: OpaquePointer?, _ frames: Int64, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        guard (0...maximumStepFrames).contains(frames) else {
            throw .argument("frames must be from 0 to \(maximumStepFrames), got \(frames)")
        }
        target.core.withLock { core in
            for _ in 0..<frames { core.session.advanceFrame() }
        }
    }
}

@_cdecl("opta_solve")
public func optaSolve(_ handle: OpaquePointer?, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        target.core.withLock { $0.session.runToCompletion() }
    }
}

/// The most points one `opta_append_path` call takes (a bound on the memory one call may claim).
let maximumAppendCount = 10_000_000

@_cdecl("opta_append_path")
public func optaAppendPath(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ xy: UnsafePointer<Double>?,
                           _ count: Int, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        let pathName = try CString.read(name, "name")
        guard !pathName.isEmpty else { throw .argument("name is empty; give the path a name") }
        guard (0...maximumAppendCount).contains(count) else {
            throw .argument("count must be from 0 to \(maximumAppendCount), got \(count)")
        }
        guard count > 0 else { return }
        guard let xy else { throw .argument("xy is NULL") }
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(count)
        for i in 0..<count {
            let point = SIMD2(xy[2 * i], xy[2 * i + 1])
            guard point.x.isFinite, point.y.isFinite else {
                throw .data("point \(i) of path \"\(pathName)\" is (\(point.x), \(point.y)); x and y must be finite numbers")
            }
            points.append(point)
        }
        target.core.withLock { $0.session.appendPathPoints(points, toPath: pathName) }
    }
}

@_cdecl("opta_string_free")
public func optaStringFree(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

@_cdecl("opta_bytes_free")
public func optaBytesFree(_ bytes: UnsafeMutablePointer<UInt8>?) {
    free(bytes)
}
