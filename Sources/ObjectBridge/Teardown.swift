#if canImport(Glibc)
import Glibc
#endif

/// Tears bridged objects down one at a time instead of one inside another.
///
/// Releasing the top of a chain of 60,000 nested views would otherwise run 60,000 nested
/// deinits and overflow the stack. Swift runs every deinit body of an object before it
/// destroys any stored property, so a dying object hands the children it holds strongly to
/// `release` from its deinit body (and empties its own fields); `BridgeObject`'s deinit,
/// the last body to run, calls `drain`, which releases the queued objects in a loop. A child
/// that dies in that loop queues its own children, which the same loop releases next.
/// Each thread has its own queue, as each bridge belongs to one thread.
public enum Teardown {
    private final class Queue {
        var pending: [AnyObject] = []
        var isDraining = false
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            pointer.map { Unmanaged<AnyObject>.fromOpaque($0).release() }
        }
        return key
    }()

    private static var queue: Queue {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Queue>.fromOpaque(pointer).takeUnretainedValue()
        }
        let queue = Queue()
        pthread_setspecific(key, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }

    /// Takes over strong references a dying object held; they are released by `drain`.
    public static func release(_ objects: some Sequence<some AnyObject>) {
        let queue = queue
        for object in objects { queue.pending.append(object) }
    }

    /// Releases the queued objects, unless an outer `drain` on this thread is doing so.
    static func drain() {
        let queue = queue
        guard !queue.isDraining, !queue.pending.isEmpty else { return }
        queue.isDraining = true
        while let next = queue.pending.popLast() {
            _ = next  // the last reference: the object dies here, queueing its own children
        }
        queue.isDraining = false
    }
}
