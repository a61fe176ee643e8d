import CLuaShim
import Foundation
import Logging

/// Forwards Lua warnings to the handler the state was created with.
final class WarningSink {
    let handler: (String) -> Void
    init(_ handler: @escaping (String) -> Void) { self.handler = handler }
}

let warningEntry: rb_warning_fn = { context, message in
    guard let context, let message else { return }
    Unmanaged<WarningSink>.fromOpaque(context).takeUnretainedValue().handler(String(cString: message))
}
