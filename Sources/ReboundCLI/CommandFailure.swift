import ArgumentParser
import Foundation
import LuaRuntime

/// Why a command stopped, for the user: each line of the message on standard error after
/// `error:`, and an exit status (2 when the input cannot be used at all, 1 when the work itself
/// failed). Commands throw it; `Rebound.main` prints it, and any other `UserFacingError` that
/// reaches it, in one place.
struct CommandFailure: Error {
    enum Kind {
        /// The input cannot be used: a bad path, a project that does not load, a taken port.
        case usage
        /// The work itself failed: a package that does not verify, a file that cannot be written.
        case failed

        var status: Int32 { self == .usage ? 2 : 1 }
    }

    let kind: Kind
    let message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(kind: .usage, message: message) }

    static func failed(_ message: String) -> CommandFailure { CommandFailure(kind: .failed, message: message) }

    /// `error` as the input's fault.
    static func usage(_ error: any UserFacingError) -> CommandFailure { usage(error.description) }

    /// `error` as the work's failure.
    static func failed(_ error: any UserFacingError) -> CommandFailure { failed(error.description) }

    /// Writes the message and gives the exit status; the error ArgumentParser then exits with.
    func report() -> ExitCode {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { "error: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(lines.utf8))
        return ExitCode(kind.status)
    }
}
