import Foundation
import LiveHost

/// A console's loop: reads lines until a chunk is complete, has it evaluated, and prints the
/// values (standard output) or the error and its traceback (standard error).
public struct ReadEvalPrintLoop {
    public let editor: LineEditor
    /// Runs one chunk, wherever the code runs (in this process, or the host's thread).
    public let evaluate: (String) -> ConsoleEvaluator.Outcome

    public init(editor: LineEditor, evaluate: @escaping (String) -> ConsoleEvaluator.Outcome) {
        self.editor = editor
        self.evaluate = evaluate
    }

    /// Returns at Ctrl-D or the end of input.
    public func run() {
        var pending: [String] = []
        while true {
            switch editor.read(prompt: pending.isEmpty ? "> " : ">> ") {
            case .end:
                if !pending.isEmpty { print() }
                return
            case .interrupted:
                print()
                pending = []
            case .line(let line):
                editor.remember(line)
                pending.append(line)
                let chunk = pending.joined(separator: "\n")
                guard !chunk.allSatisfy(\.isWhitespace) else {
                    pending = []
                    continue
                }
                switch evaluate(chunk) {
                case .incomplete: continue
                case .values(let values): for value in values { print(value) }
                case .failed(let message, let traceback):
                    FileHandle.standardError.write(
                        Data(([message] + [traceback].compactMap { $0 }).joined(separator: "\n").utf8 + [10]))
                }
                pending = []
            }
        }
    }
}
