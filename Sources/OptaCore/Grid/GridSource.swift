/// Where a grid's samples came from, for titles, the accessibility tree and error messages.
public struct GridSource: Sendable, Equatable {
    /// The file as the user named it, or nil for inline values.
    public var file: String?
    /// The HDF5 dataset or the format's word for the array ("array" for .npy, "matrix" for CSV).
    public var dataset: String?
    /// The file format: "npy", "csv", "hdf5" or "inline".
    public var format: String
    /// True when neither the file nor the scenario gave coordinates or a domain, so the samples sit
    /// at 0, 1, 2, … (`opta render loss.npy --domain …` then places them over the domain).
    public var indexCoordinates: Bool

    public init(file: String?, dataset: String?, format: String, indexCoordinates: Bool = false) {
        self.file = file
        self.dataset = dataset
        self.format = format
        self.indexCoordinates = indexCoordinates
    }

    /// "train_loss from surface.h5", "loss.npy", "inline values".
    public var name: String {
        let fileName = file.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        switch (dataset, fileName) {
        case (let d?, let f?) where format == "hdf5": return "\(d) from \(f)"
        case (_, let f?): return f
        default: return "inline values"
        }
    }
}
