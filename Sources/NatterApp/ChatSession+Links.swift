import ChatModel
import Configuration
import DesktopIntegration
import FoundationEssentials
import IRCSession

/// irc:// links: opened on a configured network, or on a network of their own for this run.
extension ChatSession {
    /// Opens an irc:// link: on a configured network with its host and port, joins the channel
    /// (or opens the query) and shows it; otherwise connects to the link's server for this run
    /// (with the first network's nick), joining the channel there.
    func open(_ link: IRCLink) {
        // The network with the link's host and port; else the only one with its host (a link
        // rarely says the port: irc:// means 6667 where the network may use TLS on 6697).
        let sameHost = networks.filter { $0.host.lowercased() == link.host.lowercased() }
        if let known = networks.first(where: { link.names(host: $0.host, port: $0.port) }) ?? (sameHost.count == 1 ? sameHost.first : nil),
           model.network(known.name) != nil {
            show(link, on: known.name)
            return
        }
        guard let template = networks.first else { return }
        var network = NatterConfig.Network(
            name: link.host, host: link.host, port: link.port, tls: link.tls, verifyCertificate: true,
            nick: template.nick, alternativeNicks: template.alternativeNicks, user: template.user, realName: template.realName,
            channels: link.channel.map { [($0, nil)] } ?? [], password: nil, sasl: nil, clientCertificate: nil,
            clientKey: nil, autoConnect: true)
        // A name of its own: a network's name is the key of its buffers and its connection.
        var suffix = 2
        while model.network(network.name) != nil {
            network.name = "\(link.host) (\(suffix))"
            suffix += 1
        }
        do {
            let setup = try NetworkSetup(network, ctcp: CTCPConfiguration())
            model.addNetwork(name: network.name, configuration: setup.session, namedAfterServer: true)
            networks.append(network)
            model.note("Opened from \(link.url); this network is not added to the config file.",
                       in: BufferID(network: network.name, name: ""), isError: false, at: Date())
            offerToKeep(network)
            hub.connect(network: network.name, endpoint: setup.endpoint)
            // The channel is joined on registration, as a configured one is; shown then.
            controller.show(BufferID(network: network.name, name: ""))
            if let channel = link.channel { controller.overlays.showOnceJoined(channel, network: network.name) }
            if let nick = link.nick, let query = model.openQuery(nick, network: network.name) { controller.show(query.id) }
            if link.needsKey { noteKeyNeeded(link, network: network.name) }
        } catch {
            model.note("Cannot open \(link.url): \(error)", in: model.networks[0].serverBuffer.id, isError: true, at: Date())
        }
    }

    /// Asks whether a network opened from a link joins the configuration (as `/server add`
    /// would write it: it connects at each start); kept or not, it stays open for this run.
    private func offerToKeep(_ network: NatterConfig.Network) {
        guard settingsStore != nil else { return }   // a session not from the file has none to keep it in
        controller.overlays.confirm("Add \(network.host) to your networks?",
                                    text: "It is open for this run. Added, it is kept in config.toml and connects at "
                                        + "each start (/server del \(network.name) takes it out again).",
                                    confirmWord: "Add it", keepWord: "This run only") { [weak self] yes in
            guard yes, let self, self.model.network(network.name) != nil else { return }
            self.keepInFile(network, connects: true)
            self.model.note("\(network.name) is kept in the config file", in: BufferID(network: network.name, name: ""),
                            isError: false, at: Date())
        }
    }

    private func show(_ link: IRCLink, on network: String) {
        if let channel = link.channel {
            controller.overlays.joinAndShow(channel, network: network)
            if link.needsKey { noteKeyNeeded(link, network: network) }
        } else if let nick = link.nick, let query = model.openQuery(nick, network: network) {
            controller.show(query.id)
        } else {
            controller.show(BufferID(network: network, name: ""))
        }
    }

    private func noteKeyNeeded(_ link: IRCLink, network: String) {
        model.note("\(link.channel ?? "") needs a key, which a link cannot carry: /join \(link.channel ?? "") KEY",
                   in: BufferID(network: network, name: ""), isError: true, at: Date())
    }
}
