import CConsoleShim
import Foundation

/// The console's prompt: libedit's line editing (arrows, Emacs keys, search), with the history
/// kept in `$XDG_STATE_HOME/rebound/history` (`~/.local/state/rebound/history`), shared by
/// every console.
public final class LineEditor {
    public enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line being typed is dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the end of standard input.
        case end
    }

    private let historyFile: String?

    /// Ctrl-C at the prompt drops the line when `ConsoleSignals` took the signals; otherwise
    /// it is left to the command's own handling (`rebound run` stops).
    public init(historyFile: URL? = LineEditor.defaultHistoryFile) {
        if rb_console_setup(1000) != 0 {
            FileHandle.standardError.write(
                Data("warning: the terminal cannot be edited (libedit did not start)\n".utf8))
        }
        var usable: String?
        if let historyFile {
            do {
                try FileManager.default.createDirectory(
                    at: historyFile.deletingLastPathComponent(),
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                usable = historyFile.path
                _ = rb_console_load_history(historyFile.path)  // a first run has none
            } catch {
                FileHandle.standardError.write(
                    Data("warning: no console history: \(error.localizedDescription)\n".utf8))
            }
        }
        self.historyFile = usable
    }

    public static var defaultHistoryFile: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("rebound/history")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/rebound/history")
    }

    public func read(prompt: String) -> Input {
        var interrupted: Int32 = 0
        guard let line = rb_console_readline(prompt, &interrupted) else {
            return interrupted != 0 ? .interrupted : .end
        }
        defer { free(line) }
        return .line(String(cString: line))
    }

    /// Adds a line to the history, and saves the history (each line at once, so that a
    /// console that is killed loses none).
    public func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        _ = rb_console_remember(line, historyFile)
    }
}
