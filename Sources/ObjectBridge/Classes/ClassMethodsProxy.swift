import LuaRuntime

/// `Class.classMethod`: defining `function Class.classMethod:name()` adds a class method.
final class ClassMethodsProxy: LuaNativeObject {
    var luaSlot: Int32 = 0
    let cls: ClassObject
    init(_ cls: ClassObject) { self.cls = cls }
}
