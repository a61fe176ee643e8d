import Crypto
import Foundation
import LuaRuntime

extension SHA256.Digest {
    /// Lowercase hexadecimal, as manifests write hashes.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
