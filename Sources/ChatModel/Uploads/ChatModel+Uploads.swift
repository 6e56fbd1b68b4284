import FoundationEssentials
import IRCSession

/// What the UI asks of a network about uploads: whether files can be put on its file host, and
/// where. The file host is the server's `soju.im/FILEHOST` ISUPPORT token; it comes and goes
/// with the token (and with the connection).
extension ChatNetwork {
    /// The upload URL the network's server announces, when Natter may use it: an `https` one,
    /// or a plain `http` one only on a loopback host and only while the IRC link itself is
    /// unencrypted (the specification forbids plain HTTP beside an encrypted link; Natter
    /// keeps it to this machine). Nil while not registered or where the server offers none.
    public var uploadURL: String? {
        guard isRegistered, let value = session.state.isupport.fileHost,
              let url = URL(string: value), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return nil }
        switch scheme {
        case "https": return value
        case "http": return Self.isLoopback(host) && link == .connected(warning: "no TLS") ? value : nil
        default: return nil
        }
    }

    /// Whether files can be uploaded here now (the window's drops, `/upload`, pasted paths).
    public var canUpload: Bool { uploadURL != nil }

    /// The login the upload is authenticated with: the SASL PLAIN account and password as HTTP
    /// Basic (what the server was given already); nil otherwise. A SCRAM password is never
    /// sent: SCRAM exists so that the server never learns it, and the file host is any address
    /// the server names.
    public var uploadCredentials: UploadCredentials? {
        switch session.configuration.sasl {
        case .plain(let account, let password)?:
            return UploadCredentials(user: account, password: password)
        case .scramSHA256?, .external?, nil:
            return nil
        }
    }

    /// Why nothing can be uploaded here, in a sentence (nil when something can).
    public var uploadRefusal: String? {
        guard !canUpload else { return nil }
        guard isRegistered else { return "\(name) is not connected: files are uploaded through the server's file host" }
        if let offered = session.state.isupport.fileHost {
            return "\(name)'s file host (\(offered)) cannot be used: Natter uploads over https only"
        }
        return "\(name) offers no file host: files can be uploaded only where the server has one (soju.im/FILEHOST)"
    }

    /// `localhost`, `::1`, or a literal address in 127.0.0.0/8 (`127.evil.example` is a
    /// name, not an address: it is not loopback).
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil && $0.allSatisfy(\.isASCII) } && octets[0] == "127"
    }
}

extension ChatModel {
    /// The upload of the file at `typed` (absolute, `~/…`, relative to the home folder, or
    /// a `file://` URI) from buffer `id`, or why it cannot be: no such network or file host, no
    /// such file, a folder, a file that cannot be read.
    public func uploadRequest(path typed: String, in id: BufferID,
                              home: String? = ProcessInfo.processInfo.environment["HOME"]) -> Result<UploadRequest, UploadRefusal> {
        guard let network = network(id.network) else { return .failure(UploadRefusal("Files are uploaded from a network's buffer")) }
        guard let url = network.uploadURL else { return .failure(UploadRefusal(network.uploadRefusal ?? "")) }
        let path = UploadFile.absolute(typed, home: home)
        switch UploadFile.inspect(path) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let size):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return .success(UploadRequest(network: network.name, buffer: id, path: path, fileName: name, size: size,
                                          uploadURL: url, contentType: UploadRequest.contentType(of: name)))
        }
    }

    /// Whether `text`, as pasted, is one existing file to upload from buffer `id`: a single
    /// absolute path or `file://` URI (a trailing line break allowed), where the network can
    /// upload. Anything else is pasted as text.
    public func pastedUpload(_ text: String, in id: BufferID) -> UploadRequest? {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        // Only a file:// URI, what a file manager puts on the clipboard for a copied file: a
        // bare path pasted is text (a path quoted in a help channel, `~/.ssh/id_ed25519` from a
        // terminal) and must never go to a server unasked.
        guard trimmed.hasPrefix("file://"),
              network(id.network)?.canUpload == true,
              case .success(let request) = uploadRequest(path: trimmed, in: id) else { return nil }
        return request
    }
}

extension ChatModel {
    /// What Tab offers for `/upload`'s path being typed (`word`): the names in its folder that
    /// start with its last part, whole (folders end in `/`, so Tab goes on into them); hidden
    /// files only when the part starts with a dot. `~/` stays as typed.
    public func uploadPathCompletions(of word: String,
                                      home: String? = ProcessInfo.processInfo.environment["HOME"]) -> [String] {
        let slash = word.lastIndex(of: "/")
        let typedFolder = slash.map { String(word[...$0]) } ?? ""
        let part = slash.map { String(word[word.index(after: $0)...]) } ?? word
        let folder = typedFolder.isEmpty ? (home ?? ".") : UploadFile.absolute(typedFolder, home: home)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix(part) && (part.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
            return typedFolder + name + (UploadFile.isFolder(path) ? "/" : "")
        }
    }
}
