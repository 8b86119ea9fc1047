/// Lane `k` of a struct of lane rows in memory, read and written one scalar at a time by the
/// name of its row: `lane[\.edge0.stepX]`.
///
/// A lane row is a `SIMD8` of 4-byte scalars (`Int32`, `UInt32`, `Float`), so lane k of a row
/// lies 4·k bytes past the row's start. Key-path offsets fold to constants: each access is one
/// scalar load or store. (A lane read by indexing a vector loads the whole row; one written that
/// way reloads the row right after the store, a stall per lane.)
struct RowLane<Rows> {
    private let base: UnsafeMutableRawPointer

    /// Lane `k` (0…7) of the rows at `rows`.
    @inline(__always)
    init(_ rows: UnsafeMutablePointer<Rows>, lane k: Int) {
        base = UnsafeMutableRawPointer(rows) + k &* 4
    }

    @inline(__always)
    subscript<Scalar: SIMDScalar>(_ row: WritableKeyPath<Rows, SIMD8<Scalar>>) -> Scalar {
        get { base.load(fromByteOffset: MemoryLayout<Rows>.offset(of: row)!, as: Scalar.self) }
        nonmutating set { base.storeBytes(of: newValue, toByteOffset: MemoryLayout<Rows>.offset(of: row)!, as: Scalar.self) }
    }
}

extension UnsafeMutablePointer {
    /// The lanes of the vector `row` of the value here, as scalars: lane k is element k.
    @inline(__always)
    func scalars<Row: SIMD>(of row: WritableKeyPath<Pointee, Row>) -> UnsafeMutablePointer<Row.Scalar> {
        UnsafeMutableRawPointer(pointer(to: row)!).assumingMemoryBound(to: Row.Scalar.self)
    }
}
