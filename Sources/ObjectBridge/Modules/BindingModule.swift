import LuaRuntime

/// An SDK binding module scripts load with `require` (`"UIKit.UIView"`): the enums of the
/// classes that name it, plus constants and functions. Member names are accepted in both
/// Bounces' lower camel case and CodeFlow's upper camel case.
public struct BindingModule {
    /// A module member: a constant value or a native function.
    public enum Member {
        case constant(any ScriptConvertible)
        case function(NativeMemberBody)
    }

    public let name: String
    public let members: [(name: String, member: Member)]

    public init(_ name: String, _ members: [(String, Member)]) {
        self.name = name
        self.members = members.map { (name: $0.0, member: $0.1) }
    }
}
