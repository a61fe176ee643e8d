import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The secret a debugger client presents on a TCP port: 128 random bits, new for every run,
/// printed when the run starts and written (mode 0600) to the project's run folder, so that
/// only the user's own tools know it.
public enum DebugToken {
    /// A new secret, as 32 hex digits.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Writes `token` to `path`, readable by the owner only (through a temporary file renamed
    /// over the old one, so that no one sees it half written or with a looser mode).
    static func write(_ token: String, to path: String) throws(DebugServerError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw DebugServerError("\(folder): \(error.localizedDescription)")
        }
        let temporary = folder + "/.debug-token.\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DebugServerError("\(temporary): \(String(cString: strerror(errno)))") }
        let text = Data((token + "\n").utf8)
        let written = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == text.count, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw DebugServerError("\(path): \(reason)")
        }
    }

    /// Whether `given` is `token`, in time that does not depend on where they differ.
    static func matches(_ given: String, _ token: String) -> Bool {
        let (a, b) = (Array(given.utf8), Array(token.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
