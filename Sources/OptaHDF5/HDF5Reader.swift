import CHDF5
import Foundation
import OptaCore
import OptaSupport

/// Opta's HDF5 reader (libhdf5's C API): grids such as Li et al.'s `train_loss` with
/// `xcoordinates`/`ycoordinates`, and 1-D arrays such as `proj_xcoord`/`proj_ycoord`.
/// Install it with `HDF5Reader.install()` before loading scenarios.
public struct HDF5Reader: HDF5Reading {
    public init() {}

    /// Makes this reader the one scenarios use.
    public static func install() { HDF5Support.install(HDF5Reader()) }

    public func readGrid(_ data: Data, file: String, dataset: String, xDataset: String, yDataset: String) -> Result<GridTable, GridError> {
        HDF5Library.withFile(data, name: file) { (f: HDF5File) throws(GridError) -> GridTable in
            var table = try GridTable.from(try f.read(dataset), source: file, location: "dataset \(dataset)")
            for (axis, name) in [("x", xDataset), ("y", yDataset)] where f.has(name) {
                let c = try f.read(name)
                guard c.shape.count == 1 else {
                    throw GridError(source: file, location: "dataset \(name)", message: "has shape \(c.shapeText); \(axis) coordinates must be 1-D")
                }
                if axis == "x" { table.x = c.values } else { table.y = c.values }
            }
            return table
        }
    }

    public func readArrays(_ data: Data, file: String, names: [String]) -> Result<[NumericArray], GridError> {
        HDF5Library.withFile(data, name: file) { (f: HDF5File) throws(GridError) -> [NumericArray] in
            var out: [NumericArray] = []
            for name in names { out.append(try f.read(name)) }
            return out
        }
    }

    public func hasDataset(_ data: Data, file: String, name: String) -> Bool {
        (try? HDF5Library.withFile(data, name: file) { (f: HDF5File) throws(GridError) -> Bool in f.has(name) }.get()) ?? false
    }
}

/// libhdf5 as Debian builds it is not thread-safe: every call goes through one lock.
enum HDF5Library {
    static let lock = Locked<Bool>(false)

    static func withFile<T: Sendable>(_ data: Data, name: String, _ body: (HDF5File) throws(GridError) -> T) -> Result<T, GridError> {
        lock.withLock { (quieted: inout Bool) -> Result<T, GridError> in
            if !quieted { opta_h5_quiet(); quieted = true }
            return Result(catching: { () throws(GridError) -> T in
                let file = try HDF5File.open(data, name: name)
                defer { file.close() }
                return try body(file)
            })
        }
    }
}
