import Foundation

extension UIWorld {
    /// Makes what the program's document `file` (`Main.storyboard`, `Cell.xib`) describes, as
    /// far as each part goes, and tells what decoding used of it: a storyboard's every scene
    /// with its view, a xib's objects, and each prototype cell they hold. Nothing is shown. A
    /// part that fails is a problem in the result, and the others are still made.
    public func documentUsage(of file: String) -> InterfaceBuilderUsage {
        let type = URL(fileURLWithPath: file).pathExtension
        var problems: [String] = []
        func attempt(_ body: () throws -> Void) {
            do { try body() } catch { problems.append("\(error)") }
        }
        let document: IBDocument
        do {
            guard let found = try environment.nibDocuments.document(named: file, type: type, in: environment) else {
                var usage = InterfaceBuilderUsage(file: file)
                usage.problems = ["\(file): the program has no such document"]
                return usage
            }
            document = found
        } catch {
            var usage = InterfaceBuilderUsage(file: file)
            usage.problems = ["\(error)"]
            return usage
        }
        var views: [View] = []
        if type == "storyboard" {
            let storyboard = Storyboard(document: document, environment: environment)
            for id in storyboard.sceneControllers.compactMap(\.id) {
                attempt {
                    let controller = try storyboard.instantiateScene(controllerID: id, chain: SceneChain(), via: nil)
                    views.append(try controller.view())
                }
            }
        } else {
            attempt {
                views = try Nib(document: document).instantiate(owner: nil, environment: environment).compactMap {
                    $0 as? View ?? ($0 as? ViewController)?.loadedView
                }
            }
        }
        var pending = views
        while let view = pending.popLast() {
            pending += view.subviews
            let makers: [() throws -> View] =
                (view as? TableView)?.prototypeMakers.map { make in { try make() } }
                ?? (view as? CollectionView)?.prototypeMakers.map { make in { try make() } } ?? []
            for make in makers { attempt { _ = try make() } }
        }
        var usage = document.usage
        usage.problems = problems
        return usage
    }
}
