import ObjectBridge

extension View {
    /// `endEditing`: the first responder in this view's tree resigns. Without `force` its
    /// delegate may keep it (false); with `force` it resigns whatever the delegate says.
    func endEditing(force: Bool) throws -> Bool {
        guard let application = onScreenApplication, let first = application.firstResponder as? View,
            first.isDescendant(of: self)
        else { return true }
        guard force else { return try first.resignFirstResponder() }
        _ = try first.resign(from: application, force: true)
        try application.keyboard?.follow(application.firstResponder)
        return true
    }

    /// A view that leaves its window takes the first responder in its tree with it, as in UIKit;
    /// what the delegate says on the way out is reported, since the view is gone either way.
    func resignFirstResponderLeaving(_ application: Application) {
        guard let first = application.firstResponder as? View, first.isDescendant(of: self) else { return }
        do {
            _ = try first.resign(from: application, force: true)
            try application.keyboard?.follow(application.firstResponder)
        } catch {
            bridge?.report(error, during: "ending editing as a view left its window")
        }
    }
}
