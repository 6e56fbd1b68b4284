import ArgumentParser

/// A size written `WIDTHxHEIGHT` on the command line, e.g. `800x600`.
public struct WindowSize: ExpressibleByArgument, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) { self.width = width; self.height = height }

    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    public var defaultValueDescription: String { "\(width)x\(height)" }
}
