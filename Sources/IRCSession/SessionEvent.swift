import FoundationEssentials
import IRCProtocol

/// Something the model should know. Channel names and nicks are spelled as the server sent them;
/// the session's own ``SessionState`` already reflects the change when the event is emitted.
public enum SessionEvent: Sendable, Hashable {
    // MARK: Connection
    /// The connection phase changed.
    case connectionPhase(ConnectionPhase)
    /// 001 arrived: we are registered as `nick` on `server`.
    case registered(nick: String, server: String)
    /// Every nick we could think of was refused; registration gave up and sent QUIT.
    case nickUnavailable(tried: [String])
    /// The capabilities in use changed (after ACK, NAK, NEW or DEL).
    case capabilitiesChanged(enabled: Set<String>)
    /// The SASL exchange ended.
    case sasl(SASLOutcome)
    /// Round-trip time of our own PING, in seconds.
    case lag(Double)
    /// No data for ``KeepaliveConfiguration/deadAfter`` seconds: close the link and reconnect.
    case linkDead(silentFor: Double)
    /// The server sent `ERROR` (it is about to close the link).
    case serverError(String)

    // MARK: Messages
    /// A message for a buffer (live, not history).
    case message(BufferMessage)
    /// A CTCP PING of ours came back from `nick` after `seconds` (the round trip); the reply
    /// is reported this way instead of as a message.
    case ctcpPingReply(nick: String, seconds: Double)
    /// A history batch ended: its messages, without those already shown (by msgid).
    case history(HistoryBatch)
    /// After a reconnect, what was said in `target` after `from` (the last line seen, or
    /// fetched) up to `to` (`nil`: up to the next line shown) could not be fetched: the server
    /// keeps no history, refused the request, or more was missed than Natter fetches.
    case historyGap(target: String, from: Date, to: Date?, reason: HistoryGapReason)
    /// Someone's typing state in a buffer changed (`+typing`).
    case typing(TypingNotice)
    /// A reaction was added to or taken from a message.
    case reaction(Reaction)
    /// A message was deleted (`REDACT`).
    case redaction(Redaction)
    /// A draft/read-marker update: `target` has been read up to `timestamp` (`nil` = never).
    case readMarker(target: String, timestamp: Date?)

    // MARK: Channels and users
    /// Someone (maybe us) joined. `account` and `realName` come with `extended-join`.
    case joined(channel: String, user: IRCSource, account: String?, realName: String?, isOwn: Bool)
    /// Someone (maybe us) left a channel.
    case parted(channel: String, user: IRCSource, reason: String?, isOwn: Bool)
    /// `nick` (maybe us) was kicked by `by`.
    case kicked(channel: String, nick: String, by: IRCSource?, reason: String?, isOwn: Bool)
    /// Someone quit; `channels` are the channels we shared with them.
    case quit(user: IRCSource, reason: String?, channels: [String])
    /// Several users split off at once (a `netsplit` batch); their quits are not reported one by one.
    case netsplit(servers: String, users: [String], channels: [String])
    /// Several users came back at once (a `netjoin` batch).
    case netjoin(servers: String, users: [String], channels: [String])
    /// Someone (maybe us) changed nick; `channels` are the channels we share with them.
    case nickChanged(from: String, to: String, isOwn: Bool, channels: [String])
    /// Modes changed on a channel or on us.
    case modeChanged(target: String, by: IRCSource?, changes: [ModeChange])
    /// A channel topic was received (332/333) or changed (TOPIC).
    case topic(channel: String, topic: String, setBy: String?, setAt: Date?, isChange: Bool)
    /// The complete member list of a channel is known (366 after 353s).
    case membersComplete(channel: String, members: [ChannelMember])
    /// Someone went away (`message` set) or came back (`nil`); `away-notify` or 301/305/306.
    case away(nick: String, message: String?)
    /// Someone's user or host changed (`chghost`).
    case hostChanged(nick: String, user: String, host: String)
    /// Someone's real name changed (`setname`).
    case realNameChanged(nick: String, realName: String)
    /// Someone logged in (`account`) or out (`nil`) (`account-notify`, 900/901).
    case accountChanged(nick: String, account: String?)
    /// `by` invited `nick` (us, or with `invite-notify` someone else) to `channel`.
    case invited(channel: String, nick: String, by: IRCSource?)
    /// MONITOR: these users came online.
    case monitorOnline([IRCSource])
    /// MONITOR: these nicks went offline.
    case monitorOffline([String])
    /// The server left a batch of `type` open for `openFor` seconds (or opened too many): it
    /// was closed for it, and what it held was handled.
    case batchAbandoned(type: String, openFor: Double)
    /// STS on a plaintext link: the server wants us back over TLS on `port`, now. Nothing more
    /// was sent over this link.
    case stsUpgrade(port: Int)
    /// STS on a secure link: keep connecting to this host over TLS (on this port) for
    /// `duration` seconds from now (0: forget the policy).
    case stsPolicy(duration: Int, preload: Bool)
    /// SASL was configured and did not log us in, and the policy (`saslFailure`) is not to stay:
    /// QUIT went; the link should close, and be opened again later if `reconnect`.
    case saslAbandoned(reason: String, reconnect: Bool)
    /// soju.im/bouncer-networks: a network of the bouncer, its attributes, or its removal.
    case bouncerNetwork(BouncerNetworkUpdate)
    /// The bouncer listed all its networks (the first notification batch, or LISTNETWORKS):
    /// any other network known from before is gone.
    case bouncerNetworksListed(netids: [String])
    /// The bouncer refused to bind this connection to its network (`FAIL BOUNCER <code> BIND`).
    case bouncerBindRefused(code: String, description: String)
    /// The bouncer did what we asked (`ADDNETWORK`, `CHANGENETWORK`, `DELNETWORK`) for `id`.
    case bouncerRequestDone(subcommand: String, id: String)
    /// This connection was to be bound to bouncer network `netid`, but the server does not
    /// offer `soju.im/bouncer-networks`.
    case bouncerBindUnavailable(netid: String)

    // MARK: Replies and our sends
    /// A numeric or server reply to show (errors included), in the server buffer or `target`.
    case serverReply(ServerReply)
    /// An IRCv3 standard reply (FAIL / WARN / NOTE).
    case standardReply(StandardReply)
    /// The whole answer to a question (WHOIS, WHOWAS, WHO, NAMES, the MOTD), for the buffer
    /// it was asked in.
    case answer(Answer)
    /// A message could not be sent now and waits for the next registration.
    case messageQueued(PendingMessage)
    /// Queued messages went out after re-registration.
    case pendingSent([Int])
    /// Queued messages were discarded by the user and will never be sent.
    case pendingFailed([PendingMessage])
    /// An intent could not be carried out (for example a history request while one is running).
    case intentRejected(UserIntent, reason: String)
}
