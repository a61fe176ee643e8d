/// What a console chunk printed, for its reply: at most `limit` bytes, so that a chunk that
/// prints without end cannot make a reply the size of its output (the reply lives outside the
/// Lua state, where `--memory-limit` does not reach). The lines past the limit are counted and
/// noted at the end instead. (They were still shown as the host's print events.)
struct ConsoleTranscript {
    /// The bytes a reply's printed lines may take.
    static let limit = 1 << 20

    private var lines: [String] = []
    private var bytes = 0
    private var cutLines = 0
    private var cutBytes = 0

    mutating func append(_ line: String) {
        let size = line.utf8.count
        guard cutLines == 0, bytes + size <= Self.limit else {
            cutLines += 1
            cutBytes += size
            return
        }
        lines.append(line)
        bytes += size
    }

    /// The lines kept, and a note of what was cut.
    var output: [String] {
        guard cutLines > 0 else { return lines }
        return lines + [
            "[output cut: \(cutLines) more line\(cutLines == 1 ? "" : "s"), \(cutBytes) bytes, past the reply's "
                + "limit of \(Self.limit >> 20) MiB]"
        ]
    }
}
