import OptaCore

/// What the viewer must do: store actions, or viewer commands outside the store.
public enum ViewerCommand: Sendable, Equatable {
    /// Dispatch this action to the store.
    case action(Action)
    /// Save the current frame as an image.
    case screenshot
    /// Close the window and end the session.
    case quit
    /// Reallocate the framebuffer at this size in pixels.
    case resize(width: Int, height: Int)
}
