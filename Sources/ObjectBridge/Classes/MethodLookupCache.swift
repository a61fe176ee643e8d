import LuaRuntime
import Synchronization

/// A class's answers to the lookups native code makes on every override and delegate call
/// (which script function implements a method, and whether the class may be sent it), so that
/// a call does not hash its selector in several dictionaries up the class chain. Any change to
/// any class's script methods or declared protocols makes every cache start over.
struct MethodLookupCache {
    /// What a lookup found: the function, or nil for none.
    enum Answer {
        case unknown
        case known(LuaFunction?)
    }

    private struct Entry {
        let method: String
        let protocolName: String?
        let function: LuaFunction?
    }

    private static let revision = Atomic<Int>(0)
    /// Names beyond this many start the cache over (a class asked for everything it has).
    private static let capacity = 32

    private var entries: [Entry] = []
    private var revision = -1

    /// Called on every change that may change an answer, in any class.
    static func invalidateAll() {
        revision.add(1, ordering: .relaxed)
    }

    /// The stored answer for `method` (asked as a method of `protocolName`, or as an override).
    mutating func answer(_ method: String, protocolName: String?) -> Answer {
        let current = Self.revision.load(ordering: .relaxed)
        guard current == revision else {
            entries.removeAll(keepingCapacity: true)
            revision = current
            return .unknown
        }
        // Selectors are literals at their call sites, so equal strings are usually one storage
        // and compare without reading their bytes; a different one must be read. The last
        // answer moves to the front, as native code asks one method many times in a row (a
        // delegate's for each typed character or each item).
        guard let index = entries.firstIndex(where: { $0.method == method && $0.protocolName == protocolName })
        else { return .unknown }
        if index > 0 { entries.swapAt(0, index) }
        return .known(entries[0].function)
    }

    mutating func store(_ function: LuaFunction?, for method: String, protocolName: String?) {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries.append(Entry(method: method, protocolName: protocolName, function: function))
    }
}
