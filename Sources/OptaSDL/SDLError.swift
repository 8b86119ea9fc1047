/// Why the window could not be opened or used; `noDisplay` means there is no screen to show it on.
public struct SDLError: Error, Sendable, CustomStringConvertible {
    public let noDisplay: Bool
    public let description: String
}
