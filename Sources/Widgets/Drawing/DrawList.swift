/// An ordered list of ``DrawCommand``s with balanced clip pushes, built by painting.
///
/// ```swift
/// var list = DrawList()
/// host.paint(into: &list)
/// for command in list.commands { backend.execute(command) }
/// ```
public struct DrawList: Hashable, Sendable {
    /// The commands in execution order.
    public private(set) var commands: [DrawCommand] = []
    private var clipStack: [Rect] = []

    /// Creates an empty list.
    public init() {}

    /// Appends a command. O(1) amortised.
    public mutating func append(_ command: DrawCommand) {
        switch command {
        case .pushClip(let rect):
            let effective = clipStack.last.map { $0.intersection(rect) } ?? rect
            clipStack.append(effective)
        case .popClip:
            precondition(!clipStack.isEmpty, "popClip without pushClip")
            clipStack.removeLast()
        default:
            break
        }
        commands.append(command)
    }

    /// The clip in force at the end of the list (the intersection of the pushed rectangles),
    /// or `nil` when no clip is pushed.
    public var currentClip: Rect? { clipStack.last }

    /// Removes every command.
    public mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
        clipStack.removeAll()
    }

    /// All `.text` commands, in order (handy for tests and headless dumps).
    public var textDraws: [TextDraw] {
        commands.compactMap { if case .text(let t) = $0 { return t } else { return nil } }
    }
}
