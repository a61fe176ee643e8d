import LuaRuntime

/// An enum as scripts see it: `objc.UIView.Autoresizing.FlexibleWidth`, also spelled
/// `flexibleWidth`, and `require "UIKit.UIView".Autoresizing`.
///
/// Its name is CodeFlow's (`codeFlowName`); `aliases` are other names scripts may use for the
/// same enum, such as the ones Rebound gave it before it followed CodeFlow's rule.
public struct EnumDescription {
    public let name: String
    public let module: String
    public let aliases: [String]
    /// Swift's name for it on its class (`UIAlertAction.Style` for `UIAlertActionStyle`): the C
    /// type's name less the class's. A class answers to it; its module does not, where it could
    /// name another class's enum.
    public internal(set) var swiftName: String?
    /// Members in CodeFlow's upper camel case, in declaration order.
    public let members: [(name: String, value: Int)]

    public init(_ name: String, module: String, aliases: [String] = [], _ members: [(String, Int)]) {
        self.name = name
        self.module = module
        self.aliases = aliases.filter { $0 != name }
        self.members = members.map { (name: $0.0, value: $0.1) }
    }

    /// The enum of C type `cType` in header `module`, whose constants all begin with
    /// `constants`, under CodeFlow's name for it.
    public init(cType: String, constants: String, module: String, aliases: [String] = [], _ members: [(String, Int)]) {
        self.init(
            Self.codeFlowName(constants: constants, type: cType, module: module), module: module, aliases: aliases,
            members)
    }

    /// CodeFlow's name for an enum of header `module`: the common prefix of its constants (a
    /// leading `k` dropped) less the header's type name (`UITableViewCellAccessory...` in
    /// `UIKit.UITableViewCell` is `Accessory`; `kCGGradientDraws...` in `CoreGraphics.CGGradient`
    /// is `Draws`), or the whole prefix when the header's name does not begin it (`UIRectEdge`
    /// in `UIKit.UIGeometry`, `CGLineJoin` in `CoreGraphics.CGPath`). When the prefix is the
    /// header's name and nothing more (`NSDateFormatterNoStyle`, `NSDateFormatterShortStyle`),
    /// the C type's name less the header's (`Style`).
    public static func codeFlowName(constants prefix: String, type cType: String, module: String) -> String {
        let header = BindingModule.typeName(of: module)
        func less(_ name: String) -> String {
            let unprefixed =
                name.hasPrefix("k") && name.dropFirst().first?.isUppercase == true ? String(name.dropFirst()) : name
            return unprefixed.hasPrefix(header) ? String(unprefixed.dropFirst(header.count)) : unprefixed
        }
        let name = less(prefix)
        return name.isEmpty ? less(cType) : name
    }
}
