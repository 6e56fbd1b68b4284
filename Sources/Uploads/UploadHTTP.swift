import ChatModel
import FoundationEssentials
import NIOHTTP1

/// The HTTP of an upload as the file-host specification asks it (soju.im/FILEHOST): a POST to
/// the upload URL with the file's type, name and size in `Content-Type`, `Content-Disposition`
/// and `Content-Length`, the login as HTTP Basic; 201 Created with a `Location` relative to the
/// upload URL. Pure, so the request and the reading of the answer are tested without sockets.
enum UploadHTTP {
    /// Where to connect and what to ask for.
    struct Target: Equatable {
        var host: String
        var port: Int
        var isTLS: Bool
        /// The path and query as sent on the request line (percent-encoded).
        var requestURI: String
    }

    /// The upload URL taken apart; nil for one that is neither http nor https with a host.
    static func target(_ url: String) -> Target? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", var host = components.host, !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let isTLS = scheme == "https"
        var uri = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { uri += "?" + query }
        return Target(host: host, port: components.port ?? (isTLS ? 443 : 80), isTLS: isTLS, requestURI: uri)
    }

    /// The request's head for `request`, authenticated with `credentials` when there are some.
    static func head(for request: UploadRequest, target: Target, credentials: UploadCredentials?) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        let defaultPort = target.isTLS ? 443 : 80
        let host = target.host.contains(":") ? "[\(target.host)]" : target.host
        headers.add(name: "Host", value: target.port == defaultPort ? host : "\(host):\(target.port)")
        headers.add(name: "User-Agent", value: "Natter")
        headers.add(name: "Content-Type", value: request.contentType)
        headers.add(name: "Content-Disposition", value: contentDisposition(request.fileName))
        headers.add(name: "Content-Length", value: String(request.size))
        if let credentials {
            let pair = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            headers.add(name: "Authorization", value: "Basic \(pair)")
        }
        return HTTPRequestHead(version: .http1_1, method: .POST, uri: target.requestURI, headers: headers)
    }

    /// `attachment` with the name as a quoted string, and as UTF-8 (RFC 8187's `filename*`)
    /// when it is not plain ASCII, the quoted one then an ASCII stand-in.
    static func contentDisposition(_ name: String) -> String {
        let ascii = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }
        let plain = String(name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : "_" })
        let quoted = plain.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        guard !ascii else { return "attachment; filename=\"\(quoted)\"" }
        let attrChar = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~".utf8)
        let hex = Array("0123456789ABCDEF")
        let encoded = name.utf8.map { attrChar.contains($0) ? String(UnicodeScalar($0)) : "%\(hex[Int($0 >> 4)])\(hex[Int($0 & 15)])" }
            .joined()
        return "attachment; filename=\"\(quoted)\"; filename*=UTF-8''\(encoded)"
    }

    /// How an answer ends the upload: 201 with its `Location` made absolute against the upload
    /// URL; another status with the server's short text, when it sent one.
    static func outcome(status: Int, headers: HTTPHeaders, body: [UInt8], uploadURL: String) -> UploadOutcome {
        guard status == 201 else { return .refused(status: status, message: message(body, headers: headers)) }
        guard let location = headers.first(name: "Location"), !location.isEmpty,
              let base = URL(string: uploadURL), let resolved = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return .noLocation }
        return .uploaded(url: resolved.absoluteString)
    }

    /// A plain-text answer of one short line: the server's own words; nothing for HTML pages
    /// and long texts.
    static func message(_ body: [UInt8], headers: HTTPHeaders) -> String? {
        let type = headers.first(name: "Content-Type")?.lowercased() ?? "text/plain"
        guard type.hasPrefix("text/plain"), let text = String(validating: body, as: UTF8.self) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.drop(while: \.isWhitespace) } ?? ""
        let trimmed = String(line.reversed().drop(while: \.isWhitespace).reversed())
        return trimmed.isEmpty || trimmed.count > 200 ? nil : trimmed
    }
}
