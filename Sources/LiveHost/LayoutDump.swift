import Foundation
import HeadlessUI
import ObjectBridge

/// The screen's layout as text: every view under the window with its class and frame, cells
/// with their index paths, labels with their text. What the `l` key of `rebound run` prints.
public enum LayoutDump {
    public static func text(of world: UIWorld) -> String {
        var lines = ["screen \(world.screen.profile)"]
        describe(world.window, depth: 0, bridge: world.bridge, into: &lines)
        return lines.joined(separator: "\n")
    }

    private static func describe(_ view: View, depth: Int, bridge: ObjectBridge, into lines: inout [String]) {
        let name = (try? bridge.classObject(for: view).name) ?? String(describing: type(of: view))
        var line = String(repeating: "  ", count: depth) + name + " " + format(view.frame)
        if let path = (view as? ReusableView)?.layoutAttributes?.indexPath {
            line += " [\(path.section), \(path.item)]"
        }
        if let label = view as? Label, let text = label.text { line += " \"\(text)\"" }
        if view.isHidden { line += " hidden" }
        lines.append(line)
        let children = (view as? CollectionView).map { collection in
            collection.subviews.sorted { order($0) < order($1) }
        } ?? view.subviews
        for child in children { describe(child, depth: depth + 1, bridge: bridge, into: &lines) }
    }

    /// Cells in index-path order, so that a dump does not depend on reuse history.
    private static func order(_ view: View) -> Int {
        guard let path = (view as? ReusableView)?.layoutAttributes?.indexPath else { return -1 }
        return path.section << 32 | path.item
    }

    private static func format(_ rect: CGRect) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
        }
        return "(\(number(rect.origin.x)), \(number(rect.origin.y)), \(number(rect.size.width)), \(number(rect.size.height)))"
    }
}
