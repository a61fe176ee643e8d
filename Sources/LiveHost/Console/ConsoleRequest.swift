import Foundation

/// A chunk for the running program's console, handed to the host's thread from another one
/// (the terminal's prompt, a socket client); the host's thread answers it between events.
public final class ConsoleRequest: @unchecked Sendable {
    /// What came of a chunk: its outcome, and the lines it printed meanwhile.
    public struct Reply: Equatable, Sendable {
        public var outcome: ConsoleEvaluator.Outcome
        public var output: [String]

        public init(outcome: ConsoleEvaluator.Outcome, output: [String] = []) {
            self.outcome = outcome
            self.output = output
        }
    }

    public let code: String
    /// How messages name the chunk (`=console`, or `@path` for a file).
    public let chunkName: String
    private let condition = NSCondition()
    private var reply: Reply?

    public init(code: String, chunkName: String = "=console") {
        self.code = code
        self.chunkName = chunkName
    }

    /// Gives the reply; the first one counts.
    public func answer(_ reply: Reply) {
        condition.withLock {
            guard self.reply == nil else { return }
            self.reply = reply
            condition.broadcast()
        }
    }

    /// Answers that the chunk will not run (the host stopped first).
    public func cancel(_ why: String) {
        answer(Reply(outcome: .failed(message: why, traceback: nil)))
    }

    /// Waits for the reply.
    public func wait() -> Reply {
        condition.withLock {
            while reply == nil { condition.wait() }
            return reply ?? Reply(outcome: .failed(message: "no reply", traceback: nil))
        }
    }
}
