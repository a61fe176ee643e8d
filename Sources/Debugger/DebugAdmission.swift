import Foundation

/// The order a debugger client must follow before anything it asks for runs, kept per
/// connection by the server's reader: `initialize` first, then `attach` or `launch`. On a TCP
/// port, the run's secret (`DebugToken`) must also have come, in either request's `token`
/// argument. Until then every other request is refused with an error and runs nothing.
struct DebugAdmission {
    enum Verdict: Equatable {
        /// The request goes to the host.
        case pass
        /// The request is answered with this error and runs nothing.
        case refuse(String)
        /// The request is answered with this error and the connection is closed.
        case drop(String)
    }

    private enum Stage { case new, initialized, admitted }

    private let token: String?
    private var stage = Stage.new
    private var tokenGiven = false

    /// `token`: the secret a client must present, or nil where the socket's owner check is
    /// enough (a Unix socket).
    init(token: String?) {
        self.token = token
    }

    /// Whether the client got past `attach` or `launch`: the session is its.
    var isAdmitted: Bool { stage == .admitted }

    /// What to do with `request`, noting how far the client got.
    mutating func check(_ request: DebugRequest) -> Verdict {
        switch (stage, request.command) {
        case (.admitted, "initialize"):
            return .refuse("initialize was already done")
        case (.admitted, _):
            return .pass
        case (.new, "initialize"):
            if let verdict = checkToken(request) { return verdict }
            stage = .initialized
            return .pass
        case (.new, _):
            return .refuse("\(request.command) before initialize: the first request must be initialize")
        case (.initialized, "attach"), (.initialized, "launch"):
            if let verdict = checkToken(request) { return verdict }
            guard token == nil || tokenGiven else {
                return .drop(
                    "this debugger needs the run's token: give \"token\" in attach's or launch's arguments "
                        + "(rebound run printed it, and wrote it to .rebound/debug-token)")
            }
            stage = .admitted
            return .pass
        case (.initialized, "initialize"):
            return .refuse("initialize was already done")
        case (.initialized, _):
            return .refuse("\(request.command) before attach or launch: attach or launch first")
        }
    }

    /// A wrong token ends the connection; a right one is remembered.
    private mutating func checkToken(_ request: DebugRequest) -> Verdict? {
        guard let token else { return nil }
        // A token of another type than a string is a wrong one.
        let arguments = try? request.arguments(as: DAPArguments.Token.self)
        if let arguments, arguments.token == nil { return nil }
        guard let given = arguments?.token, DebugToken.matches(given, token) else {
            return .drop("the token is not this run's; the connection is closed")
        }
        tokenGiven = true
        return nil
    }
}
