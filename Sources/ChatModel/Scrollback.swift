import DequeModule

/// A buffer's lines, oldest first, in a `Deque` so that appending new lines and prepending
/// older history are both O(1) per line. Capped: when more than `cap` lines are held, the oldest
/// `trimBatch` (at least the excess) are dropped at once, so trims are rare. A batch never
/// exceeds half the cap: a small scrollback with a large batch would otherwise lose nearly all
/// of its lines at once (`lines = 100` with the default batch of 500 kept one line).
public struct Scrollback: Sendable {
    /// The lines, oldest first.
    public private(set) var lines: Deque<ChatLine> = []
    /// Each line as the find bar compares it (``SearchQuery/key(for:)``: nick and text,
    /// formatting stripped, lowercased, UTF-8), kept in step with ``lines`` once the buffer was
    /// first searched (``enableSearch()``), so that a search of 100,000 lines is a byte scan;
    /// `nil` before, so buffers nobody searches cost no memory for it.
    public private(set) var search: SearchCorpus?
    /// Most lines kept.
    public let cap: Int
    /// How many lines a trim drops at least.
    public let trimBatch: Int
    private var ids: Set<String> = []
    private var reservedForCap = false

    /// An empty scrollback keeping at most `cap` lines, trimming `trimBatch` at a time.
    public init(cap: Int = 10_000, trimBatch: Int = 500) {
        precondition(cap > 0 && trimBatch > 0)
        self.cap = cap
        self.trimBatch = min(trimBatch, max(1, cap / 2))
    }

    /// Number of lines held.
    public var count: Int { lines.count }

    /// Whether a line with this id is held (for de-duplicating history by msgid). O(1).
    public func contains(id: String) -> Bool { ids.contains(id) }

    /// Appends a line (unless one with its id is already held) and trims when over the cap.
    /// Returns how many lines were appended (0 or 1) and how many were trimmed from the top.
    @discardableResult
    public mutating func append(_ line: ChatLine) -> (appended: Int, trimmed: Int) {
        guard ids.insert(line.id).inserted else { return (0, 0) }
        reserveForCapIfDue()
        lines.append(line)
        search?.append(SearchQuery.key(for: line))
        return (1, trimIfNeeded())
    }

    /// Inserts a line after every held line of its time or older (a replayed line lands where
    /// it belongs rather than after lines that came before it), unless one with its id is
    /// held, and trims when over the cap. Returns where it went (after the trim; `nil` when
    /// not added, or trimmed at once) and how many lines were trimmed. O(log n) to find the
    /// place, O(distance from the end) to insert.
    @discardableResult
    public mutating func insert(inTimeOrder line: ChatLine) -> (index: Int?, trimmed: Int) {
        guard !ids.contains(line.id) else { return (nil, 0) }
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].time <= line.time { low = mid + 1 } else { high = mid }
        }
        guard low < lines.count else {
            let (appended, trimmed) = append(line)
            return (appended > 0 ? lines.count - 1 : nil, trimmed)
        }
        ids.insert(line.id)
        lines.insert(line, at: low)
        search?.insert(SearchQuery.key(for: line), at: low)
        let trimmed = trimIfNeeded()
        return (low >= trimmed ? low - trimmed : nil, trimmed)
    }

    /// Puts older lines before the oldest held (skipping ids already held), keeping their
    /// order. Returns how many were prepended. Never trims: older history that the reader asked
    /// for stays until newer lines push it out.
    @discardableResult
    public mutating func prepend(_ older: [ChatLine]) -> Int {
        var fresh: [ChatLine] = []
        for line in older where !ids.contains(line.id) {
            ids.insert(line.id)
            fresh.append(line)
        }
        lines.insert(contentsOf: fresh, at: 0)
        search?.prepend(fresh.map { SearchQuery.key(for: $0) })
        return fresh.count
    }

    /// Replaces the line with `id` (an edit or redaction); returns its index, or nil.
    @discardableResult
    public mutating func replace(id: String, with line: ChatLine) -> Int? {
        guard let index = lines.lastIndex(where: { $0.id == id }) else { return nil }
        lines[index] = line
        search?.replace(at: index, with: SearchQuery.key(for: line))
        if line.id != id {
            ids.remove(id)
            ids.insert(line.id)
        }
        return index
    }

    /// Removes the line with `id`; returns whether it was held.
    @discardableResult
    public mutating func remove(id: String) -> Bool {
        guard ids.contains(id), let index = lines.lastIndex(where: { $0.id == id }) else { return false }
        ids.remove(id)
        lines.remove(at: index)
        search?.remove(at: index)
        return true
    }

    /// Makes the search keys of every line, and keeps them from now on. O(n) the first time.
    public mutating func enableSearch() {
        guard search == nil else { return }
        search = SearchCorpus(lines)
    }

    /// Removes every line.
    public mutating func removeAll() {
        lines.removeAll()
        search?.removeAll()
        ids.removeAll()
        reservedForCap = false   // the room went with the lines
    }

    /// Gives the lines room for exactly `cap + 1` (the most held before a trim) once they are
    /// two thirds of the way there. Left to itself the deque grows by half its size each time
    /// and ended at 12,416 lines of room for a cap of 10,000 (heaptrack; 2,415 lines of 96
    /// bytes that never fill, 226 KiB); from two thirds on, one more growth was due anyway, so
    /// this adds no copy.
    private mutating func reserveForCapIfDue() {
        guard !reservedForCap, lines.count >= (cap + 1) * 2 / 3 else { return }
        reservedForCap = true
        lines.reserveCapacity(cap + 1)
    }

    private mutating func trimIfNeeded() -> Int {
        guard lines.count > cap else { return 0 }
        let drop = min(lines.count, max(lines.count - cap, trimBatch))
        for line in lines.prefix(drop) { ids.remove(line.id) }
        lines.removeFirst(drop)
        search?.removeFirst(drop)
        return drop
    }
}
