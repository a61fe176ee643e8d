import LuaRuntime

/// Who is being called, for checks and messages. A class: made once when the member is
/// described, and lent to each call without copying its strings.
@usableFromInline
final class Signature {
    /// The class, struct or binding module the member belongs to.
    @usableFromInline let className: String
    @usableFromInline let method: String
    @usableFromInline let parameters: [ScriptType]
    /// A property's getter or setter rather than a method.
    @usableFromInline var isProperty = false
    /// A function of a binding module (`CATransform3D.Rotate`): no receiver, and the
    /// parameters are named by `parameterNames`.
    @usableFromInline var isFunction = false
    /// A struct method (`rect:inset(dx, dy)`): the first parameter is the receiver.
    @usableFromInline var receiverIsFirstParameter = false
    /// Whether NaN arguments, and struct arguments with a NaN field, are refused (the SDK's
    /// geometry functions: NaN would spread through every result).
    @usableFromInline var refusesNaN = false
    /// Parameter names, when the method's name does not give them.
    @usableFromInline var parameterNames: [String]?

    @usableFromInline
    init(className: String, method: String, parameters: [ScriptType], isProperty: Bool = false) {
        self.className = className
        self.method = method
        self.parameters = parameters
        self.isProperty = isProperty
    }

    /// `UIView:addSubview`, `UIColor:colorWithWhite_alpha`, or `UIView.frame` for a property,
    /// `CATransform3D.Rotate` for a function.
    @usableFromInline var displayName: String {
        isProperty || isFunction ? "\(className).\(method)" : "\(className):\(method)"
    }

    /// The stack position of the first parameter: after the receiver, unless there is none or
    /// it is the first parameter.
    @usableFromInline var firstPosition: Int32 { isFunction || receiverIsFirstParameter ? 1 : 2 }

    @usableFromInline func parameterName(_ index: Int) -> String {
        if let parameterNames, index < parameterNames.count { return parameterNames[index] }
        if isProperty { return method }
        let parts = method.split(separator: "_")
        return index < parts.count ? String(parts[index]) : "argument \(index + 1)"
    }

    /// How Lua numbers the parameter in "bad argument #n": from 1 after the receiver.
    @usableFromInline func argumentNumber(_ index: Int) -> Int {
        receiverIsFirstParameter ? index : index + 1
    }

    /// Whether the last parameter takes the rest of the arguments (`stringWithFormat`).
    var isVariadic: Bool {
        if case .variadic = parameters.last { return true }
        return false
    }
}
