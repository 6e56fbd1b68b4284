import ChatModel
import FoundationEssentials
import IRCSession

/// The chat above the network, built one way for the window, `natter render` scenarios, the
/// bench and the tests: the model, the chat screen and the controller binding them, sharing
/// one theme and one clock. The model's link (`ChatModel.linkRequests`) is left to the caller:
/// the app's network hub, or a record of what would have been sent.
@MainActor
public struct ChatStack {
    public let model: ChatModel
    public let screen: ChatScreen
    public let controller: ChatController

    /// A stack over a new model with `settings`, logging to `logs`, drawn with `theme`, its
    /// times shown in `timeZone`, reading the time from `clock`.
    public init(settings: ModelSettings = ModelSettings(), logs: LogStore? = nil, theme: ChatTheme = .dark,
                timeZone: LocalZone = .current, clock: @escaping () -> SessionTime) {
        model = ChatModel(settings: settings, logs: logs)
        screen = ChatScreen(theme: theme)
        controller = ChatController(model: model, screen: screen, styler: ChatLineStyler(theme: theme, timeZone: timeZone),
                                    clock: clock)
    }

    /// A stack for tests and scenarios: times in UTC, no logs unless given; the caller sets the
    /// model's link (`ChatModel.linkRequests`) if it wants what is sent.
    public static func headless(settings: ModelSettings = ModelSettings(), logs: LogStore? = nil,
                                clock: @escaping () -> SessionTime = { SessionTime(0) }) -> ChatStack {
        ChatStack(settings: settings, logs: logs, timeZone: .utc, clock: clock)
    }
}
