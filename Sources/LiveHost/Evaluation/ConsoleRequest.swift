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
    /// An answer was given (the reply may still be on its way to `answered`).
    private var claimed = false
    private let answered: (@Sendable (Reply) -> Void)?

    /// With `answered`, the reply is also handed to it on the thread that answers (the host's),
    /// before `wait` returns: a socket client's reply is written from there, without waking
    /// the client's thread first.
    public init(code: String, chunkName: String = "=console", answered: (@Sendable (Reply) -> Void)? = nil) {
        self.code = code
        self.chunkName = chunkName
        self.answered = answered
    }

    /// Gives the reply; the first one counts.
    public func answer(_ reply: Reply) {
        let first = condition.withLock {
            defer { claimed = true }
            return !claimed
        }
        guard first else { return }
        answered?(reply)
        condition.withLock {
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
