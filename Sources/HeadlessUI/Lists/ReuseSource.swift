import ObjectBridge

/// What makes a new reusable view (a cell, a header) for a reuse identifier when none is
/// recycled: a registered class, or a storyboard's prototype. The last registered wins, as in
/// UIKit.
enum ReuseSource<Made> {
    case registered(ClassObject)
    case prototype(() throws -> Made)

    var prototypeMaker: (() throws -> Made)? {
        guard case .prototype(let make) = self else { return nil }
        return make
    }
}
