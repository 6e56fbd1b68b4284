import FoundationEssentials
import IRCSession

extension ChatModel {
    /// Shows the whole answer to a question as one line in the buffer it was asked in (the
    /// server buffer when that is gone, or when nobody asked): the line carries the answer
    /// for the UI to draw as a card or table, and its text for the logs and search.
    func applyAnswer(_ answer: Answer, on network: ChatNetwork, at time: Date) {
        let buffer = answer.origin.flatMap { network.buffer(named: $0) } ?? network.serverBuffer
        var line = ChatLine(id: localID(), time: time, kind: .info, text: AnswerText.text(of: answer, at: time))
        line.answer = answer
        append(line, to: buffer, on: network, countsUnread: false)
    }
}
