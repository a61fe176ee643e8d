/// One test's outcome in `rebound test`, or an error outside any test (a spec file that does
/// not load, a failing `describe` body or hook), which counts as an errored test.
public struct SpecResult: Equatable, Sendable {
    public enum Status: String, Sendable {
        case passed, failed, errored, pending
    }

    /// The spec file, relative to the project.
    public var file: String
    /// The test's full name (its `describe`s' names, then its own).
    public var name: String
    public var status: Status
    public var message: String?
    /// Where it failed: the file and line Lua reports.
    public var location: String?
    public var line: Int?
    /// The failure's stack traceback, through the project's files.
    public var traceback: String?
    public var seconds: Double
    /// Files a failure wrote for the report to attach (a snapshot's actual picture and diff).
    public var attachments: [String] = []

    public init(
        file: String, name: String, status: Status, message: String? = nil, location: String? = nil, line: Int? = nil,
        seconds: Double = 0
    ) {
        self.file = file
        self.name = name
        self.status = status
        self.message = message
        self.location = location
        self.line = line
        self.seconds = seconds
    }
}
