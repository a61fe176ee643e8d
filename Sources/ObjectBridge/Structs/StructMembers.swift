import LuaRuntime

/// Adds what an SDK header declares for a struct, as CodeFlow shows it: functions and constants
/// in the header's binding module, and methods of the struct's values. `CATransform3DRotate`
/// is `CaTransform3D.Rotate(t, angle, x, y, z)` in `QuartzCore.CATransform3D` and
/// `t:rotate(angle, x, y, z)` on values. Parameter and result types come from the closures'
/// Swift types; parameter names come with them, for error messages.
public final class StructMembers<S: ScriptStruct> {
    /// Methods of the struct's values; the receiver is at stack position 1.
    var methods: [(name: String, body: NativeMemberBody)] = []
    /// Members of the header's binding module, under the names scripts use.
    var moduleMembers: [(name: String, member: BindingModule.Member)] = []
    /// The types of the methods and of the module's functions, for tools.
    var methodDescriptions: [FunctionDescription] = []
    var functionDescriptions: [FunctionDescription] = []

    init() {}

    /// Function `cName` of the header, in its module under the name CodeFlow gives it (the
    /// header's name dropped: `CATransform3DRotate` is `Rotate`, `NSMaxRange` stays) and also
    /// under `alias`. With `method`, values have it as that method, their value as the first
    /// argument.
    @inlinable
    public func function<each A: ScriptConvertible, R: ScriptConvertible>(
        _ cName: String, _ parameterNames: [String], method: String? = nil, alias: String? = nil,
        _ body: @escaping (repeat each A) throws -> R
    ) {
        let parameters = NativeClassBuilder<BridgeObject>.types(repeat (each A).self)
        let module = S.header
        let signature = Signature(
            className: BindingModule.typeName(of: module),
            method: BindingModule.memberName(cName, inHeader: module), parameters: parameters)
        signature.isFunction = true
        signature.refusesNaN = true
        signature.parameterNames = parameterNames
        let function = Self.functionBody(signature, body)
        addToModule(signature.method, .function(function))
        if let alias { addToModule(alias, .function(function)) }
        for name in [signature.method] + [alias].compactMap({ $0 }) {
            describe(function: name, parameters, parameterNames, result: R.scriptType)
        }
        if let method {
            describe(
                method: method, Array(parameters.dropFirst()), Array(parameterNames.dropFirst()), result: R.scriptType)
            let methodSignature = Signature(className: S.structName, method: method, parameters: parameters)
            methodSignature.receiverIsFirstParameter = true
            methodSignature.refusesNaN = true
            methodSignature.parameterNames = ["self"] + parameterNames.dropFirst()
            add(method: method, Self.functionBody(methodSignature, body))
        }
    }

    /// A method of the struct's values (`range:containsLocation(5)`).
    @inlinable
    public func method<each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, _ parameterNames: [String] = [], _ body: @escaping (S, repeat each A) throws -> R
    ) {
        let signature = Signature(
            className: S.structName, method: name,
            parameters: [S.scriptType] + NativeClassBuilder<BridgeObject>.types(repeat (each A).self))
        signature.receiverIsFirstParameter = true
        signature.refusesNaN = true
        signature.parameterNames = ["self"] + parameterNames
        add(method: name, Self.methodBody(signature, body))
        describe(method: name, Array(signature.parameters.dropFirst()), parameterNames, result: R.scriptType)
    }

    /// Constant `cName` of the header (`CATransform3DIdentity` is `Identity`). A struct constant
    /// is a new table at each read, so that changing one's fields changes no other.
    public func constant(_ cName: String, _ value: any ScriptConvertible) {
        addToModule(BindingModule.memberName(cName, inHeader: S.header), .constant(value))
    }

    @usableFromInline
    func add(method name: String, _ body: @escaping NativeMemberBody) {
        methods.append((name, body))
    }

    @usableFromInline
    func describe(function name: String, _ parameters: [ScriptType], _ names: [String], result: ScriptType) {
        functionDescriptions.append(
            FunctionDescription(name: name, parameters: parameters, parameterNames: names, result: result))
    }

    @usableFromInline
    func describe(method name: String, _ parameters: [ScriptType], _ names: [String], result: ScriptType) {
        methodDescriptions.append(
            FunctionDescription(name: name, parameters: parameters, parameterNames: names, result: result))
    }

    @usableFromInline
    func addToModule(_ name: String, _ member: BindingModule.Member) {
        moduleMembers.append((name, member))
    }

    @usableFromInline
    static func functionBody<each A: ScriptConvertible, R: ScriptConvertible>(
        _ signature: Signature, _ body: @escaping (repeat each A) throws -> R
    ) -> NativeMemberBody {
        { call in
            var arguments = try ArgumentCursor(call: call, signature: signature)
            try body(repeat try arguments.next((each A).self)).push(to: call)
            return 1
        }
    }

    @usableFromInline
    static func methodBody<each A: ScriptConvertible, R: ScriptConvertible>(
        _ signature: Signature, _ body: @escaping (S, repeat each A) throws -> R
    ) -> NativeMemberBody {
        { call in
            var arguments = try ArgumentCursor(call: call, signature: signature)
            let receiver = try arguments.next(S.self)
            try body(receiver, repeat try arguments.next((each A).self)).push(to: call)
            return 1
        }
    }
}
