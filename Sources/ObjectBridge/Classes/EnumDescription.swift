import LuaRuntime

/// An enum as scripts see it: `objc.UIView.Autoresizing.FlexibleWidth`, also spelled
/// `flexibleWidth`, and `require "UIKit.UIView".Autoresizing`.
public struct EnumDescription {
    public let name: String
    public let module: String
    /// Members in CodeFlow's upper camel case, in declaration order.
    public let members: [(name: String, value: Int)]

    public init(_ name: String, module: String, _ members: [(String, Int)]) {
        self.name = name
        self.module = module
        self.members = members.map { (name: $0.0, value: $0.1) }
    }
}
