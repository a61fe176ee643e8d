import LuaRuntime

/// Who is being called, for checks and messages.
@usableFromInline
struct Signature {
    @usableFromInline let className: String
    @usableFromInline let method: String
    @usableFromInline let parameters: [ScriptType]
    /// A property's getter or setter rather than a method.
    @usableFromInline var isProperty = false

    @usableFromInline
    init(className: String, method: String, parameters: [ScriptType], isProperty: Bool = false) {
        self.className = className
        self.method = method
        self.parameters = parameters
        self.isProperty = isProperty
    }

    /// `UIView:addSubview`, `UIColor:colorWithWhite_alpha`, or `UIView.frame` for a property.
    @usableFromInline var displayName: String { isProperty ? "\(className).\(method)" : "\(className):\(method)" }

    @usableFromInline func parameterName(_ index: Int) -> String {
        if isProperty { return method }
        let parts = method.split(separator: "_")
        return index < parts.count ? String(parts[index]) : "argument \(index + 1)"
    }
}
