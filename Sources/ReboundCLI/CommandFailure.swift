import ArgumentParser
import Foundation

/// How a command ends on a problem: each line of it on standard error after `error:`, and an
/// exit status (2 when the input cannot be used at all, 1 when the work itself failed).
enum CommandFailure {
    static func usage(_ text: String) -> ExitCode { exit(text, status: 2) }

    static func failed(_ text: String) -> ExitCode { exit(text, status: 1) }

    private static func exit(_ text: String, status: Int32) -> ExitCode {
        let lines = text.split(separator: "\n").map { "error: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(lines.utf8))
        return ExitCode(status)
    }
}
