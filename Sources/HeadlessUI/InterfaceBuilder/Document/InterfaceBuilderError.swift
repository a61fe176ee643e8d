import Foundation
import LuaRuntime

/// A document Rebound cannot use, named by its file, line and element.
public struct InterfaceBuilderError: UserFacingError, Sendable {
    public let file: String
    public let line: Int
    public let problem: String

    init(_ problem: String, file: String, line: Int = 0) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    init(_ problem: String, in document: IBDocument, at element: IBElement) {
        self.init("<\(element.name)>: \(problem)", file: document.file, line: element.line)
    }

    public var description: String { line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)" }

    public var location: UserFacingLocation? { UserFacingLocation(file: file, line: line > 0 ? line : nil) }
}
