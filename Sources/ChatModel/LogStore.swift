import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Plain-text logs on disk, one file per buffer per day:
/// `ROOT/NETWORK/BUFFER/YYYY-MM-DD.log` (ROOT is `$XDG_DATA_HOME/natter/logs`). Each line is
/// written with one `write(2)` as it arrives, so a crash loses nothing the process had handed
/// over; inside a batch (``beginBatch()``, ``endBatch()``: the lines of one wake-up of the
/// network loop) each file gets one `write(2)` for all its lines at the end, since a
/// `write(2)` per line was a third of the cost of logging a flood. Names are sanitised so that
/// no network or buffer name can leave ROOT.
///
/// Not thread-safe: one store per thread (the UI thread).
public final class LogStore {
    /// The folder holding every network's logs.
    public let root: URL
    /// The time zone of file dates and line times.
    public let timeZone: LocalZone
    /// Open files by network, buffer and day (the names as given: building the file's path
    /// for every line cost a fifth of a flood's CPU).
    private var open: [OpenFile: LogFile] = [:]
    /// The file the last line went to: a flood's lines all go to one file, and hashing three
    /// names per line showed in the profile.
    private var lastFile: LogFile?
    private var clock: LocalClock
    /// How deep in ``beginBatch()`` calls the store is; lines wait in their file while > 0.
    private var batchDepth = 0
    /// The files holding lines of the batch not yet written, in the order they got their first.
    private var waiting: [LogFile] = []
    /// Lines of the batch whose file could not be written (``endBatch()`` returns them).
    private var failedInBatch: [UnwrittenLine] = []

    /// A line that could not be written, with where it belongs.
    public typealias UnwrittenLine = (line: ChatLine, network: String, buffer: String)

    private struct OpenFile: Hashable {
        var network: String
        var buffer: String
        var day: String
    }

    /// One open day file, and the batch's lines waiting for it.
    private final class LogFile {
        let key: OpenFile
        let fd: Int32
        var bytes: [UInt8] = []
        /// The waiting lines, each with the byte count at its end.
        var lines: [(line: UnwrittenLine, end: Int)] = []

        init(key: OpenFile, fd: Int32) {
            self.key = key
            self.fd = fd
        }
    }

    /// A store under `root`, dating files in `timeZone`.
    public init(root: URL, timeZone: LocalZone = .current) {
        self.root = root
        self.timeZone = timeZone
        clock = LocalClock(timeZone: timeZone)
    }

    deinit {
        writeWaiting()
        for file in open.values { close(file.fd) }
    }

    /// Starts a batch: lines wait until the matching ``endBatch()``, then each file is
    /// written once. Batches nest; reading the logs writes what waits first.
    public func beginBatch() { batchDepth += 1 }

    /// Ends a batch, writing every file's waiting lines at the outermost one; returns the
    /// lines whose file could not be written, in order (``lastError`` says why), for the
    /// caller to keep and try again like a failed ``append(_:network:buffer:)``.
    public func endBatch() -> [UnwrittenLine] {
        guard batchDepth > 0 else { return [] }
        batchDepth -= 1
        guard batchDepth == 0 else { return [] }
        writeWaiting()
        defer { failedInBatch = [] }
        return failedInBatch
    }

    /// Writes each file's waiting lines with one `write(2)` (more when the kernel takes part);
    /// lines not wholly written go to ``failedInBatch`` and their file is closed.
    private func writeWaiting() {
        let files = waiting
        waiting = []
        for file in files {
            let (written, problem) = Self.writeAll(file.bytes, to: file.fd)
            if problem != nil { failedInBatch += file.lines.filter { $0.end > written }.map(\.line) }
            // Capacity is kept for a usual batch; a flood's (hundreds of kilobytes, per open
            // file) is given back. (Copying `lines` before clearing it, as before, made the
            // clearing allocate a whole new buffer of that capacity.)
            file.bytes.removeAll(keepingCapacity: file.bytes.capacity <= 64 << 10)
            file.lines.removeAll(keepingCapacity: file.lines.capacity <= 256)
            if let problem { failed(file, problem) }
        }
    }

    /// Writes `bytes` to `fd`, again after a short write or an interrupt; the bytes written,
    /// and the system's reason when not all were.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> (written: Int, problem: String?) {
        var written = 0
        var problem: String?
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    problem = n < 0 ? String(cString: strerror(errno)) : "nothing written"
                    return
                }
                written += n
            }
        }
        return (written, problem)
    }

    /// Records why `file` failed and closes it (the next line opens it again).
    private func failed(_ file: LogFile, _ problem: String) {
        let key = file.key
        lastError = "\(folder(network: key.network, buffer: key.buffer).appendingPathComponent(key.day + ".log").path): \(problem)"
        close(file.fd)
        open[key] = nil
        if lastFile === file { lastFile = nil }
    }

    /// `$XDG_DATA_HOME/natter/logs`, or `~/.local/share/natter/logs`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("natter/logs")
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/natter/logs")
    }

    /// A file or folder name that stays one path component: `/`, `\`, NUL and other control
    /// characters become `_`, a leading dot becomes `_` (no `.`, `..` or hidden files), an
    /// empty name is `_`, and long names are cut to 100 bytes on a character boundary.
    public static func safeName(_ name: String) -> String {
        var result = String(name.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : Character(scalar)
        })
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        if result.isEmpty { result = "_" }
        while result.utf8.count > 100 { result.removeLast() }
        return result
    }

    /// The log file of `buffer` on `network` for the day of `date`.
    public func fileURL(network: String, buffer: String, date: Date) -> URL {
        folder(network: network, buffer: buffer).appendingPathComponent(dayName(date) + ".log")
    }

    /// Why the last append failed (the file and the system's reason), until one succeeds.
    public private(set) var lastError: String?

    /// Appends `line` to its day's file. Errors are returned, not thrown (``lastError`` says
    /// which): a full disk must not stop the chat. A file that failed is closed, so the next
    /// attempt opens it again (the folder may have become writable).
    @discardableResult
    public func append(_ line: ChatLine, network: String, buffer: String) -> Bool {
        let day = clock.day(of: line.time)
        let file: LogFile
        if let last = lastFile, last.key.day == day, last.key.buffer == buffer, last.key.network == network {
            file = last
        } else if let known = open[OpenFile(network: network, buffer: buffer, day: day)] {
            file = known
        } else {
            let key = OpenFile(network: network, buffer: buffer, day: day)
            let url = folder(network: network, buffer: buffer).appendingPathComponent(day + ".log")
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            let fd = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                lastError = "\(url.path): \(String(cString: strerror(errno)))"
                return false
            }
            if open.count > 64 { closeAll() }
            file = LogFile(key: key, fd: fd)
            open[key] = file
        }
        lastFile = file
        if batchDepth > 0 {
            if file.lines.isEmpty { waiting.append(file) }
            LogLineFormat.append(line, clock: &clock, to: &file.bytes)
            file.bytes.append(0x0A)
            file.lines.append(((line, network, buffer), file.bytes.count))
            return true
        }
        var bytes: [UInt8] = []
        LogLineFormat.append(line, clock: &clock, to: &bytes)
        bytes.append(0x0A)
        if let problem = Self.writeAll(bytes, to: file.fd).problem {
            failed(file, problem)
            return false
        }
        lastError = nil
        return true
    }

    /// Up to `limit` lines logged for `buffer` before `date`, oldest first, read back from the
    /// day files (newest day first until enough are found). Line ids are `log:DAY:N`, stable
    /// across reads.
    public func lines(network: String, buffer: String, before date: Date, limit: Int) -> [ChatLine] {
        page(network: network, buffer: buffer, at: date, limit: limit, backwards: true)
    }

    /// Up to `limit` lines logged for `buffer` from the second of `date` on, oldest first (the
    /// day files from that day forward until enough are found). Ids as above.
    public func lines(network: String, buffer: String, from date: Date, limit: Int) -> [ChatLine] {
        page(network: network, buffer: buffer, at: date, limit: limit, backwards: false)
    }

    /// The page before `date` (`backwards`) or from it on, oldest first, read day file by day
    /// file away from `date` until `limit` lines are found.
    private func page(network: String, buffer: String, at date: Date, limit: Int, backwards: Bool) -> [ChatLine] {
        writeWaiting()
        // Logs keep whole seconds: a line logged in the same second as `date` may be the very
        // line shown first (it was logged as it arrived), so only earlier seconds are before it.
        let date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        let dir = folder(network: network, buffer: buffer)
        guard limit > 0 else { return [] }
        let day = dayName(date)
        let files = backwards ? days(in: dir).filter { $0 <= day }.reversed() : days(in: dir).filter { $0 >= day }
        var found: [ChatLine] = []
        for file in files {
            let lines = lines(ofDay: file, in: dir)
            if backwards {
                found.insert(contentsOf: lines.filter { $0.time < date }.suffix(limit - found.count), at: 0)
            } else {
                found += lines.filter { $0.time >= date }.prefix(limit - found.count)
            }
            if found.count >= limit { break }
        }
        return found
    }

    /// Each line of `buffer`'s file for the day of `date`, exactly as written (without the line
    /// feed); empty when there is none. For recognising a replayed line already logged.
    public func writtenLines(network: String, buffer: String, on date: Date) -> [String] {
        writeWaiting()
        guard let data = try? Data(contentsOf: fileURL(network: network, buffer: buffer, date: date)) else { return [] }
        return data.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The name of the day file `date` falls in (`YYYY-MM-DD` in the store's time zone).
    public func day(of date: Date) -> String { dayName(date) }

    /// The days that have a log file in `dir` (`YYYY-MM-DD`, oldest first).
    private func days(in dir: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Every line of one day's file that parses, ids `log:DAY:N` by line number. Invalid UTF-8
    /// is read with replacement characters (as the log search reads it), not dropped with the day.
    private func lines(ofDay day: String, in dir: URL) -> [ChatLine] {
        guard let start = dayStart(day), let data = try? Data(contentsOf: dir.appendingPathComponent(day + ".log")) else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        // Split on the line feed byte, not the character: a `\r` before it would make one
        // `\r\n` character and merge two lines (the log search numbers lines by bytes too).
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap { n, row in
            LogLineFormat.parse(Substring(row), day: start, id: "log:\(day):\(n)").map { (n, $0) }
        }
        // In time order: a bouncer's replay is written when it arrives, after newer lines (the
        // join row before it), and keeps its place in the file (and its id, by line number).
        return lines.sorted { ($0.1.time, $0.0) < ($1.1.time, $1.0) }.map(\.1)
    }

    /// The page of at most `limit` lines around `date`: half before it, the rest from it on.
    public func lines(network: String, buffer: String, around date: Date, limit: Int) -> [ChatLine] {
        let before = lines(network: network, buffer: buffer, before: date, limit: limit / 2)
        return before + lines(network: network, buffer: buffer, from: date, limit: limit - before.count)
    }

    /// Closes every open file (they reopen on the next append), after writing what waits.
    public func closeAll() {
        writeWaiting()
        for file in open.values { close(file.fd) }
        open.removeAll()
        lastFile = nil
    }

    /// The folder holding `buffer`'s day files on `network`.
    public func folder(network: String, buffer: String) -> URL {
        root.appendingPathComponent(Self.safeName(network)).appendingPathComponent(Self.safeName(buffer))
    }

    private func dayName(_ date: Date) -> String { clock.day(of: date) }

    /// `YYYY-MM-DD` of `date` in `timeZone`.
    static func dayName(_ date: Date, timeZone: LocalZone) -> String {
        var clock = LocalClock(timeZone: timeZone)
        return clock.day(of: date)
    }

    private func dayStart(_ name: String) -> Date? {
        let parts = name.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return timeZone.startOfDay(year: parts[0], month: parts[1], day: parts[2])
    }
}
