import Foundation
import LuaRuntime

/// Foundation's classes every bridge has, superclasses first.
func foundationClasses() -> [NativeClass] {
    [
        BridgeObject.Script.nativeClass(), NSStringClass.Script.nativeClass(), ArrayObject.Script.nativeClass(),
        IndexSetObject.Script.nativeClass(), IndexPathValue.Script.nativeClass(),
        MutableArrayObject.Script.nativeClass(),
    ] + DictionaryObject.Script.nativeClasses() + SetObject.Script.nativeClasses()
}
