import ChatModel
import IRCSession
import Widgets

/// The channel list view (`/list`): shown in the message list's place for a channels buffer,
/// fed from the model's listing as it arrives; joining from it (or from an irc:// link) shows
/// the channel once joined.
extension OverlayPresenter {
    /// Puts the channel list in the message list's place when `buffer` is a channels buffer,
    /// and the message list back otherwise.
    func presentChannelList(_ buffer: ChatBuffer) {
        let isList = buffer.kind == .channelList
        let view = screen.channelList
        let hadFocus = screen.host?.focusedWidget === view.field || screen.host?.focusedWidget === view
        screen.showsChannelList = isList
        guard isList else {
            if hadFocus { screen.host?.focus(screen.input) }
            return
        }
        let network = buffer.id.network
        view.onJoin = { [weak self] name in self?.joinAndShow(name, network: network) }
        refreshChannelList()
        screen.host?.focus(view.field)
    }

    /// Gives the view the current network's listing as it is now.
    func refreshChannelList() {
        guard let current = chat.current, model.buffer(current)?.kind == .channelList else { return }
        screen.channelList.update(model.channelListing(network: current.network) ?? ChannelListing())
    }

    /// Joins `channel` on `network` (unless joined already) and shows it once the server has
    /// confirmed the join: the channel list's Enter, an irc:// link.
    public func joinAndShow(_ channel: String, network: String) {
        if model.network(network)?.buffer(named: channel)?.isJoined != true {
            chat.perform(.join([ChannelKey(channel)]), network: network)
        }
        showOnceJoined(channel, network: network)
    }

    /// Shows `channel` on `network` as soon as it is joined (now, if it is), within a minute:
    /// a join the server refused (banned, invite only) must not switch the view when the
    /// channel is joined much later some other way.
    public func showOnceJoined(_ channel: String, network: String) {
        showWhenJoined = (network, channel, chat.clock().monotonic + 60)
        showJoinedChannel()
    }

    /// Shows the channel joined from the list once the server has confirmed the join.
    func showJoinedChannel() {
        guard let wanted = showWhenJoined else { return }
        guard chat.clock().monotonic < wanted.until else {
            showWhenJoined = nil
            return
        }
        guard let buffer = model.network(wanted.network)?.buffer(named: wanted.name), buffer.isJoined else { return }
        showWhenJoined = nil
        chat.show(buffer.id)
    }
}
