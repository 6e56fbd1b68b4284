import FoundationEssentials
import Glibc

/// Writes a line to standard error.
public func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
/// What went wrong with a file, in the system's words ("No such file or directory") where the
/// error carries an errno, as `localizedDescription` gave with Foundation's full library.
public func describe(_ error: any Error) -> String {
    let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError
    if let posix { return String(cString: strerror(posix.code.rawValue)) }
    return "\(error)"
}

/// Creates `path` and its parents when missing, like `mkdir -p`.
public func makeDirectory(_ path: String) throws(AppError) {
    var partial = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
        partial += "/" + component
        if mkdir(partial, 0o755) != 0, errno != EEXIST {
            throw AppError("cannot create the folder \(partial): \(String(cString: strerror(errno)))")
        }
    }
}

/// An error of the app with a message for the user.
public struct AppError: Error, CustomStringConvertible {
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
