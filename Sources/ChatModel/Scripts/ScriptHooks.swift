import FoundationEssentials
import IRCProtocol
import IRCSession

/// The places where user scripts take part in what the model does: lines in and out, messages
/// arriving and being sent, commands of their own, and what happens on the networks. The app
/// gives the model one (``ChatModel/scripts``: the scripts module's manager, which sits above);
/// the model asks it only for what ``hooked`` says some script wants, so with no script loaded
/// a message costs one test of a set.
///
/// Called on the UI thread, inside the model's own work: an implementation must not change the
/// model from these calls (what a script asks to be done is carried out later, from the app's
/// loop), only read it.
public protocol ScriptHooks: AnyObject {
    /// What at least one loaded script hooks.
    var hooked: ScriptHookSet { get }
    /// A line from `network`'s server, before the session reads it: the same, another, or nil
    /// to drop it.
    func received(_ message: IRCMessage, network: String) -> IRCMessage?
    /// Lines about to be handed to `network`'s link: the same, changed, or fewer.
    func sending(_ messages: [IRCMessage], network: String) -> [IRCMessage]
    /// A PRIVMSG, NOTICE or ACTION about to be shown: what the scripts make of it.
    func arriving(_ message: ArrivingMessage) -> ArrivalVerdict
    /// Text the user typed as a message (`action`: `/me`) in buffer `id`: the text to send, or
    /// a refusal naming the script that kept it.
    func sendingOwn(_ text: String, action: Bool, in id: BufferID) -> OwnMessageVerdict
    /// Something happened that scripts may follow.
    func happened(_ event: ScriptEvent)
    /// The scripts' own commands, for `/help` and Tab.
    var commands: [ScriptCommandInfo] { get }
    /// Runs the script command `name` with `arguments` (the rest of the line) typed in `id`.
    func runCommand(_ name: String, arguments: String, in id: BufferID)
    /// Completions for the arguments of script command `name`, given what is typed after it.
    func completions(ofCommand name: String, arguments: String) -> [String]
    /// The names of the scripts loaded, and of those in the scripts folder (loaded or not), for
    /// Tab after `/script unload` and `/script load`.
    var loadedScripts: [String] { get }
    var availableScripts: [String] { get }
    /// `/script …` typed in buffer `id`; what it answers is noted there.
    func manage(_ request: ScriptRequest, in id: BufferID)
}

/// Which of the model's hook points some script wants called.
public struct ScriptHookSet: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let received = ScriptHookSet(rawValue: 1)
    public static let sending = ScriptHookSet(rawValue: 2)
    public static let arriving = ScriptHookSet(rawValue: 4)
    public static let sendingOwn = ScriptHookSet(rawValue: 8)
    public static let events = ScriptHookSet(rawValue: 16)
}

/// A message on its way into a buffer, as scripts see it.
public struct ArrivingMessage: Sendable, Hashable {
    /// A TAGMSG (client tags only) is never shown: the scripts module tells its hooks of it.
    public enum Kind: String, Sendable, Hashable { case privmsg, notice, action, tagmsg }
    public var network: String
    /// The buffer's name ("" for the server buffer).
    public var buffer: String
    public var kind: Kind
    public var nick: String?
    public var user: String?
    public var host: String?
    public var account: String?
    public var text: String
    public var tags: [String: String]
    public var isHighlight: Bool
    public var isOwn: Bool
    public var time: Date
    public var msgid: String?

    public init(network: String, buffer: String, kind: Kind, nick: String?, user: String?, host: String?, account: String?,
                text: String, tags: [String: String], isHighlight: Bool, isOwn: Bool, time: Date, msgid: String?) {
        self.network = network
        self.buffer = buffer
        self.kind = kind
        self.nick = nick
        self.user = user
        self.host = host
        self.account = account
        self.text = text
        self.tags = tags
        self.isHighlight = isHighlight
        self.isOwn = isOwn
        self.time = time
        self.msgid = msgid
    }
}

/// What the scripts made of an arriving message.
public enum ArrivalVerdict: Sendable, Hashable {
    /// Shown as it is.
    case keep
    /// Shown as a highlight (counted, in Mentions, notified as one).
    case highlight
    /// Not shown (the log keeps it).
    case hide
}

/// What the scripts made of a message the user typed.
public enum OwnMessageVerdict: Sendable, Hashable {
    /// Sent with this text.
    case send(String)
    /// Not sent: this script kept it back.
    case cancelled(by: String)
}

/// What happened, for scripts that follow it (`natter.on`).
public enum ScriptEvent: Sendable, Hashable {
    case bufferOpened(BufferID, kind: BufferKind)
    case bufferClosed(BufferID)
    case bufferSwitched(BufferID)
    case connected(network: String, nick: String)
    case disconnected(network: String)
    case nickChanged(network: String, old: String, new: String, isOwn: Bool)
    case joined(network: String, channel: String, nick: String, isOwn: Bool)
    case parted(network: String, channel: String, nick: String, reason: String?, isOwn: Bool)
    case quit(network: String, nick: String, reason: String?, channels: [String])
    case kicked(network: String, channel: String, nick: String, by: String, reason: String?, isOwn: Bool)
    /// A setting changed, by its full name as `/set` writes it.
    case settingChanged(String)
}

/// A script's own command, as `/help` lists it.
public struct ScriptCommandInfo: Sendable, Hashable {
    /// The name typed after the slash, in lower case.
    public var name: String
    /// How it is typed (`/urls [COUNT]`).
    public var usage: String
    /// What it does.
    public var help: String
    /// The script it belongs to.
    public var script: String

    public init(name: String, usage: String, help: String, script: String) {
        self.name = name
        self.usage = usage
        self.help = help
        self.script = script
    }
}

/// `/script …`: what to do with the user's scripts.
public enum ScriptRequest: Sendable, Hashable {
    case list
    case load(String)
    case unload(String)
    case reload(String)
    case info(String)
}
