import Foundation
import HeadlessUI
import ObjectBridge

/// The screen's layout: every view of the windows shown (back to front) with its class and frame, cells with
/// their index paths, labels with their text. As text, what the `l` key of `rebound run`
/// prints; as entries, what its `--json` layout event holds. Views are listed parents first
/// (each after its parent, subviews in order, cells by index path), with their depth and
/// their parent's position in the list, so a tree of any depth is a flat list. Frames and alpha
/// are what the screen shows: halfway through an animation, the halfway values.
public enum LayoutDump {
    /// One view of the dump.
    public struct Entry: Encodable, Equatable, Sendable {
        public let depth: Int
        /// The position of the parent in the list; nil for the window.
        public let parent: Int?
        public let className: String
        /// x, y, width, height.
        public let frame: [Double]
        /// Section and item, for cells and supplementary views.
        public let indexPath: [Int]?
        /// A supplementary or decoration view's element kind (`header`).
        public var elementKind: String?
        /// A compositional layout's cell: the index of its group in its section.
        public var group: Int?
        public let text: String?
        public let hidden: Bool?
        /// The alpha shown, when below 1.
        public let alpha: Double?
        /// The layer's zPosition, when not 0.
        public var zIndex: Double?
        /// The view's transform shown (a, b, c, d, tx, ty), which is its layer's flat part, when
        /// not the identity.
        public var transform: [Double]?
        /// The constraints installed on the view, in UIKit's textual form.
        public var constraints: [String]?
        /// True when the constraints leave the view's frame open.
        public var ambiguous: Bool?
        /// The view's id in the xib or storyboard it came from (`Hma-53-qQo`).
        public var documentID: String?
        /// What a script set: `accessibilityIdentifier` and `accessibilityLabel`.
        public var accessibilityIdentifier: String?
        public var accessibilityLabel: String?
        /// For a Texture node's view: the node's class.
        public var node: String?
        /// The layout specs of the node's last layout, outermost first, with their frames in the
        /// node's coordinates.
        public var layoutSpecs: [Spec]?

        enum CodingKeys: String, CodingKey {
            case className = "class"
            case depth, parent, frame, indexPath, text, hidden, alpha, zIndex, transform, constraints, ambiguous,
                documentID, accessibilityIdentifier, accessibilityLabel, node, layoutSpecs
        }
    }

    /// One layout spec of a node's layout.
    public struct Spec: Encodable, Equatable, Sendable {
        public init(depth: Int, name: String, frame: [Double]) {
            (self.depth, self.name, self.frame) = (depth, name, frame)
        }

        /// How many specs hold it, in the node's layout.
        public let depth: Int
        /// Its class as `asciiArtString` names it: with its debug name, and a ratio spec's ratio.
        public let name: String
        public let frame: [Double]
    }

    public static func entries(of world: UIWorld) -> [Entry] {
        var entries: [Entry] = []
        var pending: [(view: View, depth: Int, parent: Int?)] = world.application.visibleWindows.reversed().map {
            ($0, 0, nil)
        }
        while let (view, depth, parent) = pending.popLast() {
            let frame = view.presentationFrame
            let alpha = view.presentationAlpha
            entries.append(
                Entry(
                    depth: depth, parent: parent,
                    className: (try? world.bridge.classObject(for: view).name) ?? String(describing: type(of: view)),
                    frame: [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height],
                    indexPath: (view as? ReusableView)?.layoutAttributes.map {
                        [$0.indexPath.section, $0.indexPath.item]
                    },
                    text: (view as? Label)?.text, hidden: view.isHidden ? true : nil, alpha: alpha < 1 ? alpha : nil,
                    zIndex: view.layer.zPosition != 0 ? view.layer.zPosition : nil, transform: transform(of: view),
                    constraints: view.installedConstraints.isEmpty ? nil : view.installedConstraints.map(\.description),
                    ambiguous: view.hasAmbiguousLayout ? true : nil, documentID: view.documentID,
                    accessibilityIdentifier: view.accessibility.identifier,
                    accessibilityLabel: view.accessibility.label,
                    node: view.node?.asciiArtName, layoutSpecs: view.node.flatMap(specs(of:))))
            if let attributes = (view as? ReusableView)?.layoutAttributes {
                entries[entries.count - 1].elementKind = attributes.category == .cell ? nil : attributes.kind
                entries[entries.count - 1].group = attributes.category == .cell ? group(of: attributes, in: view) : nil
            }
            let position = entries.count - 1
            for child in children(of: view).reversed() { pending.append((child, depth + 1, position)) }
        }
        return entries
    }

    public static func text(of world: UIWorld) -> String {
        text(screen: world.screen.profile.description, entries: entries(of: world))
    }

    /// How deep the text indents; a deeper view is indented as far and says its depth, so the
    /// text grows with the number of views, not with the square of their depth.
    static let indentedDepth = 12
    /// How much of a label's text the text shows.
    static let shownTextLength = 1024

    public static func text(screen: String, entries: [Entry]) -> String {
        var lines = ["screen \(screen)"]
        for entry in entries {
            var line = String(repeating: "  ", count: min(entry.depth, indentedDepth))
            if entry.depth > indentedDepth { line += "(depth \(entry.depth)) " }
            line += entry.className + " " + format(entry.frame)
            if let path = entry.indexPath { line += " [\(path[0]), \(path[1])]" }
            if let kind = entry.elementKind { line += " kind " + LuaLiteral.string(kind, limit: shownTextLength) }
            if let group = entry.group { line += " group \(group)" }
            // Quoted and escaped: a label's line breaks and terminal controls stay in its line.
            if let text = entry.text { line += " " + LuaLiteral.string(text, limit: shownTextLength) }
            if entry.hidden == true { line += " hidden" }
            if let alpha = entry.alpha { line += " alpha " + format([alpha]).dropFirst().dropLast() }
            if let node = entry.node { line += " node " + node }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The group a compositional layout placed the cell in.
    private static func group(of attributes: LayoutAttributes, in view: View) -> Int? {
        ((view.superview as? CollectionView)?.layout as? CompositionalLayout)?.groupIndex(
            ofItemAt: attributes.indexPath)
    }

    private static func specs(of node: DisplayNode) -> [Spec]? {
        let specs = node.specFrames().map { spec in
            Spec(
                depth: spec.depth, name: spec.name,
                frame: [spec.frame.origin.x, spec.frame.origin.y, spec.frame.size.width, spec.frame.size.height])
        }
        return specs.isEmpty ? nil : specs
    }

    private static func transform(of view: View) -> [Double]? {
        let shown = view.presentationTransform
        guard shown != .identity else { return nil }
        return [shown.a, shown.b, shown.c, shown.d, shown.tx, shown.ty]
    }

    /// Cells in index-path order, so that a dump does not depend on reuse history.
    private static func children(of view: View) -> [View] {
        guard view is CollectionView else { return view.subviews }
        return view.subviews.sorted { order($0) < order($1) }
    }

    private static func order(_ view: View) -> Int {
        guard let path = (view as? ReusableView)?.layoutAttributes?.indexPath else { return -1 }
        return path.section << 32 | path.item
    }

    private static func format(_ frame: [Double]) -> String {
        "("
            + frame.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String(format: "%.2f", $0) }
            .joined(separator: ", ") + ")"
    }
}
