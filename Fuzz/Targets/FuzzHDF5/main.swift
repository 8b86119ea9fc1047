import Foundation
import FuzzSupport
import OptaCore
import OptaHDF5

/// libFuzzer target: HDF5 files from memory (libhdf5's file-image driver) through Opta's reader:
/// Li et al.'s grid layout, the projected trajectory, then a grid landscape of what is accepted.
func fuzzHDF5(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let data = Data(input)
    let reader = HDF5Reader()
    _ = reader.readArrays(data, file: "fuzz.h5", names: ["proj_xcoord", "proj_ycoord"])
    guard let table = try? reader.readGrid(data, file: "fuzz.h5", dataset: "train_loss",
                                           xDataset: "xcoordinates", yDataset: "ycoordinates").get() else { return 0 }
    FuzzGrid.exercise(table)
    return 0
}

runFuzzer { data, count in fuzzHDF5(fuzzInput(data, count)) }
