/// Regular or bold face of the UI font.
public enum FontWeight: Sendable, Hashable {
    case regular
    case bold
}
