/// How an upload ended, as the edge reports it; ``sentence(for:)`` says it to the user.
public enum UploadOutcome: Hashable, Sendable {
    /// The server answered 201 Created: the file's address (its `Location`, made absolute).
    case uploaded(url: String)
    /// The server answered with another status, and maybe a short text of its own.
    case refused(status: Int, message: String?)
    /// 201 Created without a usable `Location`.
    case noLocation
    /// The file host could not be reached, or the file could not be read, or the answer was
    /// not HTTP: what went wrong, in words.
    case failed(String)
    /// The user cancelled it.
    case cancelled

    /// What happened to `request`, in a sentence for its buffer, and whether it is an error.
    public func sentence(for request: UploadRequest) -> (text: String, isError: Bool) {
        let name = request.fileName
        switch self {
        case .uploaded(let url): return ("Uploaded \(name): \(url)", false)
        case .cancelled: return ("The upload of \(name) was cancelled", false)
        case .noLocation: return ("The server took \(name) but did not say where it is", true)
        case .failed(let why): return ("\(name) was not uploaded: \(why)", true)
        case .refused(let status, let message):
            let words = message.map { ": “\($0)”" } ?? ""
            let reason = switch status {
            case 413: "at \(Self.size(request.size)) it is larger than the file host accepts"
            case 401: "it did not accept \(request.network)'s login"
            case 403: "this account may not upload files there"
            case 415: "it does not take files of this type (\(request.contentType))"
            case 429: "too many uploads at once; try again later"
            case 500...: "the file host failed (HTTP \(status))"
            default: "HTTP \(status)"
            }
            return ("The server refused \(name): \(reason)\(words)", true)
        }
    }

    /// A size in words: bytes, KiB or MiB with one decimal.
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let kib = Double(bytes) / 1024
        if kib < 1024 { return "\(tenths(kib)) KiB" }
        return "\(tenths(kib / 1024)) MiB"
    }

    private static func tenths(_ value: Double) -> String {
        let scaled = Int((value * 10).rounded())
        return scaled % 10 == 0 ? "\(scaled / 10)" : "\(scaled / 10).\(scaled % 10)"
    }
}
