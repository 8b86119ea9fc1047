#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C strings in and out of the library. Strings out are `malloc`ed copies the caller frees with
/// `opta_string_free` (which calls `free`), so the allocator is always the C one.
enum CString {
    /// A copy of `text` with a trailing NUL; nil only if memory ran out.
    static func copy(_ text: String) -> UnsafeMutablePointer<CChar>? {
        var text = text
        return text.withUTF8 { utf8 in
            guard let out = malloc(utf8.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
            if let base = utf8.baseAddress {
                memcpy(out, base, utf8.count)
            }
            out[utf8.count] = 0
            return out
        }
    }

    /// The UTF-8 text at `pointer`, or an argument failure naming `what` when it is NULL.
    static func read(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(ABIFailure) -> String {
        guard let pointer else { throw .argument("\(what) is NULL") }
        // Invalid UTF-8 is repaired (U+FFFD), so any bytes read safely; validation then names the field.
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }
}
