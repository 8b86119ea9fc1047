import CHDF5
import Foundation
import OptaCore

/// An HDF5 file opened from bytes in memory (libhdf5's core driver with a file image), so reading
/// is a function of the bytes like the other readers. Only used under `HDF5Library.lock`.
///
/// Invariant: `file` is a valid open file id until `close()`.
struct HDF5File {
    let file: hid_t
    let name: String

    /// Opens `data`; `name` is the user's file name for errors.
    static func open(_ data: Data, name: String) throws(GridError) -> HDF5File {
        let signature: [UInt8] = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]  // \x89HDF\r\n\x1a\n
        guard data.count >= 8, data.prefix(8).elementsEqual(signature) else {
            throw GridError(source: name, message: "is not an HDF5 file (no \\x89HDF signature at its start); save it with h5py, or use .npy")
        }
        let fapl = H5Pcreate(opta_h5p_file_access())
        defer { H5Pclose(fapl) }
        H5Pset_fapl_core(fapl, 1 << 16, false)
        let status = data.withUnsafeBytes { raw in H5Pset_file_image(fapl, UnsafeMutableRawPointer(mutating: raw.baseAddress), raw.count) }
        guard status >= 0 else { throw GridError(source: name, message: "cannot be handed to libhdf5 (\(data.count) bytes)") }
        // The name only identifies the image in memory (a real path could make libhdf5 look at the disk).
        let file = H5Fopen("opta-hdf5-image", opta_h5f_acc_rdonly(), fapl)
        guard file >= 0 else {
            throw GridError(source: name, message: "cannot be opened by libhdf5; the file is damaged or truncated — check it with h5dump -H")
        }
        return HDF5File(file: file, name: name)
    }

    func close() { H5Fclose(file) }

    /// The names of the root group's members, sorted.
    func names() -> [String] {
        var info = H5G_info_t()
        guard H5Gget_info(file, &info) >= 0 else { return [] }
        var out: [String] = []
        for k in 0..<min(info.nlinks, 10_000) {
            let length = H5Lget_name_by_idx(file, ".", H5_INDEX_NAME, H5_ITER_INC, k, nil, 0, opta_h5p_default())
            guard length > 0, length < 4096 else { continue }
            var buffer = [CChar](repeating: 0, count: length + 1)
            H5Lget_name_by_idx(file, ".", H5_INDEX_NAME, H5_ITER_INC, k, &buffer, length + 1, opta_h5p_default())
            out.append(String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return out.sorted()
    }

    func has(_ dataset: String) -> Bool {
        !dataset.isEmpty && !dataset.contains("/") && H5Lexists(file, dataset, opta_h5p_default()) > 0
    }

    /// The dataset as Doubles (floats and integers are converted by libhdf5); missing datasets
    /// are an error listing the ones present.
    func read(_ dataset: String) throws(GridError) -> NumericArray {
        guard has(dataset) else {
            let present = names()
            throw GridError(source: name, location: "dataset \(dataset)",
                            message: "does not exist; the file has " + (present.isEmpty ? "no datasets" : present.joined(separator: ", "))
                                + " — name one with \"dataset\"")
        }
        let id = H5Dopen2(file, dataset, opta_h5p_default())
        guard id >= 0 else {
            throw GridError(source: name, location: "dataset \(dataset)",
                            message: "cannot be opened as a dataset: it is a group, or its header is damaged; name a dataset, or check the file with h5dump -H")
        }
        defer { H5Dclose(id) }
        let type = H5Dget_type(id)
        defer { H5Tclose(type) }
        let typeClass = H5Tget_class(type)
        guard typeClass == H5T_FLOAT || typeClass == H5T_INTEGER else {
            throw GridError(source: name, location: "dataset \(dataset)", message: "does not hold numbers (HDF5 type class \(typeClass.rawValue)); save it as float64")
        }
        let space = H5Dget_space(id)
        defer { H5Sclose(space) }
        let rank = Int(H5Sget_simple_extent_ndims(space))
        guard (0...8).contains(rank) else { throw GridError(source: name, location: "dataset \(dataset)", message: "has rank \(rank); Opta reads up to 8") }
        var dims = [hsize_t](repeating: 0, count: max(rank, 1))
        H5Sget_simple_extent_dims(space, &dims, nil)
        var count = 1
        for d in dims.prefix(rank) {
            // Each side on its own too: a side of 0 would let a huge one through the product.
            let (product, overflow) = count.multipliedReportingOverflow(by: Int(clamping: d))
            guard !overflow, product <= GridLandscape.maximumCells, d <= hsize_t(GridLandscape.maximumCells) else {
                throw GridError(source: name, location: "dataset \(dataset)",
                                message: "has shape \(dims.prefix(rank).map(String.init)), more than Opta's limit of \(GridLandscape.maximumCells) numbers; subsample it")
            }
            count = product
        }
        var values = [Double](repeating: .nan, count: count)
        if count > 0 {
            let status = values.withUnsafeMutableBytes { H5Dread(id, opta_h5t_native_double(), opta_h5s_all(), opta_h5s_all(), opta_h5p_default(), $0.baseAddress) }
            guard status >= 0 else {
                throw GridError(source: name, location: "dataset \(dataset)", message: "cannot be read; the file is damaged or truncated")
            }
        }
        return NumericArray(shape: dims.prefix(rank).map { Int(clamping: $0) }, values: values, dtype: typeClass == H5T_FLOAT ? "float" : "integer")
    }
}
