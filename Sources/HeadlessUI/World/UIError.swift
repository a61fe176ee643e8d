import CTextShim
import Foundation
import LuaRuntime

/// An error in the headless world's own set-up (not one a script caused).
public struct UIError: UserFacingError {
    public let description: String
    public init(_ description: String) { self.description = description }
}
