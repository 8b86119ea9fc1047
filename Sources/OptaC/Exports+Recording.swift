import Foundation
import OptaCore

// The recording half of opta.h: logged runs (a training loop's steps) kept in the run store.

/// The recorder behind a handle, or an argument failure for NULL. The handle holds one retain of
/// a `LibraryRecorder` (taken by `opta_recorder_open`, given back by `opta_recorder_close`).
func recorder(_ handle: OpaquePointer?) throws(ABIFailure) -> LibraryRecorder {
    guard let handle else { throw .argument("recorder is NULL") }
    return Unmanaged<LibraryRecorder>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

@_cdecl("opta_recorder_open")
public func optaRecorderOpen(_ storePath: UnsafePointer<CChar>?, _ scenarioJSON: UnsafePointer<CChar>?,
                             _ baseFolder: UnsafePointer<CChar>?, _ label: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: ErrorOut) -> Int32 {
    out?.pointee = nil
    return reporting(error) { () throws(ABIFailure) in
        guard let out else { throw .argument("out (where the recorder goes) is NULL") }
        let json = try CString.read(scenarioJSON, "scenario_json")
        let store = storePath == nil ? nil : try CString.read(storePath, "store_path")
        if store?.isEmpty == true { throw .argument("store_path is empty; give a file, or NULL for the default store") }
        let folder = baseFolder == nil ? "." : try CString.read(baseFolder, "base_folder")
        let text = label == nil ? nil : try CString.read(label, "label")
        let created = try LibraryRecorder(storePath: store, scenarioJSON: json, baseFolder: folder, label: text)
        out.pointee = OpaquePointer(Unmanaged.passRetained(created).toOpaque())
    }
}

@_cdecl("opta_recorder_log")
public func optaRecorderLog(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ step: Int64,
                            _ x: Double, _ y: Double, _ f: Double, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try recorder(handle)
        let name = try CString.read(path, "path")
        guard let step = Int(exactly: step) else { throw .argument("step \(step) is out of range") }
        try target.log(path: name, step: step, x: x, y: y, f: f)
    }
}

@_cdecl("opta_recorder_close")
public func optaRecorderClose(_ handle: OpaquePointer?, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        guard let handle else { return }
        let owned = Unmanaged<LibraryRecorder>.fromOpaque(UnsafeRawPointer(handle))
        defer { owned.release() }
        try owned.takeUnretainedValue().close()
    }
}
