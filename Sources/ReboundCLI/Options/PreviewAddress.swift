import ArgumentParser

/// Where `--preview-address` serves the page: `HOST:PORT`, `[IPv6]:PORT`, `:PORT` or `PORT`
/// (on 127.0.0.1); port 0 picks a free one.
struct PreviewAddress: Equatable {
    var host = "127.0.0.1"
    var port = 0

    init() {}

    init(parsing text: String) throws {
        var hostPart = ""
        var portPart = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = String(text[text.index(after: text.startIndex)..<close])
            portPart = text[text.index(after: close)...]
            guard portPart.first == ":" else { throw Self.invalid(text) }
            portPart = portPart.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = String(text[..<colon])
            portPart = text[text.index(after: colon)...]
        }
        guard let port = Int(portPart), (0...65_535).contains(port), !hostPart.contains(":") || text.hasPrefix("[")
        else {
            throw Self.invalid(text)
        }
        if !hostPart.isEmpty { host = hostPart }
        self.port = port
    }

    private static func invalid(_ text: String) -> ValidationError {
        ValidationError(
            "--preview-address '\(text)': give HOST:PORT, [IPv6]:PORT or PORT, with a port from 0 to 65535.")
    }
}
