import CMalloc

/// How glibc's malloc is set up for the window, before any thread starts.
///
/// - **One arena.** The network thread parses every line it reads; those strings live on in
///   the scrollback. With glibc's default, that thread gets an arena of its own, which kept the
///   peak of a flood's queued events (5–6 MiB) for the rest of the run, beside the main heap's
///   own free space. The two threads rarely allocate at the same moment (the network thread
///   waits while the window drains its queue), so one arena costs no measurable contention.
/// - **A fixed trim threshold (128 KiB).** Setting it also stops glibc from raising its mmap
///   threshold after the first large free (up to 32 MiB): large arrays (row indices, a
///   drained event batch, a log write's buffer) stay in mmapped blocks that go back to the
///   system when freed, and free space at the heap's top goes back once 128 KiB of it are
///   free, instead of the heap holding a flood's peak.
///
/// Measured over a 20,000-message flood under Xvfb (docs/PERFORMANCE.md): anonymous memory
/// 26.8 → about 24 MiB, peak RSS 61.2 → about 59 MiB.
enum MallocPolicy {
    static func apply() {
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_TRIM_THRESHOLD, 128 << 10)
    }

    /// Gives the heap's wholly free pages back to the system, wherever they are in it (free
    /// space at the top goes back by itself; pages inside the heap only this way). For the
    /// window once new text has stopped coming and the fonts' glyph bitmaps were freed.
    static func returnFreePages() {
        _ = malloc_trim(0)
    }
}
