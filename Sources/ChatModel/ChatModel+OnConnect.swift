import FoundationEssentials
import IRCSession

/// A network's on-connect commands (`on_connect`): run once registration is complete (the end
/// of the MOTD, when the session is ready and joins the channels), in the server buffer, as if
/// typed there. What they send is handed to the link before the JOINs of that same moment, so
/// a `/mode $nick +x` or a `/msg HostServ on` goes first.
extension ChatModel {
    /// Runs `network`'s on-connect commands, each with `$nick` and `$network` put in.
    func runOnConnect(_ network: ChatNetwork, now time: SessionTime) {
        guard !network.onConnect.isEmpty else { return }
        let now = time.wall
        let server = network.serverBuffer.id
        let commands = Commands(model: self)
        for line in network.onConnect {
            // `$nick` and `$network` only, and no splitting at `;`: a password may hold either
            // `$` or `;`, and must reach the service as written.
            let command = line.replacing("$nick", with: network.nick).replacing("$network", with: network.name)
            switch ChatCommandParser.parse(command) {
            case .success(let parsed):
                if let refusal = commands.refusal(of: parsed, in: server) {
                    note("on_connect \(command.prefix { $0 != " " }): \(refusal)", in: server, isError: true, at: now)
                    continue
                }
                // What only a screen could do (show a buffer) is not done: nobody asked to be
                // taken anywhere by a reconnection. What keeps a change (an ignore, an alias)
                // goes to the app, as when typed.
                let kept = commands.run(parsed, in: server, now: time).filter(\.keepsAChange)
                if !kept.isEmpty { changes.append(.effects(kept)) }
            case .failure(let failure):
                note("on_connect: \(failure.message)", in: server, isError: true, at: now)
            }
        }
    }
}
