import OptaCore

/// What the viewer must do: store actions, or viewer commands outside the store.
public enum ViewerCommand: Sendable, Equatable {
    /// Dispatch this action to the store.
    case action(Action)
    /// Save the current frame as an image.
    case screenshot
    /// Close the window and end the session.
    case quit
    /// Move the accessibility focus to an item of the frame.
    case jump(FocusTarget)
    /// Say the focused path's data table, row by row.
    case readTable
    /// Play the focused path's audio graph, or stop it while it plays.
    case playAudio
    /// Reallocate the framebuffer at this size in pixels.
    case resize(width: Int, height: Int)
}
