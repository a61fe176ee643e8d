import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files, and says why one cannot be read in the system's words ("permission
/// denied", "no such file or directory"), which is what a user can act on.
public enum FileContents {
    /// A file that could not be read: `reason` is the system's, in lower case.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot read \(path): \(reason)" }
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            data.append(buffer, count: count)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> Failure {
        let reason = String(cString: strerror(code))
        return Failure(path: path, reason: reason.prefix(1).lowercased() + reason.dropFirst())
    }
}
