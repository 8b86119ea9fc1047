/// Opta's documented limits (docs/limits.md), in one place. Each is checked before the work or
/// allocation it bounds starts, with an error naming the flag or JSON path, the value and the limit.
public enum Limits {
    /// Frame width and height in pixels (16384² RGBA is 1 GiB of framebuffer).
    public static let frameSide = 1...16384
    /// Frames one `opta render --frames A...B` may write.
    public static let framesPerExport = 100_000
    /// The highest frame number `--frame`, `--frames` and traces may ask for (each frame before it
    /// is replayed: solver steps and layout iterations).
    public static let maxFrameNumber = 1_000_000
    /// Steps of all of a scenario's solvers together: about 4 s of simulated annealing on one core
    /// at 2·10⁷, and `opta solve` records every step in the run store (32 bytes each: 640 MB).
    /// Trajectories in memory are bounded (`SolverTrajectory.defaultCapacity` points per solver).
    public static let totalSolverSteps = 20_000_000
    /// Solvers in one scenario.
    public static let solvers = 64
    /// Nodes of a graph (the force layout costs O(n log n) per iteration).
    public static let graphNodes = 200_000
    /// Nodes × iterations of a force layout (about 2 minutes on one core at 10⁸).
    public static let layoutWork = 1e8
    /// Edges of a graph.
    public static let graphEdges = 1_000_000
    /// Points of all logged paths together (inline and CSV), 16 bytes each.
    public static let pathPoints = 10_000_000
    /// Points of all followed paths together (`opta view --follow`): 32 bytes each (point, f,
    /// step), so 10⁷ hold about 320 MB. Later points are not shown.
    public static let followedPoints = 10_000_000
}
