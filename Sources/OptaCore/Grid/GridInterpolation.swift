/// How a grid landscape is read between its samples. Heatmap, contours, 3D surface and solvers all
/// use the same interpolant, so contour lines sit exactly where the colours change.
public enum GridInterpolation: String, Sendable, CaseIterable {
    /// Piecewise cubic Hermite (PCHIP, Fritsch–Butland slopes): C¹, and monotone along every grid
    /// line, so contours never show rings that overshoot the data. The default.
    case cubic
    /// Bilinear: continuous, with a gradient that jumps at cell edges.
    case linear
    /// The nearest sample: cells as flat steps. Its gradient is zero, so it draws no contour lines
    /// and gradient solvers do not move on it.
    case nearest
}
