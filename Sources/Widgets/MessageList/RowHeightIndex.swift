/// Row heights of the message list with prefix sums, so that "where does row i start" and
/// "which row is at offset y" cost O(log n) however long the scrollback is.
///
/// A Fenwick (binary indexed) tree over *physical* slots; logical row `i` lives in slot
/// `base + i`. Trimming rows from the top only advances `base` (O(k)), and the dead slots are
/// compacted away once they outnumber the live ones (O(n), amortised O(1) per trimmed row).
/// Appending is O(log n) amortised; prepending rebuilds the tree in O(n) (a page of ~100 rows
/// into 100,000 is ~0.1 ms). Per row it stores the height (8 bytes), the tree node (8 bytes) and
/// the width generation the height was measured at (4 bytes): a row is *measured* when its
/// generation is the current one, otherwise its height is an estimate.
struct RowHeightIndex: Sendable {
    private var heights: [Double] = []
    private var tree: [Double] = [0]
    private var generations: [UInt32] = []
    private var base = 0
    private var baseSum = 0.0
    /// The generation a freshly measured height is stamped with; bumped by ``invalidateAll()``.
    private(set) var generation: UInt32 = 1

    /// Creates an empty index.
    init() {}

    /// Number of rows. O(1).
    var count: Int { heights.count - base }

    /// Sum of all row heights. O(log n).
    var totalHeight: Double { prefixSum(count) }

    /// The height of row `i` (measured or estimated). O(1).
    func height(at i: Int) -> Double { heights[base + i] }

    /// Whether row `i` was measured at the current width. O(1).
    func isMeasured(_ i: Int) -> Bool { generations[base + i] == generation }

    /// Sum of the heights of rows `0..<i` (the top of row `i`). O(log n).
    func prefixSum(_ i: Int) -> Double {
        physicalPrefix(base + i) - baseSum
    }

    /// The row whose span `[top, top + height)` contains `offset`, clamped to `0..<count`
    /// (`nil` when there are no rows). Zero-height rows are never returned for an inner
    /// offset. O(log n).
    func row(containing offset: Double) -> Int? {
        guard count > 0 else { return nil }
        if offset <= 0 { return 0 }
        // Largest physical position p with physicalPrefix(p) ≤ target: row p contains target.
        let target = offset + baseSum
        var position = 0
        var remaining = target
        var step = 1
        while step * 2 <= heights.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= heights.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(max(position - base, 0), count - 1)
    }

    /// Sets the height of row `i`; `measured` stamps it with the current generation. O(log n).
    mutating func setHeight(_ height: Double, at i: Int, measured: Bool) {
        let slot = base + i
        let delta = height - heights[slot]
        heights[slot] = height
        generations[slot] = measured ? generation : 0
        guard delta != 0 else { return }
        var node = slot + 1
        while node < tree.count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// Appends `k` rows of estimated height `estimate`. O(k log n) amortised.
    mutating func append(_ k: Int, estimate: Double) {
        for _ in 0..<max(k, 0) {
            heights.append(estimate)
            generations.append(0)
            let node = heights.count
            // tree[node] covers slots (node - lowbit, node]: the new height plus the sum of
            // the slots (node - lowbit, node - 1].
            let low = node & -node
            tree.append(estimate + physicalPrefix(node - 1) - physicalPrefix(node - low))
        }
    }

    /// Inserts `k` rows of estimated height `estimate` above row 0. O(n + k).
    mutating func prepend(_ k: Int, estimate: Double) {
        guard k > 0 else { return }
        let liveHeights = Array(heights[base...])
        let liveGenerations = Array(generations[base...])
        heights = Array(repeating: estimate, count: k) + liveHeights
        generations = Array(repeating: 0, count: k) + liveGenerations
        base = 0
        rebuild()
    }

    /// Removes the first `k` rows (scrollback trim). O(k) plus an amortised compaction.
    mutating func removeFirst(_ k: Int) {
        let k = min(max(k, 0), count)
        guard k > 0 else { return }
        base += k
        baseSum = physicalPrefix(base)
        if base > count {
            heights.removeFirst(base)
            generations.removeFirst(base)
            base = 0
            rebuild()
        }
    }

    /// Replaces everything with `k` rows of estimated height `estimate`. O(k).
    mutating func reset(count k: Int, estimate: Double) {
        heights = Array(repeating: estimate, count: max(k, 0))
        generations = Array(repeating: 0, count: max(k, 0))
        base = 0
        rebuild()
    }

    /// Marks every height as an estimate (the width changed); the heights stay as estimates. O(1).
    mutating func invalidateAll() {
        generation &+= 1
        if generation == 0 { generation = 1 }   // 0 means "never measured"
    }

    /// Marks row `i`'s height as an estimate (its content changed). O(1).
    mutating func invalidate(_ i: Int) { generations[base + i] = 0 }

    // MARK: - Fenwick tree

    private func physicalPrefix(_ slots: Int) -> Double {
        var sum = 0.0
        var node = slots
        while node > 0 {
            sum += tree[node]
            node -= node & -node
        }
        return sum
    }

    private mutating func rebuild() {
        tree = [Double](repeating: 0, count: heights.count + 1)
        for slot in heights.indices {
            let node = slot + 1
            tree[node] += heights[slot]
            let parent = node + (node & -node)
            if parent < tree.count { tree[parent] += tree[node] }
        }
        baseSum = physicalPrefix(base)
    }
}
