import Foundation
import OptaSupport

/// Reading HDF5 needs libhdf5, which only the `OptaHDF5` module links (one owner per C library).
/// OptaCore reads scenarios, so the reader comes in through this seam: the opta tool (and tests)
/// install `OptaHDF5`'s reader once at start; without one, HDF5 files get a clear error.
public protocol HDF5Reading: Sendable {
    /// The 2-D dataset `dataset` as a table, with the 1-D coordinate datasets `xDataset` and
    /// `yDataset` when the file has them (their absence is not an error; a wrong shape is).
    func readGrid(_ data: Data, file: String, dataset: String, xDataset: String, yDataset: String) -> Result<GridTable, GridError>
    /// The named datasets; a missing one is an error listing the datasets present.
    func readArrays(_ data: Data, file: String, names: [String]) -> Result<[NumericArray], GridError>
    /// Whether the file has a dataset of that name (to recognize layouts).
    func hasDataset(_ data: Data, file: String, name: String) -> Bool
}

/// Where the installed HDF5 reader lives.
public enum HDF5Support {
    private static let installed = Locked<(any HDF5Reading)?>(nil)

    /// Makes `reader` the one scenarios use for `.h5` files.
    public static func install(_ reader: any HDF5Reading) {
        installed.withLock { $0 = reader }
    }

    /// The installed reader, or an error that says what is missing.
    public static func reader(file: String) throws(GridError) -> any HDF5Reading {
        guard let reader = installed.withLock({ $0 }) else {
            throw GridError(source: file, message: "is an HDF5 file, and this program was built without Opta's HDF5 reader; use the opta tool, or save the grid as .npy")
        }
        return reader
    }

    /// True for names ending in .h5, .hdf5 or .hdf.
    public static func isHDF5(_ file: String) -> Bool {
        let lower = file.lowercased()
        return lower.hasSuffix(".h5") || lower.hasSuffix(".hdf5") || lower.hasSuffix(".hdf")
    }
}
