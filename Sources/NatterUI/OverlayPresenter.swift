import ChatModel
import FoundationEssentials
import Widgets

/// What opens over or in place of the message list: the channel list (`/list`), the quick
/// switcher (Ctrl+K), the keyboard help (F1, `/keys`) and the bouncer networks form
/// (`/bouncer`). Each is made when first opened; the switcher and the help are made again
/// after a theme change.
@MainActor
public final class OverlayPresenter {
    unowned let chat: ChatController
    var model: ChatModel { chat.model }
    var screen: ChatScreen { chat.screen }
    /// The bouncer networks form, made when first opened, and its bouncer's own network.
    public internal(set) var bouncerForm: BouncerNetworkForm?
    var bouncerFormControl: String?
    /// The quick switcher (Ctrl+K), made when first opened.
    public private(set) var switcher: QuickSwitcher?
    /// The keyboard help, made when first opened.
    public private(set) var keyHelp: KeyHelpView?
    /// The image open over the window (``openImage(_:)``), and its "Save image as…" dialog.
    public internal(set) var imageViewer: ImageViewer?
    public internal(set) var imageSaveDialog: ImageSaveDialog?
    /// The disk, for "Save image as…" (the app's; nil: the item is disabled).
    public var imageFiles: (any ImageFileSaving)?
    /// After /list: the network whose channel list to show once it arrives.
    var showListWhenReady: String?
    /// A channel joined from the channel list, shown as soon as the server confirms the join.
    var showWhenJoined: (network: String, name: String, until: Double)?

    init(chat: ChatController) { self.chat = chat }

    /// A buffer was shown: the channel list takes the message list's place for a channels
    /// buffer, and gives it back otherwise.
    func didShow(_ buffer: ChatBuffer) { presentChannelList(buffer) }

    /// A frame's changes: the channel list's rows, the bouncer form's networks, and a channel
    /// list or a joined channel waiting to be shown.
    func apply(_ frame: FrameChanges) {
        if frame.channelList { refreshChannelList() }
        if frame.sidebar { refreshBouncerForm() }
        if let network = showListWhenReady, let list = model.network(network)?.buffers.first(where: { $0.kind == .channelList }) {
            showListWhenReady = nil
            chat.show(list.id)
        }
        showJoinedChannel()
    }

    /// The switcher and the help are made again, in the new theme, when next opened.
    func apply(_ theme: ChatTheme) {
        switcher?.dismiss()
        switcher = nil
        keyHelp?.dismiss()
        keyHelp = nil
        imageViewer?.theme = theme
    }

    /// Opens the quick switcher over every buffer of every network (and the Mentions view), the
    /// current one left out.
    public func openSwitcher() {
        guard let host = screen.host else { return }
        let switcher = self.switcher ?? QuickSwitcher(theme: chat.styler.theme)
        self.switcher = switcher
        switcher.onChoose = { [weak self] id in self?.chat.show(id) }
        var candidates: [QuickSwitcher.Candidate] = []
        let mentions = model.mentions
        candidates.append(.init(id: mentions.id, title: "Mentions", network: "", unread: mentions.unread,
                                highlights: mentions.unread, lastActivity: Self.activity(mentions)))
        for network in model.networks {
            for buffer in network.buffers where buffer.kind != .channelList {
                candidates.append(.init(id: buffer.id, title: buffer.kind == .server ? network.name : buffer.name,
                                        network: network.name, unread: buffer.unread, highlights: buffer.highlights,
                                        lastActivity: Self.activity(buffer)))
            }
        }
        switcher.candidates = candidates.filter { $0.id != chat.current }
        switcher.show(in: host)
    }

    /// When something last happened in `buffer` (its newest line), for the switcher's order.
    static func activity(_ buffer: ChatBuffer) -> Double {
        buffer.scrollback.lines.last?.time.timeIntervalSince1970 ?? 0
    }

    /// Opens the keyboard help with the bindings in use (the user's included).
    public func openKeyHelp() {
        guard let host = screen.host else { return }
        let help = keyHelp ?? KeyHelpView(theme: chat.styler.theme)
        keyHelp = help
        help.show(in: host, bindings: chat.keyBindings)
    }
}
