/// An error a native function throws whose message names the function: the runtime asks for
/// the message only when the error is raised, so naming costs nothing on the way in.
public protocol LuaFunctionError: Error {
    func message(function: String) -> String
}
