import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes one client's output without making whoever hands it data (the host's thread) wait
/// for a client that does not read: what the socket takes at once is written on the caller's
/// thread, and the rest from a thread of its own.
///
/// What waits to be written is bounded: a client that falls `limit` bytes behind is dropped
/// (its socket is shut down, which also ends its reader) and `fellBehind` is called, once.
/// The socket stays open until `close`, which the client's reader calls as it ends.
public final class SocketWriter: @unchecked Sendable {
    public let socket: Int32
    private let limit: Int
    private let fellBehind: @Sendable () -> Void
    private let condition = NSCondition()
    private var queue: [Data] = []
    private var queuedBytes = 0
    /// No more data is taken: the client is dropped, is being closed, or went away.
    private var finished = false
    /// Once the queue is empty, the socket is shut down (a client told goodbye).
    private var hangUpWhenDrained = false
    private var writerEnded = false
    /// The writer thread holds data it took from the queue and has not written yet.
    private var draining = false

    public init(socket: Int32, limit: Int, name: String, fellBehind: @escaping @Sendable () -> Void) {
        self.socket = socket
        self.limit = limit
        self.fellBehind = fellBehind
        let thread = Thread { [self] in drain() }
        thread.name = name
        thread.start()
    }

    /// Queues `data`; false when the client is gone or has just been dropped for falling behind.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        enum Outcome { case queued, gone, behind }
        let outcome: Outcome = condition.withLock {
            guard !finished, !hangUpWhenDrained else { return .gone }
            // Nothing ahead of it: what the socket takes now goes at once, in order.
            var data = data
            if queue.isEmpty, !draining {
                let written = UnixSockets.writeWithoutWaiting(data, to: socket)
                guard written >= 0 else {
                    finished = true
                    condition.broadcast()
                    return .gone
                }
                guard written < data.count else { return .queued }
                data = data.subdata(in: written..<data.count)
            }
            guard queuedBytes + data.count <= limit else {
                finished = true
                queue = []
                queuedBytes = 0
                condition.broadcast()
                return .behind
            }
            queue.append(data)
            queuedBytes += data.count
            condition.broadcast()
            return .queued
        }
        switch outcome {
        case .queued:
            return true
        case .gone:
            return false
        case .behind:
            shutdown(socket, Int32(SHUT_RDWR))
            fellBehind()
            return false
        }
    }

    /// Writes what is queued, then shuts the connection down (after a goodbye).
    public func hangUpAfterDraining() {
        condition.withLock {
            hangUpWhenDrained = true
            condition.broadcast()
        }
    }

    /// Writes what is queued and shuts the connection down, waiting up to `timeout` for a
    /// client that reads; one that does not is cut off then. (For a host that ends.)
    public func hangUp(waitingUpTo timeout: TimeInterval) {
        hangUpAfterDraining()
        waitForWriter(until: Date(timeIntervalSinceNow: timeout))
    }

    /// Stops writing, waits for the writer thread to let go of the socket, and closes it. A
    /// goodbye asked for (`hangUpAfterDraining`) is written first, if the client reads it
    /// within `goodbyeTimeout`.
    public func close() {
        let goodbye = condition.withLock {
            if !hangUpWhenDrained { finished = true }
            condition.broadcast()
            return hangUpWhenDrained
        }
        if goodbye { waitForWriter(until: Date(timeIntervalSinceNow: Self.goodbyeTimeout)) }
        waitForWriter(until: nil)
        Glibc.close(socket)
    }

    /// How long a goodbye may take to be read.
    public static let goodbyeTimeout: TimeInterval = 2

    /// Waits for the writer thread to end; at `deadline` (or at once, when nil) the socket is
    /// shut down, which makes a write blocked on a full buffer return.
    private func waitForWriter(until deadline: Date?) {
        let ended = condition.withLock {
            if let deadline {
                while !writerEnded, condition.wait(until: deadline) {}
            }
            return writerEnded
        }
        guard !ended else { return }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
        shutdown(socket, Int32(SHUT_RDWR))
        condition.withLock {
            while !writerEnded { condition.wait() }
        }
    }

    private func drain() {
        while let data = next() {
            let written = UnixSockets.writeAll(data, to: socket)
            condition.withLock {
                draining = false
                if !written {
                    finished = true
                    queue = []
                }
            }
        }
        if condition.withLock({ hangUpWhenDrained }) { shutdown(socket, Int32(SHUT_RDWR)) }
        condition.withLock {
            writerEnded = true
            condition.broadcast()
        }
    }

    private func next() -> Data? {
        condition.withLock {
            while queue.isEmpty && !finished && !hangUpWhenDrained { condition.wait() }
            guard !finished, !queue.isEmpty else { return nil }
            queuedBytes -= queue[0].count
            draining = true
            return queue.removeFirst()
        }
    }
}
