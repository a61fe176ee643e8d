import Foundation

/// The animation block running on this thread, if any, as Core Animation keeps its transactions
/// per thread: a view whose animatable property changes while a block runs asks it for an
/// animation. Blocks nest; `performWithoutAnimation` is a scope that animates nothing.
final class AnimationScope {
    /// The group of the animations the block starts; nil in `performWithoutAnimation`.
    let group: AnimationGroup?
    /// `BeginFromCurrentState`: start from the presentation value, replacing what animates it.
    let beginsFromCurrentState: Bool
    private let outer: UnsafeMutableRawPointer?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private init(group: AnimationGroup?, beginsFromCurrentState: Bool) {
        self.group = group
        self.beginsFromCurrentState = beginsFromCurrentState
        outer = pthread_getspecific(Self.key)
    }

    /// The innermost scope of this thread.
    static var current: AnimationScope? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<AnimationScope>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Opens a scope that lasts until `close` (`beginAnimations` to `commitAnimations`); the
    /// caller keeps it until then.
    static func open(group: AnimationGroup?, beginsFromCurrentState: Bool) -> AnimationScope {
        let scope = AnimationScope(group: group, beginsFromCurrentState: beginsFromCurrentState)
        pthread_setspecific(key, Unmanaged.passUnretained(scope).toOpaque())
        return scope
    }

    /// Closes the scope `open` made, when it is the innermost.
    func close() {
        guard Self.current === self else { return }
        pthread_setspecific(Self.key, outer)
    }

    /// Runs `body` with a scope that gives changes to `group` (none animate when it is nil).
    static func run(group: AnimationGroup?, beginsFromCurrentState: Bool = false, _ body: () throws -> Void) rethrows {
        // Without animation inside no animation, there is nothing to shadow.
        if group == nil, pthread_getspecific(key) == nil { return try body() }
        let scope = AnimationScope(group: group, beginsFromCurrentState: beginsFromCurrentState)
        pthread_setspecific(key, Unmanaged.passUnretained(scope).toOpaque())
        defer { pthread_setspecific(key, scope.outer) }
        try withExtendedLifetime(scope) { try body() }
    }
}
