import NatterUI
import Widgets

/// One line of `metrics.jsonl`.
struct SnapshotMetrics: Encodable {
    struct Input: Encodable { var text: String; var cursor: Int }
    var name: String
    var t: Double
    var buffer: String
    var list: ListMetrics
    var input: Input
    var sent: [String]
    /// What the app put on the clipboard (extension of the format), `null` when nothing.
    var clipboard: String?
    /// The find bar (extension of the format).
    var find: Find
    /// The nick list: its filter, the nicks it shows, whether it has the keyboard (extension).
    var nicks: Nicks
    /// The line chosen with the keyboard in the Mentions view (extension), `null` when none.
    var chosen: String?
    /// Who is typing, as the footnote over the list says it (extension), `null` when nobody.
    var typing: String?
    /// The msgid the next message replies to (extension), `null` when none.
    var replyingTo: String?
    /// The tooltip shown (extension), `null` when none.
    var tooltip: String?
    /// The channel list view while it is shown (extension), `null` otherwise.
    var channels: Channels?
    /// The buffer list's network headings and the status lines under it (extension).
    var sidebar: Sidebar
    /// Where the side panes are and how wide (extension).
    var panes: Panes
    /// The settings screen while it is open.
    var settings: Settings?
    /// The image viewer while it is open (extension), `null` otherwise.
    var viewer: Viewer?

    /// The image viewer: its zoom (1: one image pixel per screen pixel), the image's rectangle
    /// in the window, whether it moves, its menu's items while open, the save dialog's path and
    /// message while open.
    struct Viewer: Encodable {
        var zoom: Double
        var image: [Double]
        var animating: Bool
        var fitted: Bool
        var menu: [String]?
        var savePath: String?
        var saveMessage: String?

        enum CodingKeys: String, CodingKey { case zoom, image, animating, fitted, menu, savePath, saveMessage }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(zoom, forKey: .zoom)
            try c.encode(image, forKey: .image)
            try c.encode(animating, forKey: .animating)
            try c.encode(fitted, forKey: .fitted)
            try c.encode(menu, forKey: .menu)              // null rather than left out
            try c.encode(savePath, forKey: .savePath)
            try c.encode(saveMessage, forKey: .saveMessage)
        }
    }

    struct Settings: Encodable {
        /// The section shown (`SettingSection`'s raw value).
        var section: String
        /// The full name of the setting whose control has the keyboard, if any.
        var focused: String?
        /// `NAME: why` for each field holding a refused value.
        var refused: [String]
        /// `NAME = VALUE` for each setting shown, as the store has it.
        var values: [String]

        enum CodingKeys: String, CodingKey { case section, focused, refused, values }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(section, forKey: .section)
            try c.encode(focused, forKey: .focused)       // null rather than left out
            try c.encode(refused, forKey: .refused)
            try c.encode(values, forKey: .values)
        }
    }

    /// The channel list: its filter, its order (`users` or `name`), the channels shown in
    /// order, the chosen one, whether the filter has the keyboard.
    struct Channels: Encodable {
        var filter: String
        var order: String
        var shown: [String]
        var selected: String?
        var focused: Bool
    }

    struct Sidebar: Encodable {
        var networks: [String]
        var status: [String]
    }

    /// The buffer list and the nick list: each `beside` the messages, `over` them or `hidden`,
    /// with its width (the user's, kept while hidden); and the messages' width.
    struct Panes: Encodable {
        var bufferList: String
        var bufferListWidth: Double
        var nickList: String
        var nickListWidth: Double
        var messagesWidth: Double

        @MainActor
        init(_ screen: ChatScreen) {
            func name(_ place: ChatScreen.PanePlace) -> String {
                switch place {
                case .beside: "beside"
                case .over: "over"
                case .hidden: "hidden"
                }
            }
            bufferList = name(screen.bufferListPlace)
            bufferListWidth = screen.sidebarWidth
            nickList = name(screen.nickListPlace)
            nickListWidth = screen.nickListWidth
            messagesWidth = screen.topicBar.frame.width
        }
    }

    struct Nicks: Encodable {
        var filter: String
        var shown: [String]
        var focused: Bool
    }

    /// The find bar's state: open, its query, how many matches, which one is shown (1-based,
    /// newest first) and its line id, the text beside the field, whether the field has focus.
    struct Find: Encodable {
        var open: Bool
        var query: String
        var matches: Int
        var current: Int?
        var currentID: String?
        var status: String
        var focused: Bool

        enum CodingKeys: String, CodingKey { case open, query, matches, current, currentID, status, focused }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(open, forKey: .open)
            try c.encode(query, forKey: .query)
            try c.encode(matches, forKey: .matches)
            try c.encode(current, forKey: .current)       // null rather than left out
            try c.encode(currentID, forKey: .currentID)
            try c.encode(status, forKey: .status)
            try c.encode(focused, forKey: .focused)
        }
    }

    enum CodingKeys: String, CodingKey { case name, t, buffer, list, input, sent, clipboard, find, nicks, chosen, typing, replyingTo, tooltip, channels, sidebar, panes, settings, viewer }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(t, forKey: .t)
        try c.encode(buffer, forKey: .buffer)
        try c.encode(list, forKey: .list)
        try c.encode(input, forKey: .input)
        try c.encode(sent, forKey: .sent)
        try c.encode(clipboard, forKey: .clipboard)   // null rather than left out
        try c.encode(find, forKey: .find)
        try c.encode(nicks, forKey: .nicks)
        try c.encode(chosen, forKey: .chosen)         // null rather than left out
        try c.encode(typing, forKey: .typing)
        try c.encode(replyingTo, forKey: .replyingTo)
        try c.encode(tooltip, forKey: .tooltip)
        try c.encode(channels, forKey: .channels)     // null rather than left out
        try c.encode(sidebar, forKey: .sidebar)
        try c.encode(panes, forKey: .panes)
        try c.encode(settings, forKey: .settings)     // null rather than left out
        try c.encode(viewer, forKey: .viewer)
    }
}
