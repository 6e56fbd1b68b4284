import DequeModule
import FoundationEssentials
import IRCFormatting
import IRCProtocol

/// The links under messages: which line previews which link (the settings, strangers, ignores,
/// denied hosts, what the reader hid), asking the fetcher once per URL when a row first wants
/// its preview (so only rows that come near the screen cost a fetch), and telling the rows
/// when a preview lands (``ModelChange/lineChanged(_:id:)``: the list keeps its reading
/// position while the row grows).
extension ChatModel {
    /// The link line `line` of `buffer` would preview, if any: the first `http(s)` link of a
    /// message, action or notice in a channel or query whose mode is not off, from someone not
    /// ignored, to a host not denied, in a query we have answered, unless the reader hid it.
    public func previewURL(for line: ChatLine, in buffer: ChatBuffer) -> String? {
        guard buffer.kind == .channel || buffer.kind == .query, line.redaction == nil, !line.isIgnored,
              !previewBook.hiddenLines.contains(line.id) else { return nil }
        switch line.kind {
        case .message, .action, .notice: break
        default: return nil
        }
        guard previewMode(of: buffer) != .off, !line.text.isEmpty else { return nil }
        // Cheap before the scan: no link, no work (most lines).
        guard line.text.utf8.contains(0x2F) || line.text.lowercased().contains("www.") else { return nil }
        guard let url = detectURLs(in: stripFormatting(line.text)).first(where: {
            guard let host = PreviewSettings.host(of: $0.url) else { return false }
            return !previewSettings.denies(host: host)
        })?.url else { return nil }
        if buffer.kind == .query, !hasAnswered(in: buffer) { return nil }
        if !line.isOwn, let nick = line.nick, let network = network(buffer.id.network),
           isIgnored(IRCSource(nick: nick), level: line.kind == .action ? .actions : .msgs, on: network, now: line.time) {
            return nil
        }
        return url
    }

    /// The preview mode of `buffer`.
    public func previewMode(of buffer: ChatBuffer) -> PreviewMode {
        previewSettings.mode(network: buffer.id.network, buffer: buffer.name)
    }

    /// The preview under `line` of `buffer`, as far as it got; nil: the line previews nothing.
    /// The first time a line's link is asked for, the fetcher is asked for it; a preview that
    /// the buffer's mode does not show (an image where only links are) is nil.
    public func preview(for line: ChatLine, in buffer: ChatBuffer) -> PreviewState? {
        guard let url = previewURL(for: line, in: buffer) else { return nil }
        let wantsImages = previewMode(of: buffer) == .all
        previewBook.watch(url, line: line.id, in: buffer.id)
        guard let state = previewBook.states[url] else {
            guard let previewFetcher else { return nil }
            previewBook.store(.pending(reservedHeight: nil), for: url)
            if wantsImages { previewBook.askedWithImages.insert(url) }
            previewFetcher.fetchPreview(PreviewRequest(url: url, wantsImages: wantsImages, deniedHosts: previewSettings.deniedHosts))
            return previewBook.states[url]
        }
        // First asked by a buffer that shows no images, now by one that does: asked again with
        // them, and what was fetched shows meanwhile (the answer replaces it).
        if wantsImages, state.isFinal, !previewBook.askedWithImages.contains(url), let previewFetcher {
            previewBook.askedWithImages.insert(url)
            previewFetcher.fetchPreview(PreviewRequest(url: url, wantsImages: true, deniedHosts: previewSettings.deniedHosts))
        }
        guard case .ready(var preview) = state else { return state }
        if !wantsImages {
            if preview.isImage { return nil }
            preview.thumbnail = nil
        }
        return .ready(preview)
    }

    /// A fetch's answer: the preview (or nothing) for its URL, told to every row showing it.
    public func previewArrived(_ outcome: PreviewOutcome) {
        let state: PreviewState = if let preview = outcome.preview {
            .ready(preview)
        } else if let reserved = outcome.reservedHeight {
            .pending(reservedHeight: reserved)
        } else {
            .none
        }
        guard previewBook.states[outcome.url] != state else { return }
        previewBook.store(state, for: outcome.url)
        let final = if case .pending = state { false } else { outcome.preview?.isComplete != false }
        for line in previewBook.watchers(of: outcome.url, removing: final) {
            changes.append(.lineChanged(line.buffer, id: line.id))
        }
    }

    /// Hides the preview under the line `id` of `buffer` (for this run).
    public func hidePreview(ofLine id: String, in buffer: BufferID) {
        guard previewBook.hiddenLines.insert(id).inserted else { return }
        changes.append(.lineChanged(buffer, id: id))
    }

    /// Previews nothing from `host` again: the host joins `previews.deny_hosts`, in the
    /// configuration file when there is one (so it holds at the next start), and every row
    /// showing one of its previews is told.
    public func hidePreviews(fromHost host: String) {
        let host = host.lowercased()
        guard !previewSettings.denies(host: host) else { return }
        previewSettings.deniedHosts.append(host)
        if let store = settingsStore, case .success(let address) = store.address(of: "previews.deny_hosts", in: nil) {
            _ = store.set(previewSettings.deniedHosts.joined(separator: ", "), at: address)
        }
        // Every row laid out with one of its previews, watched or not any more, is laid out again.
        changes.append(.previewsChanged)
    }

    /// Forgets the links still being fetched (the fetcher was replaced): their rows ask again.
    public func forgetPendingPreviews() {
        previewBook.forgetPending()
    }

    /// Whether we have said something in `buffer` (a query from a stranger previews nothing
    /// until we answer). Remembered per buffer until its newest line changes.
    func hasAnswered(in buffer: ChatBuffer) -> Bool {
        let last = buffer.scrollback.lines.last?.id
        if let known = previewBook.answered[buffer.id], known.answered || known.lastID == last { return known.answered }
        let answered = buffer.scrollback.lines.contains { $0.isOwn }
        previewBook.answered[buffer.id] = (last, answered)
        return answered
    }
}

/// Every link's preview as far as it got, the rows waiting for one, and the previews the
/// reader hid. Bounded: past ``capacity`` links the oldest finished ones are forgotten (asked again,
/// a forgotten link comes from the fetcher's disk cache).
struct PreviewBook {
    /// A row that showed a link and is told when its preview lands.
    struct Watcher: Hashable {
        var buffer: BufferID
        var id: String
    }

    /// Links remembered at most.
    static let capacity = 4096
    /// Rows remembered per link at most (a link pasted in a flood).
    static let watchersPerLink = 256

    private(set) var states: [String: PreviewState] = [:]
    /// The links in the order they were first stored, oldest first.
    private var order: Deque<String> = []
    private(set) var watching: [String: Set<Watcher>] = [:]
    /// Lines whose preview the reader hid.
    var hiddenLines: Set<String> = []
    /// Links asked for with their images (a link first asked without is asked again with them
    /// when a buffer that shows images wants it).
    var askedWithImages: Set<String> = []
    /// Per buffer, whether we said something there, and the newest line when that was checked.
    var answered: [BufferID: (lastID: String?, answered: Bool)] = [:]

    mutating func store(_ state: PreviewState, for url: String) {
        if states[url] == nil {
            if states.count >= Self.capacity { forgetOldest() }
            order.append(url)
        }
        states[url] = state
    }

    /// Forgets the oldest finished links down to half the capacity (a pending one is still
    /// to be told to its rows: it goes to the back).
    private mutating func forgetOldest() {
        var pending = 0
        while states.count >= Self.capacity / 2, pending < order.count, let url = order.popFirst() {
            if states[url]?.isFinal == false {
                order.append(url)
                pending += 1
            } else {
                states[url] = nil
                watching[url] = nil
                askedWithImages.remove(url)
            }
        }
    }

    mutating func forgetPending() {
        for (url, state) in states where !state.isFinal {
            states[url] = nil
            askedWithImages.remove(url)
            order.removeAll { $0 == url }
        }
    }

    mutating func watch(_ url: String, line: String, in buffer: BufferID) {
        guard watching[url, default: []].count < Self.watchersPerLink else { return }
        watching[url, default: []].insert(Watcher(buffer: buffer, id: line))
    }

    mutating func watchers(of url: String, removing: Bool) -> Set<Watcher> {
        let found = watching[url] ?? []
        if removing { watching[url] = nil }
        return found
    }
}

extension PreviewState {
    /// Whether nothing more will come for the link: not while it is fetched, nor while a
    /// card's image is still coming.
    var isFinal: Bool {
        switch self {
        case .pending: false
        case .ready(let preview): preview.isComplete
        case .none: true
        }
    }
}
