import Logging
import LuaRuntime

/// Something a script did that the host should show but that is not an error of a call:
/// a notice (Rebound did something differently from a device, and nothing needs to change), a
/// warning, an error raised by a message handler (the other handlers still ran), or a script's
/// error that native code caught while working for it (a layout pass).
public struct BridgeDiagnostic: Sendable, CustomStringConvertible {
    public enum Severity: Sendable { case notice, warning, error }
    public let severity: Severity
    /// A warning's text; for an error, what was running when it happened
    /// ("UICollectionView's layoutSubviews", "a handler of message 'system.did_load_module'").
    public let message: String
    /// The script's error behind an error, with its file, line and traceback.
    public let scriptError: LuaError?
    /// Whether the error is a message handler's (or a resource binding's) that the others
    /// outlived.
    public let inHandler: Bool

    public var description: String {
        scriptError.map { "\(message): \($0.message)" } ?? message
    }
}
