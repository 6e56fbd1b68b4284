import ChatModel
import IRCSession
import Widgets

/// The right-click menus of the rows and of the nick list, and a click on a reaction chip.
extension BufferPresenter {
    /// What a right-click on the preview under `line` offers: hiding it, or every preview of
    /// its host; its link copied or opened.
    func previewMenu(for line: ChatLine, preview: LinkPreview?, in id: BufferID) -> [MenuItem] {
        guard let buffer = chat.model.buffer(id), let url = chat.model.previewURL(for: line, in: buffer) else { return [] }
        var items = [MenuItem("Hide this preview") { [weak self] in self?.chat.model.hidePreview(ofLine: line.id, in: id) }]
        if let host = PreviewSettings.host(of: url) {
            items.append(MenuItem("Hide previews from \(host)") { [weak self] in self?.chat.model.hidePreviews(fromHost: host) })
        }
        items.append(MenuItem("Open link") { [weak self] in self?.chat.onOpenLink?(url) })
        items.append(MenuItem("Copy link") { [weak self] in self?.chat.screen.host?.clipboard.setText(url) })
        if let image = preview?.thumbnail, image.imageURL != url {
            items.append(MenuItem("Copy image link") { [weak self] in self?.chat.screen.host?.clipboard.setText(image.imageURL) })
        }
        return items
    }

    /// What a right-click on `line` offers: reply, reactions, copying, deleting one's own
    /// message, and a query or whois with its sender.
    func menu(for line: ChatLine, in id: BufferID, link: String?) -> [MenuItem] {
        guard let buffer = chat.model.buffer(id) else { return [] }
        var items: [MenuItem] = []
        let talk = buffer.kind == .channel || buffer.kind == .query
        let hasID = ChatModel.isMsgid(line.id) && line.redaction == nil
        let network = chat.model.network(id.network)
        // Replies go as plain messages where tags do not (the quote is then lost, not the text);
        // reactions and deleting need the server's support.
        if talk && hasID && line.isMessage {
            items.append(MenuItem("Reply") { [weak self] in self?.chat.input.startReply(to: line) })
        }
        if talk && hasID && line.isMessage && network?.canReact == true {
            for reaction in Self.commonReactions {
                let ours = line.reactions.first { $0.reaction == reaction }?.includesOwn ?? false
                items.append(MenuItem(ours ? "Take back \(reaction)" : "React \(reaction)") { [weak self] in
                    self?.toggleReaction(reaction, on: line, in: id)
                })
            }
        }
        // The words alone, as a reader quotes them; or the line as a log shows it.
        items.append(MenuItem("Copy text") { [weak self] in
            self?.chat.screen.host?.clipboard.setText(line.eventPhrase)
        })
        items.append(MenuItem("Copy with time and nick") { [weak self] in
            guard let self else { return }
            self.chat.screen.host?.clipboard.setText(self.chat.styler.plainText(line))
        })
        if let link {
            items.append(MenuItem("Copy link") { [weak self] in self?.chat.screen.host?.clipboard.setText(link) })
        }
        if talk && hasID && line.isOwn && line.isMessage && network?.canRedact == true {
            items.append(MenuItem("Delete") { [weak self] in
                self?.chat.perform(.redact(target: buffer.name, msgid: line.id, reason: nil), network: id.network)
            })
        }
        if let nick = line.nick, !line.isOwn, buffer.kind != .mentions, line.isMessage {
            items.append(MenuItem("Query \(nick)") { [weak self] in
                guard let self, let query = self.chat.model.openQuery(nick, network: id.network) else { return }
                self.chat.show(query.id)
            })
            items.append(MenuItem("Whois \(nick)") { [weak self] in
                self?.chat.perform(.whois(nick), network: id.network)
            })
        }
        return items
    }

    /// The reactions the row menu offers.
    static let commonReactions = ["👍", "❤️", "😂", "🎉", "👀"]

    /// What a right-click on a member of the nick list offers: query and whois; what their
    /// client is (CTCP VERSION, PING, TIME); op, voice, kick, ban and kick-ban (by host, which
    /// a nick change does not escape) when we are an operator of the channel; ignore; watch
    /// (MONITOR).
    func nickMenu(for member: NickListView.Entry) -> [MenuItem] {
        guard let current = chat.current, let buffer = chat.model.buffer(current),
              let network = chat.model.network(current.network) else { return [] }
        let nick = member.nick
        let chat = self.chat
        func run(_ line: String) { chat.submitCommand(line, in: current) }
        var items = [MenuItem("Query \(nick)") {
            guard let query = chat.model.openQuery(nick, network: current.network) else { return }
            chat.show(query.id)
        }, MenuItem("Whois") { run("/whois \(nick)") }]
        if buffer.kind == .channel && network.isOperator(in: buffer.name) {
            let isOp = member.prefixes.contains("@"), isVoiced = member.prefixes.contains("+")
            items.append(MenuItem(isOp ? "Take op" : "Give op") { run("/\(isOp ? "deop" : "op") \(nick)") })
            items.append(MenuItem(isVoiced ? "Take voice" : "Give voice") { run("/\(isVoiced ? "devoice" : "voice") \(nick)") })
            // The network's ban_mask when the host is known; else the model asks who they are
            // (WHO) and bans when the answer comes.
            let mask = chat.model.banMask(for: nick, on: network)
            items.append(MenuItem("Kick") { run("/kick \(nick)") })
            items.append(MenuItem("Ban \(mask ?? nick)") { run("/ban \(nick)") })
            items.append(MenuItem("Kick and ban") { run("/kickban \(nick)") })
        }
        items.append(MenuItem("Ignore") { run("/ignore \(nick)") })
        let watched = network.isWatched(nick)
        items.append(MenuItem(watched ? "Stop watching" : "Watch (friends)") { run("/monitor \(watched ? "-" : "+")\(nick)") })
        // What their client is, last: asked far less often than the rest.
        // (A PING's answer shows as its round trip.)
        for request in ["VERSION", "PING", "TIME"] {
            items.append(MenuItem("CTCP \(request)") { run("/ctcp \(nick) \(request)") })
        }
        return items
    }

    /// Adds our `reaction` to `line`, or takes it back when we gave it (a click on its chip).
    public func toggleReaction(_ reaction: String, on line: ChatLine, in id: BufferID) {
        guard let buffer = chat.model.buffer(id), buffer.kind == .channel || buffer.kind == .query else { return }
        let ours = line.reactions.first { $0.reaction == reaction }?.includesOwn ?? false
        chat.perform(.react(target: buffer.name, msgid: line.id, reaction: reaction, removing: ours), network: id.network)
    }
}
