import Foundation
import HeadlessUI
import LuaRuntime

/// A package that cannot be exported, read or run; each line names the entry or file.
public struct PackageError: UserFacingError {
    public let problems: [String]
    public init(_ problem: String) { problems = [problem] }
    public init(_ problems: [String]) { self.problems = problems }
    public var description: String { problems.joined(separator: "\n") }
}
