import LuaRuntime

/// The C functions an SDK header declares over objects rather than one struct, as CodeFlow
/// shows them in the header's binding module: `CGContextFillRect(c, rect)` is
/// `CGContext.FillRect(c, rect)` in `CoreGraphics.CGContext`, `UIGraphicsGetCurrentContext()`
/// is `UIGraphics.GetCurrentContext()` in `UIKit.UIGraphics`. Parameter and result types
/// come from the closures' Swift types; parameter names come with them, for error messages.
public final class HeaderFunctions {
    public let header: String
    private var members: [(String, BindingModule.Member)] = []
    private var enums: [EnumDescription] = []

    public init(_ header: String, _ describe: (HeaderFunctions) -> Void) {
        self.header = header
        describe(self)
    }

    /// The header's binding module.
    public var module: BindingModule { BindingModule(header, members, enums: enums) }

    /// An enum of the header that hangs off no class, under CodeFlow's name
    /// (`EnumDescription.codeFlowName`): `CGLineJoin` in `CoreGraphics.CGPath`.
    public func enumeration(cType: String, constants: String, aliases: [String] = [], _ members: [(String, Int)]) {
        enums.append(EnumDescription(cType: cType, constants: constants, module: header, aliases: aliases, members))
    }

    /// Function `cName` with a result.
    public func function<each A: ScriptConvertible, R: ScriptConvertible>(
        _ cName: String, _ parameterNames: [String], _ body: @escaping (repeat each A) throws -> R
    ) {
        let signature = self.signature(
            cName, parameterNames, NativeClassBuilder<BridgeObject>.types(repeat (each A).self))
        add(signature.method) { call in
            var arguments = try ArgumentCursor(call: call, signature: signature)
            try body(repeat try arguments.next((each A).self)).push(to: call)
            return 1
        }
    }

    /// Function `cName` with no result.
    public func function<each A: ScriptConvertible>(
        _ cName: String, _ parameterNames: [String], _ body: @escaping (repeat each A) throws -> Void
    ) {
        let signature = self.signature(
            cName, parameterNames, NativeClassBuilder<BridgeObject>.types(repeat (each A).self))
        add(signature.method) { call in
            var arguments = try ArgumentCursor(call: call, signature: signature)
            try body(repeat try arguments.next((each A).self))
            return 0
        }
    }

    /// Constant `cName` of the header, under its CodeFlow name.
    public func constant(_ cName: String, _ value: any ScriptConvertible) {
        members.append((BindingModule.memberName(cName, inHeader: header), .constant(value)))
    }

    private func signature(_ cName: String, _ parameterNames: [String], _ parameters: [ScriptType]) -> Signature {
        let signature = Signature(
            className: BindingModule.typeName(of: header),
            method: BindingModule.memberName(cName, inHeader: header), parameters: parameters)
        signature.isFunction = true
        signature.refusesNaN = true
        signature.parameterNames = parameterNames
        return signature
    }

    private func add(_ name: String, _ body: @escaping NativeMemberBody) {
        members.append((name, .function(body)))
    }
}
