import Foundation
import ObjectBridge

/// `UICollectionViewFlowLayout`: lines of items, with UIKit's placement rules
/// (`FlowLayoutEngine`), sizes and spacings from its properties or from the collection view's
/// delegate (`UICollectionViewDelegateFlowLayout`).
public final class FlowLayout: CollectionViewLayout {
    public var itemSize = CGSize(width: 50, height: 50)
    public var minimumLineSpacing = 10.0
    public var minimumInteritemSpacing = 10.0
    public var sectionInset = UIEdgeInsets.zero
    public var headerReferenceSize = CGSize.zero
    public var footerReferenceSize = CGSize.zero
    var scrollDirection = FlowLayoutEngine.Direction.vertical
    private var store = ElementStore([], vertical: true)
    private var size = CGSize.zero

    static let headerKind = "UICollectionElementKindSectionHeader"
    static let footerKind = "UICollectionElementKindSectionFooter"

    override func prepareLayout() {
        do {
            try computeLayout()
        } catch {
            bridge?.report(.error, "UICollectionViewFlowLayout: \(error)")
        }
    }

    private func computeLayout() throws {
        guard let collectionView else { return }
        let counts = try collectionView.sectionCounts()
        let delegate = collectionView.delegate
        var sections: [FlowLayoutEngine.Section] = []
        for (section, count) in counts.enumerated() {
            var sizes: [CGSize] = []
            for item in 0..<count {
                let path = IndexPathObject(item: item, section: section)
                let size = try ask(delegate, "collectionView_layout_sizeForItemAtIndexPath", path, returning: CGSize.self)
                sizes.append(try size.map { try GeometryCheck.size($0, "the size of item \(item) of section \(section)") } ?? itemSize)
            }
            let inset = try ask(delegate, "collectionView_layout_insetForSectionAtIndex", section, returning: UIEdgeInsets.self)
            let lines = try ask(delegate, "collectionView_layout_minimumLineSpacingForSectionAtIndex", section, returning: Double.self)
            let items = try ask(delegate, "collectionView_layout_minimumInteritemSpacingForSectionAtIndex", section, returning: Double.self)
            let header = try ask(delegate, "collectionView_layout_referenceSizeForHeaderInSection", section, returning: CGSize.self)
            let footer = try ask(delegate, "collectionView_layout_referenceSizeForFooterInSection", section, returning: CGSize.self)
            sections.append(FlowLayoutEngine.Section(
                itemSizes: sizes,
                inset: try inset.map { try GeometryCheck.insets($0, "the inset of section \(section)") } ?? sectionInset,
                lineSpacing: try lines.map { try GeometryCheck.finite($0, "the line spacing of section \(section)") } ?? minimumLineSpacing,
                interitemSpacing: try items.map { try GeometryCheck.finite($0, "the item spacing of section \(section)") }
                    ?? minimumInteritemSpacing,
                headerSize: try header.map { try GeometryCheck.size($0, "the header size of section \(section)") } ?? headerReferenceSize,
                footerSize: try footer.map { try GeometryCheck.size($0, "the footer size of section \(section)") } ?? footerReferenceSize))
        }
        let engine = FlowLayoutEngine(direction: scrollDirection, boundsSize: collectionView.bounds.size,
                                      scale: collectionView.window?.screenScale ?? 1)
        let (elements, size) = engine.layout(sections)
        store = ElementStore(elements, vertical: scrollDirection == .vertical)
        self.size = size
    }

    /// The delegate's answer to a UICollectionViewDelegateFlowLayout method, if it gives one.
    private func ask<A: ScriptConvertible, R: ScriptConvertible>(_ delegate: BridgeObject?, _ method: String, _ argument: A,
                                                                 returning: R.Type) throws -> R? {
        guard let delegate, let bridge = delegate.bridge, let collectionView,
              let function = bridge.override(method, of: delegate, protocol: "UICollectionViewDelegateFlowLayout") else { return nil }
        return try bridge.call(function, on: delegate, method: method, collectionView, self, argument, returning: R.self)
    }

    override func collectionViewContentSize() -> CGSize { size }

    override func attributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        store.elements(in: rect).map(attributes(for:))
    }

    override func attributesForItem(at path: IndexPathObject) -> LayoutAttributes? {
        store.cell(section: path.section, item: path.item).map(attributes(for:))
    }

    override func attributesForSupplementaryView(ofKind kind: String, at path: IndexPathObject) -> LayoutAttributes? {
        let wanted: FlowLayoutEngine.ElementKind = kind == Self.headerKind ? .header : .footer
        return store.elements.first { $0.kind == wanted && $0.section == path.section }.map(attributes(for:))
    }

    /// A flow layout depends on the width (vertical) or height (horizontal) only.
    override func shouldInvalidateLayout(forBoundsChange bounds: CGRect) -> Bool {
        guard let current = collectionView?.bounds.size else { return false }
        return scrollDirection == .vertical ? bounds.width != current.width : bounds.height != current.height
    }

    private func attributes(for element: FlowLayoutEngine.Element) -> LayoutAttributes {
        let path = IndexPathObject(item: element.item, section: element.section)
        let attributes: LayoutAttributes = switch element.kind {
        case .cell: LayoutAttributes(indexPath: path, category: .cell)
        case .header: LayoutAttributes(indexPath: path, category: .supplementaryView, kind: Self.headerKind)
        case .footer: LayoutAttributes(indexPath: path, category: .supplementaryView, kind: Self.footerKind)
        }
        attributes.frame = element.frame
        return attributes
    }

    static let directions: [(String, Int)] = [("Vertical", 0), ("Horizontal", 1)]

    /// The element kinds of headers and footers, as UIKit's string constants.
    static var elementKindsModule: BindingModule {
        BindingModule("UIKit.UICollectionViewFlowLayout", [
            ("UICollectionElementKindSectionHeader", .constant(headerKind)),
            ("UICollectionElementKindSectionFooter", .constant(footerKind)),
        ])
    }

    static func flowLayoutClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass("UICollectionViewFlowLayout", superclass: "UICollectionViewLayout", type: FlowLayout.self,
                    allocate: { FlowLayout() }) { c in
            c.classMethod("invalidationContextClass") {
                try contextClass("UICollectionViewFlowLayoutInvalidationContext", environment)
            }
            c.property("itemSize", get: { $0.itemSize }, set: { $0.itemSize = try GeometryCheck.size($1, "itemSize"); $0.invalidate() })
            c.property("minimumLineSpacing", get: { $0.minimumLineSpacing }, set: {
                $0.minimumLineSpacing = try GeometryCheck.finite($1, "minimumLineSpacing"); $0.invalidate()
            })
            c.property("minimumInteritemSpacing", get: { $0.minimumInteritemSpacing }, set: {
                $0.minimumInteritemSpacing = try GeometryCheck.finite($1, "minimumInteritemSpacing"); $0.invalidate()
            })
            c.property("sectionInset", get: { $0.sectionInset }, set: {
                $0.sectionInset = try GeometryCheck.insets($1, "sectionInset"); $0.invalidate()
            })
            c.property("headerReferenceSize", get: { $0.headerReferenceSize }, set: {
                $0.headerReferenceSize = try GeometryCheck.size($1, "headerReferenceSize"); $0.invalidate()
            })
            c.property("footerReferenceSize", get: { $0.footerReferenceSize }, set: {
                $0.footerReferenceSize = try GeometryCheck.size($1, "footerReferenceSize"); $0.invalidate()
            })
            c.property("scrollDirection", get: { $0.scrollDirection == .vertical ? 0 : 1 }, set: { layout, direction in
                guard direction == 0 || direction == 1 else { throw ScriptValueError("scrollDirection must be 0 (vertical) or 1 (horizontal), got \(direction)") }
                layout.scrollDirection = direction == 0 ? .vertical : .horizontal
                layout.invalidate()
            })
            c.enumeration("ScrollDirection", module: "UIKit.UICollectionViewFlowLayout", directions)
        }
    }
}
