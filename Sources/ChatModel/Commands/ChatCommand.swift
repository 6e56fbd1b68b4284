/// What the input line asks for: a message, or one of the slash commands.
public enum ChatCommand: Hashable, Sendable {
    case say(String)
    case me(String)
    case msg(target: String, text: String)
    case notice(target: String, text: String)
    case query(nick: String, text: String?)
    case join(channels: [String], keys: [String])
    case part(channel: String?, reason: String?)
    case cycle(channel: String?)
    case nick(String)
    case topic(String?)
    case whois(String)
    case mode(target: String?, arguments: [String])
    /// /op /deop /voice /devoice: a mode letter given or taken from each nick.
    case memberMode(adding: Bool, mode: Character, nicks: [String])
    case kick(nick: String, reason: String?)
    case ban(mask: String)
    case invite(nick: String, channel: String?)
    case away(String?)
    case back
    case quit(String?)
    case close
    case raw(String)
    case ignore(String?)
    case unignore(String)
    case clear
    /// `/filter [on|off]`: the smart filter of this channel (alone: turned the other way).
    case filter(Bool?)
    case help(String?)
    /// /keys: the keyboard help (as F1).
    case keys
    /// `/settings [SECTION]`: the settings screen (as Ctrl+,), at a section (networks,
    /// appearance, notifications, input, logging, keys, other, scripts) or the first.
    case settings(SettingSection?)
    /// /spell [LANG|off]: this buffer's spell-checking language.
    case spell(String?)
    /// `/connect`: this network; `/connect NETWORK`: another; `/connect irc://…`: a link.
    case connect(String?)
    case disconnect, reconnect
    /// `/ctcp NICK REQUEST [args]` (and `/ping NICK`, a PING without arguments, which is
    /// timed): a CTCP request; its answer shows where it was asked.
    case ctcp(target: String, request: String, arguments: String?)
    /// `/motd [server]`: the message of the day.
    case motd(server: String?)
    /// `/lusers`: how many users and servers the network has.
    case lusers
    /// `/names [#channel]`: who is in a channel (the buffer's by default).
    case names(channel: String?)
    /// `/who MASK`: who matches a mask (a channel, a nick, a host pattern).
    case who(String)
    /// `/whowas NICK`: who had a nick that is gone.
    case whowas(String)
    /// `/knock #channel [message]`: asks to be let into a closed channel.
    case knock(channel: String, message: String?)
    /// `/setname REAL NAME`: changes our real name (where the server has `setname`).
    case setname(String)
    /// `/umode [MODES [ARGS]]`: our own user modes (alone: asks what they are).
    case umode([String])
    /// `/kickban NICK [reason]`: bans by the network's `ban_mask` (``ChatModel/banMask(for:on:)``), then kicks.
    case kickban(nick: String, reason: String?)
    /// `/unban MASK|NICK`: lifts a ban (a nick: the masks a ban of them would have).
    case unban(String)
    /// `/quiet NICK|MASK` and `/unquiet`: the server's quiet mode, where it has one.
    case quiet(String, adding: Bool)
    /// Any other `/WORD args`: sent to the server as typed, the command upper-cased (as
    /// HexChat does), so every command reaches it.
    case serverCommand(name: String, arguments: String?)
    case list(String?)
    /// /react EMOJI: a reaction to the newest message from someone else in the buffer.
    case react(String)
    /// /redact [reason]: deletes your newest message in the buffer.
    case redact(String?)
    /// /monitor [+|-]nick[,nick]: watch (or stop watching) nicks; alone, lists them.
    case monitor(adding: Bool, nicks: [String])
    /// `/server add NAME HOST[:PORT] [-tls|-notls] [-nick N] [-join #a,#b] [-noconnect]`.
    case serverAdd(ServerSpec)
    /// `/server del NAME`.
    case serverRemove(String)
    /// `/server list`.
    case serverList
    /// `/notify all|mentions|none`: how much this buffer asks for attention (alone: what it
    /// asks now). `/notify NICK` is HexChat's: watch a friend (as /monitor +NICK).
    case notifyLevel(NotifyLevel?)
    /// `/set` (every setting), `/set WORD` (one setting, or those whose name or description
    /// holds the word), `/set KEY VALUE` (change it and save), `/set -default KEY` (reset it).
    case set(name: String?, value: String?, reset: Bool)
    /// `/alias` (list them), `/alias NAME` (show one), `/alias NAME EXPANSION` (define it).
    case alias(name: String?, expansion: String?)
    /// `/unalias NAME`.
    case unalias(String)
    /// `/script [list | load NAME | unload NAME | reload NAME | info NAME]`: the user's scripts.
    case script(ScriptRequest)
    /// `/bouncer` (the form), `/bouncer list`, `add KEY=VALUE…`, `change NETWORK KEY=VALUE…`,
    /// `del NETWORK`: the networks of a soju.im/bouncer-networks bouncer.
    case bouncer(BouncerCommand)
    /// `/upload PATH`: put a file on the network's file host (soju.im/FILEHOST); its address
    /// comes back into the input line.
    case upload(String)

    /// Usage of each command, for /help and for errors.
    public static let usage: [(String, String)] = [
        ("/join #channel[,#other] [key[,key]]", "join channels"), ("/part [#channel] [reason]", "leave a channel"),
        ("/cycle [#channel]", "leave and rejoin"), ("/msg NICK|#CHANNEL TEXT", "send a message"),
        ("/query NICK [TEXT]", "open a private conversation"), ("/me ACTION", "send an action"),
        ("/notice TARGET TEXT", "send a notice"), ("/nick NEWNICK", "change your nick"),
        ("/topic [TEXT]", "show or set the topic"), ("/whois NICK", "ask who someone is"),
        ("/mode [TARGET] [MODES [ARGS]]", "set modes, or alone show them"), ("/op /deop /voice /devoice NICK…", "give or take op or voice"),
        ("/kick NICK [reason]", "kick from this channel"), ("/ban NICK|MASK", "ban from this channel (a nick by ban_mask)"),
        ("/invite NICK [#channel]", "invite to a channel"), ("/away [message]", "mark yourself away"),
        ("/back", "no longer away"), ("/quit [reason]", "disconnect from this network"),
        ("/close", "close this buffer (parts a channel)"), ("/raw LINE  (/quote)", "send a raw IRC line"),
        ("/ignore [MASK [LEVELS] [-network] [-time 10m]]", "hide someone (MASK: nick, nick!user@host or $a:account; "
                                                            + "LEVELS: ALL, MSGS, JOINS, … or -LEVEL; no mask: list)"),
        ("/unignore MASK|NUMBER", "stop ignoring"),
        ("/clear", "clear this buffer's lines"),
        ("/filter [on | off]", "hide joins, parts, quits and nick changes of people who have not spoken lately (alone: toggle)"), ("/list [pattern]", "list channels"),
        ("/connect [NETWORK | irc://host/#channel]", "connect this network, another one, or a server by its link"),
        ("/server NETWORK | HOST[:PORT] [-tls | -notls]", "connect a network, or a server for this run (TLS on 6697 unless told)"),
        ("/server add NAME HOST[:PORT] [-tls | -notls] [-nick NICK] [-join #a,#b] [-noconnect] [-sasl ACCOUNT PASSWORD] [-password PASS]",
         "add a network, kept in the configuration (its passwords in the keyring)"),
        ("/server del NAME  /server list", "remove a network from the configuration, or list them"),
        ("/disconnect /reconnect", "this network's connection"), ("/help [command]", "this help"),
        ("/ctcp NICK REQUEST [args]", "ask someone's client (VERSION, TIME, CLIENTINFO…)"),
        ("/ping NICK", "how long a message takes to someone and back (CTCP PING)"),
        ("/motd [server]", "the server's message of the day"), ("/lusers", "how many users the network has"),
        ("/names [#channel]", "who is in a channel (this one by default)"),
        ("/who MASK", "who matches a mask (#channel, nick, *.example.org)"), ("/whowas NICK", "who had a nick that is gone"),
        ("/knock #channel [message]", "ask to be let into a closed channel"),
        ("/setname REAL NAME", "change your real name (where the server allows it)"),
        ("/umode [MODES]", "set your own modes (alone: show them)"),
        ("/kickban NICK [reason]", "ban by ban_mask, then kick"), ("/unban MASK|NICK", "lift a ban"),
        ("/quiet NICK|MASK  /unquiet", "keep someone from talking here (where the server has a quiet mode)"),
        ("/ns /cs /ms /hs TEXT", "talk to NickServ, ChanServ, MemoServ, HostServ (passwords stay hidden)"),
        ("/COMMAND [args]", "any other command goes to the server as typed"),
        ("/alias [NAME [EXPANSION]]", "your own command: $1…$9, $2- (the rest), $*, $nick, $channel, $network; ; between commands (alone: list them)"),
        ("/unalias NAME", "forget an alias"),
        ("/script [list | load NAME | unload NAME | reload NAME | info NAME]",
         "your Lua scripts (in the data folder's natter/scripts; autoload/ loads at start)"),
        ("/set [WORD | KEY VALUE | -default KEY]", "the settings: list them, those with WORD, change one (saved in config.toml); "
                                                  + "a network's or buffer's key alone means this one (/set nick me)"),
        ("/upload PATH", "put a file on this network's file host, where its server offers one (soju.im/FILEHOST); "
                         + "its address comes into the input line (a dropped file or a pasted path does the same)"),
        ("/keys", "every key and what it does (F1)"),
        ("/settings [networks | appearance | notifications | input | logging | keys | other]", "the settings screen (Ctrl+,)"),
        ("/spell [LANG | off]", "check this buffer's spelling in LANG (en_US, de_DE…), or not"),
        ("/react EMOJI", "react to the newest message (click a reaction to take it back)"),
        ("/redact [reason]", "delete your newest message"),
        ("/monitor [+|-]NICK[,NICK]", "watch friends coming online (alone: list them)"),
        ("/notify [all | mentions | none]", "how much this buffer notifies and counts (none: muted); /notify NICK watches a friend"),
        ("/bouncer [list | add KEY=VALUE… | change NETWORK KEY=VALUE… | del NETWORK]",
         "the bouncer's networks (alone: the form); keys: name host port tls nickname username realname pass"),
    ]
}

extension ChatCommand {
    /// The entries of ``usage`` that name `/name` (or the command it is another name for):
    /// one of the words of the form, `(/quote)` included.
    public static func usage(of name: String) -> [(String, String)] {
        let name = name.lowercased()
        let wanted = "/" + (ChatCommandParser.aliases[name] ?? name)
        return usage.filter { entry in
            entry.0.split(whereSeparator: { " |()".contains($0) }).contains { $0.lowercased() == wanted }
        }
    }
}

/// `/bouncer …`: what to do with the networks of a soju.im/bouncer-networks bouncer. A network
/// is named by its netid or its `name` attribute.
public enum BouncerCommand: Hashable, Sendable {
    case form
    case list
    case add([String: String])
    case change(network: String, [String: String])
    case delete(network: String)
}
