import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Widgets

/// What a headless chat handed to its link, as serialized lines.
@MainActor
final class SentLines {
    var lines: [String] = []
}

/// A headless chat on network "Net" as nick "me", fed `lines` from the server, its screen in a
/// host of `size` with a clipboard in memory, showing `shown` when given: the rig of the
/// screen tests. What the chat sends is recorded from here on.
@MainActor
func chatRig(_ lines: [String], size: Size = Size(width: 1000, height: 640), showing shown: String? = nil,
             clipboard: MemoryClipboard = MemoryClipboard()) throws -> (ChatStack, WidgetHost, SentLines) {
    let chat = ChatStack.headless()
    let sent = SentLines()
    chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
    chat.model.linkRequests = { _, request in
        if case .send(let lines, _) = request { sent.lines += lines.map { $0.serialized() } }
    }
    chat.model.deliver(.connected(now: SessionTime(0)), network: "Net")
    for line in lines {
        chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "Net")
    }
    let host = WidgetHost(root: chat.screen, size: size, measurer: FixedMeasurer(), clipboard: clipboard)
    if let shown { chat.controller.show(BufferID(network: "Net", name: shown)) }
    chat.controller.sync()
    host.layoutIfNeeded()
    host.focus(chat.screen.input)
    sent.lines.removeAll()
    return (chat, host, sent)
}
