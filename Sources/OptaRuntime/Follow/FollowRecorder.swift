import OptaCore

/// Where a followed log's points are kept as they are read (`opta view --follow` records each
/// followed path as a run in the run store). Called on the follow reader's thread only, never
/// the render thread, in the order the points were read; a call may wait while the keeper
/// catches up, which slows the reader only.
public protocol FollowRecorder: Sendable {
    /// The points of one read that were sent to the viewer, in the order they were read.
    func record(_ points: [PathPoint])
    /// The followed file starts over (truncated, replaced, or created again): the runs so far
    /// end, and later points start new ones.
    func restart()
    /// The reader stops (the window closed, or standard input ended): the runs end. Nothing is
    /// recorded after this.
    func finish()
}
