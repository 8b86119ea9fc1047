import Foundation

/// Reads numpy's `.npy` files (NEP 1, versions 1–3): float32 or float64, C or Fortran order,
/// little- or big-endian, any rank. A pure function of the bytes, so it can be fuzzed.
///
/// Nothing in the header is trusted: the header length is checked against the file size and
/// `maximumHeaderBytes`, the shape's product against `GridLandscape.maximumCells` (without
/// overflow) and against the bytes actually present, before anything is allocated.
public enum NPYReader {
    /// The largest header Opta reads (numpy itself writes a few hundred bytes).
    public static let maximumHeaderBytes = 65_536

    /// The array in `data`; `file` names it in errors.
    public static func read(_ data: Data, file: String) -> Result<NumericArray, GridError> {
        data.withUnsafeBytes { raw in
            Result(catching: { () throws(GridError) -> NumericArray in try read(raw, file: file) })
        }
    }

    /// What a header says about the data after it, checked against `fileSize`, the bytes of the
    /// whole file (`bytes` may be only its beginning, as long as it holds the header).
    struct Layout {
        let shape: [Int]
        let descr: String
        /// Bytes per element, 4 or 8.
        let size: Int
        let bigEndian, fortran: Bool
        /// Where the data starts in the file, and how many elements it holds.
        let dataStart, count: Int
    }

    static func layout(_ bytes: UnsafeRawBufferPointer, fileSize: Int, file: String) throws(GridError) -> Layout {
        func fail(_ location: String?, _ message: String) -> GridError {
            GridError(source: file, location: location, message: message)
        }
        let magic: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]  // \x93NUMPY
        guard bytes.count >= 10, Array(bytes[0..<6]) == magic else {
            throw fail(nil, "is not a .npy file (it does not start with \\x93NUMPY); save the array with numpy.save")
        }
        let major = bytes[6]
        let headerStart: Int, headerLength: Int
        switch major {
        case 1:
            headerStart = 10
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
        case 2, 3:
            guard bytes.count >= 12 else { throw fail("header", "is cut off after \(bytes.count) bytes; the file is truncated") }
            headerStart = 12
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
        default:
            throw fail("header", "has format version \(major).\(bytes[7]); Opta reads versions 1, 2 and 3 — save it again with a current numpy")
        }
        guard headerLength <= maximumHeaderBytes else {
            throw fail("header", "says its header is \(headerLength) bytes, more than the \(maximumHeaderBytes) Opta accepts; the file is damaged or not from numpy")
        }
        guard headerStart + headerLength <= bytes.count else {
            throw fail("header", "says its header is \(headerLength) bytes but the file has only \(bytes.count - headerStart) after the preamble; the file is truncated")
        }
        let header = String(decoding: bytes[headerStart..<(headerStart + headerLength)], as: UTF8.self)
        guard let descr = NPYHeader.string(header, key: "descr") else {
            throw fail("header", "has no 'descr' entry (\(header.prefix(80))); the file is damaged")
        }
        let fortran = NPYHeader.bool(header, key: "fortran_order") ?? false
        guard let shape = NPYHeader.shape(header) else {
            throw fail("header", "has no readable 'shape' entry (\(header.prefix(80))); the file is damaged")
        }
        // Element type: float32/float64 in either byte order.
        guard descr.count == 3, let order = descr.first, "<>=|".contains(order),
              descr.dropFirst().first == "f", let size = Int(descr.suffix(1)), size == 4 || size == 8 else {
            throw fail("header", "has dtype '\(descr)' (\(NPYHeader.dtypeName(descr))); Opta reads float32 or float64 — save arr.astype(numpy.float64)")
        }
        let bigEndian = order == ">"
        var count = 1
        for n in shape {
            let (product, overflow) = count.multipliedReportingOverflow(by: n)
            // Each side on its own too: a side of 0 would let a huge one through the product.
            guard n >= 0, n <= GridLandscape.maximumCells, !overflow, product <= GridLandscape.maximumCells else {
                throw fail("header", "has shape \(NumericArray(shape: shape, values: [], dtype: descr).shapeText), more than Opta's limit of \(GridLandscape.maximumCells) numbers; subsample the array")
            }
            count = product
        }
        let dataStart = headerStart + headerLength
        let available = fileSize - dataStart
        guard available >= count * size else {
            throw fail("data", "has shape \(NumericArray(shape: shape, values: [], dtype: descr).shapeText) of \(descr), which needs \(count * size) bytes, but only \(available) follow the header; the file is truncated")
        }
        return Layout(shape: shape, descr: descr, size: size, bigEndian: bigEndian, fortran: fortran, dataStart: dataStart, count: count)
    }

    static func read(_ bytes: UnsafeRawBufferPointer, file: String) throws(GridError) -> NumericArray {
        let layout = try layout(bytes, fileSize: bytes.count, file: file)
        let source = UnsafeRawBufferPointer(rebasing: bytes[layout.dataStart..<(layout.dataStart + layout.count * layout.size)])
        let values = [Double](unsafeUninitializedCapacity: layout.count) { buffer, initialized in
            convert(source, into: buffer.baseAddress!, count: layout.count, size: layout.size, bigEndian: layout.bigEndian)
            initialized = layout.count
        }
        return array(values, layout)
    }

    /// The values in C order, with the header's shape and dtype.
    static func array(_ values: [Double], _ layout: Layout) -> NumericArray {
        NumericArray(shape: layout.shape, values: layout.fortran && layout.shape.count >= 2 ? toCOrder(values, shape: layout.shape) : values,
                     dtype: layout.descr)
    }

    /// Float32/Float64 elements in either byte order to Double. Unaligned loads: numpy aligns its
    /// data to 16 or 64 bytes but a memory-mapped or sliced `Data` need not be.
    static func convert(_ source: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<Double>, count: Int, size: Int, bigEndian: Bool) {
        switch (size, bigEndian) {
        case (4, false):
            for k in 0..<count { out[k] = Double(Float(bitPattern: UInt32(littleEndian: source.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self)))) }
        case (4, true):
            for k in 0..<count { out[k] = Double(Float(bitPattern: UInt32(bigEndian: source.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self)))) }
        case (_, false):
            for k in 0..<count { out[k] = Double(bitPattern: UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self))) }
        default:
            for k in 0..<count { out[k] = Double(bitPattern: UInt64(bigEndian: source.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self))) }
        }
    }

    /// Fortran (first index fastest) to C order (last index fastest), any rank.
    static func toCOrder(_ values: [Double], shape: [Int]) -> [Double] {
        guard values.count > 1 else { return values }
        if shape.count == 2 {
            let rows = shape[0], columns = shape[1]
            var out = [Double](repeating: 0, count: values.count)
            for r in 0..<rows { for c in 0..<columns { out[r * columns + c] = values[c * rows + r] } }
            return out
        }
        // General rank: walk C order, compute the Fortran offset.
        var out = [Double](repeating: 0, count: values.count)
        var index = [Int](repeating: 0, count: shape.count)
        for k in 0..<values.count {
            var offset = 0, stride = 1
            for d in 0..<shape.count { offset += index[d] * stride; stride *= shape[d] }
            out[k] = values[offset]
            var d = shape.count - 1
            while d >= 0 { index[d] += 1; if index[d] < shape[d] { break }; index[d] = 0; d -= 1 }
        }
        return out
    }
}

/// The few things Opta reads from a `.npy` header, a Python dict literal such as
/// `{'descr': '<f8', 'fortran_order': False, 'shape': (51, 51), }`.
enum NPYHeader {
    /// The quoted string after `'key':`.
    static func string(_ header: String, key: String) -> String? {
        guard let after = value(header, key: key), let quote = after.first, quote == "'" || quote == "\"" else { return nil }
        let body = after.dropFirst()
        guard let end = body.firstIndex(of: quote) else { return nil }
        return String(body[..<end])
    }

    static func bool(_ header: String, key: String) -> Bool? {
        guard let after = value(header, key: key) else { return nil }
        if after.hasPrefix("True") { return true }
        if after.hasPrefix("False") { return false }
        return nil
    }

    /// The shape tuple: `()` is a scalar (shape []), `(5,)` and `(3, 4)` as expected.
    static func shape(_ header: String) -> [Int]? {
        guard let after = value(header, key: "shape"), after.first == "(", let close = after.firstIndex(of: ")") else { return nil }
        let inner = after[after.index(after: after.startIndex)..<close]
        var dims: [Int] = []
        for part in inner.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "L", with: "")
            guard !text.isEmpty else { continue }
            guard let n = Int(text), n >= 0 else { return nil }
            dims.append(n)
        }
        return dims
    }

    /// The text after `'key':`, leading spaces dropped.
    static func value(_ header: String, key: String) -> Substring? {
        for quote in ["'", "\""] {
            if let range = header.range(of: "\(quote)\(key)\(quote)") {
                var rest = header[range.upperBound...].drop { $0 == " " }
                guard rest.first == ":" else { continue }
                rest = rest.dropFirst().drop { $0 == " " }
                return rest
            }
        }
        return nil
    }

    /// A numpy dtype in words, for the error about unsupported ones.
    static func dtypeName(_ descr: String) -> String {
        let kind = descr.dropFirst().first
        // Any size a header claims, in bits without overflow (a fuzzed '<f000…0001714078542645606578').
        guard let bytes = Int(descr.dropFirst(2)), bytes > 0, bytes <= 64 else {
            return kind.map { "dtype kind '\($0)' with an item size Opta does not know" } ?? "an empty dtype"
        }
        let size = bytes
        switch kind {
        case "i": return "\(size * 8)-bit integers"
        case "u": return "\(size * 8)-bit unsigned integers"
        case "f": return "\(size * 8)-bit floats"
        case "c": return "complex numbers"
        case "b": return "booleans"
        case "U", "S": return "strings"
        case "O": return "Python objects"
        default: return "not a number type Opta knows"
        }
    }
}
