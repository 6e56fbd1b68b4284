import IRCSession

/// What is left for the UI after a command ran: the few things only it can do (show a buffer,
/// open a view or a form, act on state it owns). Everything else a command does, it does to
/// the model.
public enum CommandEffect: Hashable, Sendable {
    /// Show this buffer (a query just opened).
    case show(BufferID)
    /// Close this buffer; the UI picks the one shown next (``ChatModel/close(_:now:)`` does
    /// the model's part).
    case close(BufferID)
    /// Open the keyboard help.
    case openKeyHelp
    /// Open the settings screen, at this section (nil: the first).
    case openSettings(SettingSection?)
    /// `/spell [LANG|off]` in this buffer: the spell checker and its languages are the UI's.
    case spell(String?, in: BufferID)
    /// Show `channel` on `network` once the server confirms the join (`/join`).
    case showOnceJoined(network: String, channel: String)
    /// Open the channel list of `network` once its LIST reply has come.
    case showChannelListWhenReady(network: String)
    /// Open the form for the networks of the bouncer whose own connection is `control`.
    case openBouncerForm(control: String)
    /// The watched nicks of `network` changed (the sidebar shows them; the config keeps them).
    case friendsChanged(network: String, nicks: [String])
    /// `/server add`: the app adds the network to the configuration and starts it.
    case addNetwork(ServerSpec)
    /// `/server del`: the model let the network go; the app takes it out of the configuration.
    case removeNetwork(String)
    /// Buffer `id`'s notification level was set (`/notify`): the config keeps it.
    case notifyLevelChanged(BufferID, NotifyLevel)
    /// Alias `name` was defined (`expansion`) or removed (nil): the config keeps it.
    case aliasChanged(name: String, expansion: String?)
    /// Open this irc:// or ircs:// link (`/connect irc://…`): the app joins it on a configured
    /// network, or connects to its server for the run.
    case openLink(String)
    /// The ignores changed (`/ignore`, `/unignore`): the config keeps these entries
    /// (``IgnoreEntry/configText``).
    case ignoresChanged([String])
    /// `/upload`: the app uploads the file (checked: it exists, the network has a file host)
    /// and puts its address into the input of the buffer it was asked from.
    case upload(UploadRequest)
}

extension CommandEffect {
    /// Whether the effect keeps a change (in the configuration, the spell checker) rather than
    /// taking the user somewhere: what a command run without a user at the screen (a network's
    /// `on_connect`) still needs done.
    public var keepsAChange: Bool {
        switch self {
        case .friendsChanged, .aliasChanged, .notifyLevelChanged, .ignoresChanged, .spell: true
        case .show, .close, .openKeyHelp, .openSettings, .showOnceJoined, .showChannelListWhenReady, .openBouncerForm,
             .addNetwork, .removeNetwork, .openLink, .upload: false
        }
    }
}

/// Carries out what the input line asks for (a ``ChatCommand``) on the model: the messages and
/// protocol requests it sends, the notes it writes into the buffer, the settings it changes.
/// Returns the ``CommandEffect``s only the UI can perform. Needs no widgets, so every command
/// is tested over the model alone.
public struct Commands {
    public let model: ChatModel
    /// The aliases being expanded, outermost first: one that comes back is a loop.
    var aliasChain: [String] = []
    /// How many more lines the aliases of one typed line may run (shared by the expansions).
    var aliasBudget: AliasBudget?

    public init(model: ChatModel) { self.model = model }

    /// Parses `line` as typed and runs it in buffer `id`; a line that does not parse is answered
    /// with its usage in the buffer, as an error.
    @discardableResult
    public func run(line: String, in id: BufferID, now: SessionTime) -> [CommandEffect] {
        switch ChatCommandParser.parse(line) {
        case .success(let command): return run(command, in: id, now: now)
        case .failure(let failure):
            model.note(failure.message, in: id, isError: true, at: now.wall)
            return []
        }
    }

    /// Why `command` cannot be run in buffer `id` at all, before anything is done: a message
    /// where there is no one to say it to, anything but the key help in a view of no network
    /// (Mentions). Nil when it can be run. The input line keeps what was typed then.
    public func refusal(of command: ChatCommand, in id: BufferID) -> String? {
        if case .keys = command { return nil }
        if case .settings = command { return nil }
        if case .script = command { return nil }
        guard model.network(id.network) != nil, let buffer = model.buffer(id) else {
            return "Nothing can be sent from here: open a conversation (a click on a mention, or ↑ then Enter) and type there"
        }
        switch command {
        case .say, .me, .react, .redact:
            guard buffer.kind == .server || buffer.kind == .channelList else { return nil }
            return "this buffer has no channel or query: use /msg NICK TEXT, or /join #CHANNEL"
        case .close:
            return model.closeRefusal(of: id)
        case .raw(let line):
            return Self.unsendable(line, typedAs: "raw")
        case .serverCommand(let name, let arguments):
            return Self.unsendable(Self.line(name, arguments), typedAs: name.lowercased())
        default:
            return nil
        }
    }

    /// A notification level in words.
    static func describe(_ level: NotifyLevel) -> String {
        switch level {
        case .all: "every message"
        case .mentions: "mentions of you only"
        case .none: "nothing (muted: nothing counted)"
        }
    }

    /// Runs `command` in buffer `id` (a message goes to the buffer's channel or query).
    @discardableResult
    public func run(_ command: ChatCommand, in id: BufferID, now: SessionTime) -> [CommandEffect] {
        guard let scope = CommandScope(model: model, id: id, now: now) else {
            // The settings belong to no buffer: they open from a view of no network too.
            if case .settings(let section) = command { return [.openSettings(section)] }
            // So do the scripts: what /script answers goes to a server buffer.
            if case .script(let request) = command { model.scripts?.manage(request, in: id) }
            return []
        }
        let network = scope.network, buffer = scope.buffer
        let target = buffer.kind == .server ? nil : buffer.name
        func intent(_ intent: UserIntent) { scope.intent(intent) }
        func note(_ text: String, error: Bool = false) { scope.note(text, error: error) }
        func needsTarget() -> String? {
            if target == nil { note("this buffer has no channel or query: use /msg or /join", error: true) }
            return target
        }
        func needsChannel() -> String? { scope.channel() }
        switch command {
        case .serverCommand(let name, let arguments) where model.aliases.expansion(of: name) != nil:
            return runAlias(name, arguments: arguments, in: scope)
        case .serverCommand(let name, let arguments) where model.scripts?.commands.contains(where: { $0.name == name.lowercased() }) == true:
            model.scripts?.runCommand(name.lowercased(), arguments: arguments ?? "", in: id)
        case .script(let request):
            guard let scripts = model.scripts else { note("scripts are not available here", error: true); return [] }
            scripts.manage(request, in: id)
        case .alias, .unalias:
            return runAliasCommand(command, in: scope)
        case .set(let name, let value, let reset):
            runSet(name: name, value: value, reset: reset, in: scope)
        case .serverAdd, .serverRemove, .serverList:
            return runNetworks(command, in: scope)
        case .notifyLevel(let level):
            let current = model.notifyLevel(of: buffer)
            guard let level else {
                note("\(buffer.name.isEmpty ? network.name : buffer.name) notifies \(Self.describe(current)) (/notify all|mentions|none)")
                return []
            }
            model.setNotifyLevel(level, of: id)
            note("\(buffer.name.isEmpty ? network.name : buffer.name) now notifies \(Self.describe(level))")
            return [.notifyLevelChanged(id, level)]
        case .ctcp, .motd, .lusers, .names, .who, .whowas, .knock, .setname, .umode, .serverCommand, .connect:
            return runServerCommand(command, in: scope)
        case .cycle, .ban, .kickban, .unban, .quiet, .filter:
            runChannelCommand(command, in: scope)
        case .say(let text):
            if let target = needsTarget(), let text = scriptsLetSend(text, action: false, in: id, note: note) {
                intent(.sendMessage(target: target, text: text))
            }
        case .me(let text):
            if let target = needsTarget(), let text = scriptsLetSend(text, action: true, in: id, note: note) {
                intent(.sendAction(target: target, text: text))
            }
        case .msg(let to, let text):
            intent(.sendMessage(target: to, text: text))
            // Said elsewhere: what was sent shows where it was typed too, as HexChat and WeeChat do.
            // A password typed to NickServ never reaches the screen or the logs, here either.
            if network.bufferID(for: to) != id { note("Sent to \(to): \(ChatModel.maskingServicePasswords(text, to: to, alsoTo: model.settings.passwordTargets))") }
        case .notice(let to, let text):
            intent(.sendNotice(target: to, text: text))
            if network.bufferID(for: to) != id {
                note("Notice sent to \(to): \(ChatModel.maskingServicePasswords(text, to: to, alsoTo: model.settings.passwordTargets))")
            }
        case .query(let nick, let text):
            guard let query = model.openQuery(nick, network: id.network) else { return [] }
            if let text { intent(.sendMessage(target: nick, text: text)) }
            return [.show(query.id)]
        case .join(let channels, let keys):
            for channel in channels { network.askedToJoin(channel) }
            intent(.join(channels.enumerated().map { ChannelKey($1, key: $0 < keys.count ? keys[$0] : nil) }))
            // The user lands in the (first) channel joined, once the server confirms it.
            if let first = channels.first { return [.showOnceJoined(network: id.network, channel: first)] }
        case .part(let channel, let reason):
            if let channel = channel ?? needsChannel() {
                network.askedToPart(channel)
                intent(.part(channel: channel, reason: reason))
            }
        case .nick(let nick):
            intent(.changeNick(nick))
        case .topic(let text):
            guard let channel = needsChannel() else { return [] }
            if let text { intent(.setTopic(channel: channel, topic: text)) }
            else { note(buffer.topic.map { "Topic: \($0)" } ?? "No topic is set") }
        case .whois(let nick):
            intent(.whois(nick))
        case .mode(let explicit, let arguments):
            let modeTarget = explicit ?? target ?? network.nick
            if arguments.isEmpty {
                // A question, not a change: the server answers with the modes (324, 221).
                intent(.raw("MODE \(modeTarget)"))
            } else {
                intent(.setMode(target: modeTarget, modes: arguments[0], parameters: Array(arguments.dropFirst())))
            }
        case .memberMode(let adding, let mode, let nicks):
            guard let channel = needsChannel() else { return [] }
            let modes = (adding ? "+" : "-") + String(repeating: mode, count: nicks.count)
            intent(.setMode(target: channel, modes: modes, parameters: nicks))
        case .kick(let nick, let reason):
            if let channel = needsChannel() { intent(.kick(channel: channel, nick: nick, reason: reason)) }
        case .invite(let nick, let channel):
            if let channel = channel ?? needsChannel() { intent(.invite(nick: nick, channel: channel)) }
        case .react(let reaction):
            guard let target = needsTarget() else { return [] }
            guard let line = buffer.shown.lines.last(where: { $0.isMessage && !$0.isOwn && $0.redaction == nil && ChatModel.isMsgid($0.id) }) else {
                note("nothing to react to here (messages need ids from the server)", error: true)
                return []
            }
            intent(.react(target: target, msgid: line.id, reaction: reaction, removing: false))
        case .redact(let reason):
            guard let target = needsTarget() else { return [] }
            guard let line = buffer.shown.lines.last(where: { $0.isMessage && $0.isOwn && $0.redaction == nil && ChatModel.isMsgid($0.id) }) else {
                note("none of your messages here can be deleted (they need ids from the server)", error: true)
                return []
            }
            intent(.redact(target: target, msgid: line.id, reason: reason))
        case .monitor(let adding, let nicks):
            if nicks.isEmpty {
                let friends = network.friends.map { "\($0.nick) (\($0.online == nil ? "?" : $0.online! ? "online" : "offline"))" }
                note(friends.isEmpty ? "no friends watched: /monitor +nick" : "Friends: " + friends.joined(separator: ", "))
                return []
            }
            intent(adding ? .monitorAdd(nicks) : .monitorRemove(nicks))
            if !network.hasMonitor && network.isReady {
                note("this server has no MONITOR: friends are kept, and watched on servers that have it", error: true)
            }
            return [.friendsChanged(network: network.name, nicks: network.watchedNicks)]
        case .away(let message):
            intent(.away(message ?? "away"))
        case .back:
            intent(.back)
        case .quit(let reason):
            model.leave(id.network, reason: reason ?? model.settings.quitMessage, reconnect: false, now: now)
        case .close:
            return [.close(id)]
        case .raw(let line):
            if let problem = Self.unsendable(line, typedAs: "raw") { note(problem, error: true) } else { intent(.raw(line)) }
        case .ignore, .unignore:
            return runIgnore(command, in: scope)
        case .clear:
            model.clear(id)
        case .help(let name):
            let scripted = (model.scripts?.commands ?? []).filter { name == nil || $0.name == name!.lowercased() }
                .map { ($0.usage, "\($0.help) (script \($0.script))") }
            let entries = (name.map(ChatCommand.usage(of:)) ?? ChatCommand.usage) + scripted
            if entries.isEmpty, let name {
                note("/\(name) is not one of Natter's commands: it goes to the server as typed (/help lists them)")
            }
            for (form, what) in entries { note("\(form)  — \(what)") }
        case .keys:
            return [.openKeyHelp]
        case .settings(let section):
            return [.openSettings(section)]
        case .spell(let language):
            return [.spell(language, in: id)]
        case .upload(let path):
            return runUpload(path, in: scope)
        case .list(let pattern):
            intent(.raw(pattern.map { "LIST \($0)" } ?? "LIST"))
            return [.showChannelListWhenReady(network: id.network)]
        case .bouncer(let command):
            return runBouncer(command, in: id, now: now)
        case .disconnect:
            model.leave(id.network, reason: model.settings.quitMessage, reconnect: false, now: now)
        case .reconnect:
            model.leave(id.network, reason: model.settings.quitMessage, reconnect: true, now: now)
        }
        return []
    }

    /// `/bouncer …`, asked of the bouncer's own connection (the network itself, or the parent
    /// of a bouncer network).
    private func runBouncer(_ command: BouncerCommand, in id: BufferID, now: SessionTime) -> [CommandEffect] {
        func note(_ text: String, error: Bool = false) { model.note(text, in: id, isError: error, at: now.wall) }
        guard let control = model.bouncerControl(for: id.network), control.managesBouncerNetworks else {
            note("this network is not a bouncer with soju.im/bouncer-networks (soju and compatible bouncers)", error: true)
            return []
        }
        /// A network named by netid or by its `name`.
        func netid(_ name: String) -> String? {
            if control.bouncerNetworks[name] != nil { return name }
            return control.bouncerNetworks.first { $0.value["name"]?.lowercased() == name.lowercased() }?.key
        }
        func perform(_ request: BouncerRequest) { model.perform(.bouncer(request), network: control.name, now: now) }
        switch command {
        case .form:
            return [.openBouncerForm(control: control.name)]
        case .list:
            if control.bouncerNetworks.isEmpty { note("The bouncer has no networks yet: /bouncer add host=… name=…") }
            for (key, attributes) in control.bouncerNetworks.sorted(by: { $0.key < $1.key }) {
                let details = attributes.sorted { $0.key < $1.key }.filter { $0.key != "pass" }
                    .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                note("\(key): \(details)")
            }
        case .add(let attributes):
            perform(.addNetwork(attributes))
        case .change(let name, let attributes):
            guard let netid = netid(name) else { note("the bouncer has no network \(name) (/bouncer list)", error: true); return [] }
            perform(.changeNetwork(id: netid, attributes))
        case .delete(let name):
            guard let netid = netid(name) else { note("the bouncer has no network \(name) (/bouncer list)", error: true); return [] }
            perform(.deleteNetwork(id: netid))
        }
        return []
    }
}

extension ChatModel {
    /// The bouncer's own network for buffers of `network`: itself, or the parent of a network
    /// reached through the bouncer.
    public func bouncerControl(for network: String) -> ChatNetwork? {
        guard let net = self.network(network) else { return nil }
        return net.bouncer.flatMap { self.network($0.parent) } ?? net
    }

    /// Why buffer `id` cannot be closed, if it cannot: the server buffer stays. The UI asks
    /// before it offers to close (Ctrl+W asks no question it would then refuse).
    public func closeRefusal(of id: BufferID) -> String? {
        guard let buffer = buffer(id), buffer.kind == .server else { return nil }
        return "the server buffer stays open; /quit disconnects"
    }

    /// The model's part of closing buffer `id`: a joined channel is parted, messages still
    /// queued for it are marked failed, and the buffer goes. The server buffer stays (and says
    /// so). Returns whether it closed.
    @discardableResult
    public func close(_ id: BufferID, now: SessionTime) -> Bool {
        guard let buffer = buffer(id) else { return false }
        if let refusal = closeRefusal(of: id) {
            note(refusal, in: id, isError: true, at: now.wall)
            return false
        }
        if buffer.kind == .channel && buffer.isJoined {
            network(id.network)?.askedToPart(buffer.name)
            perform(.part(channel: buffer.name, reason: nil), network: id.network, now: now)
        } else if buffer.kind == .channel {
            // Closed after a kick (or a refused join): no PART says we left, the close does.
            network(id.network)?.forget(parted: buffer.name, asked: true)
        }
        perform(.discardPending(target: buffer.name), network: id.network, now: now)
        return closeBuffer(id)
    }
}

extension Commands {
    /// The text to send for what the user typed as a message, once the scripts that watch
    /// sends have seen it; nil when one kept it back (said in the buffer: typed text never
    /// vanishes without a word).
    func scriptsLetSend(_ text: String, action: Bool, in id: BufferID, note: (String, Bool) -> Void) -> String? {
        guard let scripts = model.scripts, scripts.hooked.contains(.sendingOwn) else { return text }
        switch scripts.sendingOwn(text, action: action, in: id) {
        case .send(let changed): return changed
        case .cancelled(let script):
            note("Not sent: the script \(script) kept this message back: \(text)", false)
            return nil
        }
    }
}
