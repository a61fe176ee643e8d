import Foundation

/// The preview's latest state and the pages listening for the next one.
///
/// The host's thread publishes; the server's threads subscribe and stream. A subscriber gets
/// the latest state at once, then each later one; one that reads slowly skips to the newest
/// (a page only ever needs the screen as it is now).
public final class PreviewFeed: @unchecked Sendable {
    /// One state of the preview: the Server-Sent Event's id, its JSON data, and the event as
    /// it is sent (made once for every page that listens).
    public struct Update: Sendable, Equatable {
        public let id: Int
        public let json: String
        public let event: String

        init(id: Int, json: String) {
            self.id = id
            self.json = json
            // One `data:` line per line of the data; JSON from JSONEncoder has none inside.
            let data = json.utf8.contains(10) ? json.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\ndata: ")
                                              : json
            event = "id: \(id)\nevent: state\ndata: \(data)\n\n"
        }
    }

    /// What a listening page is sent: a new state, or a heartbeat that only checks the
    /// page is still there (writing to a page that left ends its stream).
    public enum Message: Sendable, Equatable {
        case update(Update)
        case heartbeat
    }

    private let lock = NSLock()
    private var latest: Update?
    private var listeners: [UUID: AsyncStream<Message>.Continuation] = [:]
    private var closed = false

    public init() {}

    /// The state published last.
    public var current: Update? { lock.withLock { latest } }

    /// How many pages are listening.
    public var listenerCount: Int { lock.withLock { listeners.count } }

    /// Publishes the next state (its id is the previous one's plus one) to every listener.
    @discardableResult
    public func publish(json: String) -> Update {
        lock.withLock {
            let update = Update(id: (latest?.id ?? 0) + 1, json: json)
            latest = update
            for listener in listeners.values { listener.yield(.update(update)) }
            return update
        }
    }

    /// Sends every listener a heartbeat.
    public func beat() {
        lock.withLock {
            for listener in listeners.values { listener.yield(.heartbeat) }
        }
    }

    /// The updates from now on, the latest first (none once the feed is closed).
    public func updates() -> AsyncStream<Message> {
        let (stream, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        lock.withLock {
            guard !closed else {
                continuation.finish()
                return
            }
            if let latest { continuation.yield(.update(latest)) }
            listeners[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every stream, so that the server can shut down.
    public func close() {
        let ending = lock.withLock {
            closed = true
            defer { listeners = [:] }
            return Array(listeners.values)
        }
        for listener in ending { listener.finish() }
    }
}
