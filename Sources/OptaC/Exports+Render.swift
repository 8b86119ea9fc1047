import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene

// The drawing half of opta.h: frames into caller memory, PNG files and bytes, the accessibility
// tree, the state as JSON.

/// A frame size from the caller: 0 (or both 0) means the scenario's own size.
func frameSize(_ width: Int32, _ height: Int32) throws(ABIFailure) -> (width: Int?, height: Int?) {
    let limit = Framebuffer.maximumDimension
    for (name, value) in [("width", width), ("height", height)] where value != 0 && !(1...Int32(limit)).contains(value) {
        throw .argument("\(name) must be from 1 to \(limit) (or 0 for the scenario's), got \(value)")
    }
    return (width == 0 ? nil : Int(width), height == 0 ? nil : Int(height))
}

/// Render threads: 0 is one per core; otherwise 1 to 256.
func threadCount(_ threads: Int32) throws(ABIFailure) -> Int {
    guard (0...256).contains(threads) else { throw .argument("threads must be from 0 (one per core) to 256, got \(threads)") }
    return threads == 0 ? max(1, ProcessInfo.processInfo.activeProcessorCount) : Int(threads)
}

/// Draws the session's current frame into a straight-alpha image (what PNG files hold).
func renderImage(_ target: LibrarySession, width: Int?, height: Int?, threads: Int) throws(ABIFailure) -> RGBAImage {
    try target.withFrame(width: width, height: height, threads: threads) { (framebuffer) throws(ABIFailure) in
        RGBAImage(width: framebuffer.width, height: framebuffer.height, bytes: framebuffer.straightRGBA())
    }
}

@_cdecl("opta_render_rgba")
public func optaRenderRGBA(_ handle: OpaquePointer?, _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int32, _ height: Int32,
                           _ stride: Int, _ threads: Int32, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        guard let pixels else { throw .argument("pixels is NULL") }
        guard width != 0, height != 0 else { throw .argument("width and height must be from 1 to \(Framebuffer.maximumDimension), got \(width)×\(height)") }
        let size = try frameSize(width, height)
        let w = Int(width), h = Int(height)
        guard stride >= 4 * w else { throw .argument("stride must be at least 4 × width = \(4 * w) bytes, got \(stride)") }
        // The last row starts at (h − 1) × stride: that offset must be a valid pointer offset.
        guard !stride.multipliedReportingOverflow(by: h).overflow else {
            throw .argument("stride × height overflows: stride \(stride), height \(h)")
        }
        let count = try threadCount(threads)
        // Drawn in place when the rows hold whole aligned pixels (as numpy's arrays do); else copied.
        let aligned = Int(bitPattern: pixels) % 4 == 0 && stride % 4 == 0 && UInt32(littleEndian: 1) == 1
        if aligned { return try target.drawStraight(width: w, height: h, threads: count, into: pixels, bytesPerRow: stride) }
        try target.withFrame(width: size.width, height: size.height, threads: count) { (framebuffer) throws(ABIFailure) in
            // Figures draw at the size asked for; checked, so the copy never writes past the caller's rows.
            guard framebuffer.width == w, framebuffer.height == h else {
                throw .argument("the frame came out \(framebuffer.width)×\(framebuffer.height), not \(w)×\(h)")
            }
            StraightRows.copy(framebuffer, into: UnsafeMutableRawPointer(pixels), stride: stride)
        }
    }
}

@_cdecl("opta_render_png_file")
public func optaRenderPNGFile(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ width: Int32, _ height: Int32,
                              _ threads: Int32, _ error: ErrorOut) -> Int32 {
    reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        let file = try CString.read(path, "path")
        let size = try frameSize(width, height)
        let count = try threadCount(threads)
        do { try PNGWriter.checkDestination(file) } catch { throw .io("\(error)") }
        let image = try renderImage(target, width: size.width, height: size.height, threads: count)
        do { try PNGWriter.write(image, to: file) } catch { throw .io("cannot write \(error)") }
    }
}

@_cdecl("opta_render_png")
public func optaRenderPNG(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32, _ threads: Int32,
                          _ outBytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outCount: UnsafeMutablePointer<Int>?,
                          _ error: ErrorOut) -> Int32 {
    outBytes?.pointee = nil
    outCount?.pointee = 0
    return reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        guard let outBytes, let outCount else { throw .argument("out_bytes and out_count must not be NULL") }
        let size = try frameSize(width, height)
        let image = try renderImage(target, width: size.width, height: size.height, threads: try threadCount(threads))
        let png: [UInt8]
        do { png = try PNGWriter.encode(image) } catch { throw .io("\(error)") }
        guard let copy = malloc(max(png.count, 1))?.assumingMemoryBound(to: UInt8.self) else {
            throw .io("out of memory for \(png.count) bytes of PNG")
        }
        png.withUnsafeBufferPointer { if let base = $0.baseAddress { memcpy(copy, base, png.count) } }
        outBytes.pointee = copy
        outCount.pointee = png.count
    }
}

@_cdecl("opta_tree")
public func optaTree(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32,
                     _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: ErrorOut) -> Int32 {
    outJSON?.pointee = nil
    return reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        guard let outJSON else { throw .argument("out_json is NULL") }
        let size = try frameSize(width, height)
        let (state, figure) = target.snapshot(width: size.width, height: size.height)
        let data: Data
        do { data = try figure.accessibilityTree(for: state).jsonData() } catch { throw .data("\(error)") }
        outJSON.pointee = CString.copy(String(decoding: data, as: UTF8.self))
    }
}

@_cdecl("opta_state")
public func optaState(_ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ error: ErrorOut) -> Int32 {
    outJSON?.pointee = nil
    return reporting(error) { () throws(ABIFailure) in
        let target = try session(handle)
        guard let outJSON else { throw .argument("out_json is NULL") }
        let (state, render) = target.core.withLock { ($0.session.state, $0.session.renderState) }
        outJSON.pointee = CString.copy(StateJSON.text(state, render))
    }
}
