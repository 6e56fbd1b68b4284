import Widgets
import CSDL2

/// An error from SDL, SDL_ttf, SDL_image or fontconfig, with a message a person can act on.
public struct BackendError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String

    /// An error with a fixed message.
    public init(_ message: String) { description = message }

    /// An error whose message ends with SDL's own error string (`SDL_GetError`).
    public static func sdl(_ what: String) -> BackendError {
        let detail = String(cString: SDL_GetError())
        return BackendError(detail.isEmpty ? what : "\(what): \(detail)")
    }
}
