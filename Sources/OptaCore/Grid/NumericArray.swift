/// An n-dimensional array of numbers read from a file, in C order (last index fastest), as
/// Double — what the grid and path readers hand on. `shape.reduce(1, *) == values.count`.
public struct NumericArray: Sendable, Equatable {
    public var shape: [Int]
    public var values: [Double]
    /// The element type as the file stated it, e.g. "<f4", for messages.
    public var dtype: String

    public init(shape: [Int], values: [Double], dtype: String) {
        self.shape = shape
        self.values = values
        self.dtype = dtype
    }

    /// "(51, 51)", as numpy prints shapes.
    public var shapeText: String {
        shape.count == 1 ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
    }
}
