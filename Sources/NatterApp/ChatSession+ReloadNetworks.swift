import ChatModel
import Configuration
import FoundationEssentials
import IRCSession

/// The networks of a reloaded config.toml: those taken out closed (asked first when they have
/// conversations open), those changed without a new link updated in place.
extension ChatSession {
    /// A network no longer in the file: left and closed; one with open queries only when the
    /// user says so (a conversation is not closed behind their back); the last one stays.
    func removeConfigured(_ name: String, now: SessionTime) {
        guard let network = model.network(name), !reloadState.addedByHand.contains(name) else { return }
        guard model.networks.count > 1 else {
            reloadState.keptOutOfFile.insert(name)
            model.note("\(name) is no longer in \(ConfigLoader.defaultPath().fileName), but it is the only network: "
                       + "it stays until Natter ends", in: network.serverBuffer.id, isError: true, at: now.wall)
            return
        }
        if Self.queries(of: network).isEmpty {
            close(name, now: now)
        } else {
            reloadState.toAsk.append(name)
            askNextRemoval()
        }
    }

    /// The names of `network`'s open conversations.
    private static func queries(of network: ChatNetwork) -> [String] {
        network.buffers.filter { $0.kind == .query }.map(\.name)
    }

    /// Asks about the next network taken out of the file with open conversations, unless a
    /// question is open (one at a time) or the file has it again.
    private func askNextRemoval() {
        guard !reloadState.asking, !reloadState.toAsk.isEmpty else { return }
        let name = reloadState.toAsk.removeFirst()
        guard let network = model.network(name), !running.networks.contains(where: { $0.name == name }) else {
            return askNextRemoval()
        }
        reloadState.asking = true
        let queries = Self.queries(of: network)
        let file = ConfigLoader.defaultPath().fileName
        let listed = queries.prefix(5).joined(separator: ", ") + (queries.count > 5 ? " and \(queries.count - 5) more" : "")
        model.note("\(name) is no longer in \(file) and has open conversations (\(listed)): asking whether to close it",
                   in: network.serverBuffer.id, at: Date())
        controller.overlays.confirm("Close \(name)?", text: "\(name) was taken out of \(file). Closing it leaves its server and "
                                    + "closes its conversations with \(listed) (their logs stay).",
                                    confirmWord: "close \(name)", keepWord: "keep it for this run") { [weak self] yes in
            guard let self else { return }
            self.reloadState.asking = false
            let stillOut = !self.running.networks.contains(where: { $0.name == name })
            if yes, stillOut, self.model.network(name) != nil, self.model.networks.count > 1 {
                self.close(name, now: self.hub.now())
            } else if !yes, let server = self.model.network(name)?.serverBuffer.id {
                self.reloadState.keptOutOfFile.insert(name)
                self.model.note("\(name) stays for this run; /server del \(name) closes it", in: server, at: Date())
            }
            self.askNextRemoval()
        }
    }

    /// Leaves and closes the network `name` (as `/server del` does), showing another if it
    /// was on screen.
    private func close(_ name: String, now: SessionTime) {
        networks.removeAll { $0.name == name }
        model.dropNetwork(name, now: now)
        controller.sync()
        if controller.current?.network == name, let first = model.networks.first { controller.show(first.serverBuffer.id) }
        controller.chrome.refreshSidebar()
        say("\(name) was taken out of \(ConfigLoader.defaultPath().fileName): disconnected and closed (its logs stay)", isError: false)
    }

    /// What changed in a network that keeps its link: its friends (MONITOR), what it runs once
    /// connected, its nicks to fall back on, SASL's policy, whether it remembers channels;
    /// `autoconnect` turned on connects it if it is not. Its `channels` are those its next
    /// registration joins: none is joined or parted now.
    func applyInPlace(_ network: NatterConfig.Network, from old: NatterConfig.Network, now: SessionTime) {
        guard let chat = model.network(network.name) else { return }
        let name = network.name
        let watched = chat.session.monitorList
        let folded = { (nick: String) in chat.caseMapping.lowercased(nick) }
        let added = network.friends.filter { nick in !watched.contains { folded($0) == folded(nick) } }
        let gone = watched.filter { nick in !network.friends.contains { folded($0) == folded(nick) } }
        if !added.isEmpty { model.perform(.monitorAdd(added), network: name, now: now) }
        if !gone.isEmpty { model.perform(.monitorRemove(gone), network: name, now: now) }
        chat.onConnect = network.onConnect
        // A key the keyring keeps stays the one fetched at start (the item is not read again).
        let joinKeys = { (configuration: SessionConfiguration) in
            network.channels.map { channel in
                ChannelKey(channel.name, key: channel.key.flatMap { key in
                    NatterConfig.Network.keyringItem(key) == nil ? key
                        : configuration.autoJoin.first { $0.name.lowercased() == channel.name.lowercased() }?.key
                })
            }
        }
        model.reconfigure(network: name) { configuration in
            // Joined from the next registration on; none joined or parted now.
            configuration.autoJoin = joinKeys(configuration)
            configuration.alternativeNicks = network.alternativeNicks
            configuration.saslFailure = network.saslFailure
            configuration.saslTimeout = network.saslTimeout
        }
        if network.rememberChannels != old.rememberChannels {
            if network.rememberChannels {
                chat.remember(channels: chat.session.configuration.autoJoin)
            } else {
                chat.stopRemembering()
            }
        }
        // One still waiting for its password connects when it comes (the request waits).
        if network.autoConnect, !old.autoConnect, !hub.isLinked(name) {
            model.requestLink(.connect, network: name)
        }
    }

    func replaceConfigured(_ network: NatterConfig.Network) {
        if let index = networks.firstIndex(where: { $0.name == network.name }) { networks[index] = network }
    }

    /// A password of network `name` changed in the keyring (`/set`, the settings screen): it
    /// is fetched again and the network connects again with it, as after a login change.
    func refetchPasswords(of name: String) {
        guard let network = networks.first(where: { $0.name == name }), model.network(name) != nil else { return }
        starter.reconnect(network, ctcp: ctcp, quitMessage: model.settings.quitMessage, now: hub.now())
    }
}
