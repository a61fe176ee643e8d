/// An error whose description is written for the user: what went wrong, in a sentence, with
/// the file and line where one applies. The command line prints such an error as it is, in one
/// place (`CommandFailure`), rather than as a Swift value.
public protocol UserFacingError: Error, CustomStringConvertible {
    /// Where the problem is, when it is in a file the user can open.
    var location: UserFacingLocation? { get }
}

extension UserFacingError {
    public var location: UserFacingLocation? { nil }
}

/// A place in a user's file: a script, a document, a manifest.
public struct UserFacingLocation: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?

    public init(file: String, line: Int? = nil) {
        (self.file, self.line) = (file, line)
    }

    public var description: String { line.map { "\(file):\($0)" } ?? file }
}
