import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the watcher saw. Paths are relative to the watched folder.
public enum WatchEvent: Sendable, Equatable {
    /// A file was written to; `complete` when its writer closed it or it was renamed into
    /// place, so that its content is whole.
    case changed(String, complete: Bool)
    /// A file or folder went away (deleted, or renamed out).
    case removed(String)
    /// The kernel's queue overflowed and events were lost: every file must be looked at again.
    case overflow
    case warning(String)
}
