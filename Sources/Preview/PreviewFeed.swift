import Foundation
import HostSockets

/// The preview's latest state and the pages listening for the next one.
///
/// The host's side publishes; the server's threads subscribe and stream. A subscriber gets
/// the latest state at once, then each later one. Nothing is queued per page: a page is only
/// woken, and takes the newest state when it is ready for it, so one that reads slowly skips
/// states and holds no more than one. A heartbeat is sent only to a page with no state left
/// to send, so it never pushes one out. At most `streamLimit` pages listen: a new one ends the
/// stream of the page that has listened longest (most likely one that left without a word).
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
            let data =
                json.utf8.contains(10)
                ? json.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\ndata: ")
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

    /// A listening page: how to wake it, what it was sent last, and whether a heartbeat waits.
    private struct Listener {
        let order: Int
        let wake: AsyncStream<Void>.Continuation
        var lastSent = 0
        var heartbeatDue = false
    }

    /// How many pages may listen at once.
    public let streamLimit: Int
    /// Called (on the server's thread) when a page starts listening while none did: the
    /// pictures, which are not drawn while no page watches, are due again.
    private let watched: (@Sendable () -> Void)?
    private let lock = NSLock()
    private var latest: Update?
    private var listeners: [UUID: Listener] = [:]
    private var subscriptions = 0
    private var closed = false

    public init(streamLimit: Int = 32, watched: (@Sendable () -> Void)? = nil) {
        self.streamLimit = max(1, streamLimit)
        self.watched = watched
    }

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
            for listener in listeners.values { listener.wake.yield() }
            return update
        }
    }

    /// Sends every listener with nothing else to send a heartbeat.
    public func beat() {
        lock.withLock {
            for id in listeners.keys {
                listeners[id]?.heartbeatDue = true
                listeners[id]?.wake.yield()
            }
        }
    }

    /// The updates from now on, the latest first (none once the feed is closed).
    public func updates() -> AsyncStream<Message> {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        var first = false
        let evicted: AsyncStream<Void>.Continuation? = lock.withLock {
            guard !closed else {
                wake.finish()
                return nil
            }
            first = listeners.isEmpty
            var oldest: AsyncStream<Void>.Continuation?
            if listeners.count >= streamLimit, let first = listeners.min(by: { $0.value.order < $1.value.order }) {
                listeners[first.key] = nil
                oldest = first.value.wake
            }
            subscriptions += 1
            listeners[id] = Listener(order: subscriptions, wake: wake)
            if latest != nil { wake.yield() }
            return oldest
        }
        evicted?.finish()
        if first { watched?() }
        let subscription = Subscription(feed: self, id: id, wakes: wakes)
        return AsyncStream(unfolding: { await subscription.next() })
    }

    /// Ends every stream, so that the server can shut down.
    public func close() {
        let ending = lock.withLock {
            closed = true
            defer { listeners = [:] }
            return listeners.values.map(\.wake)
        }
        for wake in ending { wake.finish() }
    }

    /// What listener `id` is to send now, if anything.
    fileprivate func take(for id: UUID) -> Message? {
        lock.withLock {
            guard var listener = listeners[id] else { return nil }
            defer { listeners[id] = listener }
            if let latest, latest.id > listener.lastSent {
                listener.lastSent = latest.id
                listener.heartbeatDue = false
                return .update(latest)
            }
            guard listener.heartbeatDue else { return nil }
            listener.heartbeatDue = false
            return .heartbeat
        }
    }

    fileprivate func remove(_ id: UUID) {
        let wake = lock.withLock { listeners.removeValue(forKey: id)?.wake }
        wake?.finish()
    }
}

/// One page's side of the feed: it waits to be woken, then takes what is there to send. Its
/// stream keeps it; when the stream goes (the page left, its writes failed), so does the
/// listener.
private final class Subscription: @unchecked Sendable {
    private let feed: PreviewFeed
    private let id: UUID
    private var wakes: AsyncStream<Void>.Iterator

    init(feed: PreviewFeed, id: UUID, wakes: AsyncStream<Void>) {
        self.feed = feed
        self.id = id
        self.wakes = wakes.makeAsyncIterator()
    }

    deinit { feed.remove(id) }

    /// The next message; nil once the stream ended (the feed closed, or a newer page took the
    /// listener's place).
    func next() async -> PreviewFeed.Message? {
        while await wakes.next() != nil {
            if let message = feed.take(for: id) { return message }
        }
        return nil
    }
}
