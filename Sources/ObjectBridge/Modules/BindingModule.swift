import LuaRuntime

/// An SDK binding module scripts load with `require` (`"UIKit.UIView"`): one per SDK header,
/// holding the enums, constants and functions the header declares. Member names are accepted
/// in both Bounces' lower camel case and CodeFlow's upper camel case.
public struct BindingModule {
    /// A module member: a constant value or a native function.
    public enum Member {
        case constant(any ScriptConvertible)
        case function(NativeMemberBody)
    }

    public let name: String
    public let members: [(name: String, member: Member)]
    /// Enums the header declares that hang off no class (`CGLineJoin` in `CoreGraphics.CGPath`).
    public let enums: [EnumDescription]

    public init(_ name: String, _ members: [(String, Member)], enums: [EnumDescription] = []) {
        self.name = name
        self.members = members.map { (name: $0.0, member: $0.1) }
        self.enums = enums
    }

    /// The header's type name: `CATransform3D` for `QuartzCore.CATransform3D`.
    public static func typeName(of module: String) -> String {
        module.split(separator: ".").last.map(String.init) ?? module
    }

    /// The name CodeFlow gives a header's declaration in its module: the header's type name
    /// dropped from the front (`CATransform3DRotate` is `Rotate`, `UIViewAutoresizing` is
    /// `Autoresizing`), other names kept whole (`NSMaxRange` in `Foundation.NSRange`).
    public static func memberName(_ cName: String, inHeader module: String) -> String {
        let type = typeName(of: module)
        guard cName.count > type.count, cName.hasPrefix(type) else { return cName }
        return String(cName.dropFirst(type.count))
    }
}
