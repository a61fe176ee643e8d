import Foundation

/// What other threads hand to the thread that owns the Lua state: the watcher's events, keys
/// pressed, console chunks, the preview page's input, Ctrl-C. Only the owner takes messages out.
public final class HostMailbox: @unchecked Sendable {
    public enum Message: Sendable {
        case file(WatchEvent, at: ContinuousClock.Instant)
        case key(UInt8)
        /// A chunk for the console; the host answers it (`LiveHost.handleEvents`).
        case evaluate(ConsoleRequest)
        /// A message for the attached tools (a debugger client's request, arrival or departure).
        case tool(any HostToolMessage)
        /// What a person did on the preview page (`LiveHost.route`).
        case input(PageInput)
        case interrupt
        /// Something outside the program changed what its screens show (a picture it shows
        /// finished decoding): they are drawn again.
        case screensChanged
        /// Something another thread has to tell the user (a client dropped, descriptors ran
        /// out); the host reports it as a warning.
        case warning(String)
    }

    private let condition = NSCondition()
    private var queue: [Message] = []

    public init() {}

    public func post(_ message: Message) {
        condition.withLock {
            queue.append(message)
            condition.signal()
        }
    }

    /// Everything queued, waiting until something arrives or `deadline` passes (forever
    /// when it is nil).
    public func take(until deadline: ContinuousClock.Instant?) -> [Message] {
        condition.withLock {
            while queue.isEmpty {
                guard let deadline else {
                    condition.wait()
                    continue
                }
                let left = deadline - .now
                guard left > .zero else { break }
                let seconds = left.inSeconds
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            }
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
