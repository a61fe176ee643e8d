import Foundation
import ObjectBridge

/// `UIToolbar`: a bar 44 points tall of bar button items, laid out from the left margin (16
/// points, 20 on screens wider than 375) 8 points apart. A fixed space is its `width` wide; the
/// flexible spaces share what is left of the bar equally (with none, the items stay on the
/// left). It draws the navigation bar's translucent background with a hairline along its top.
public final class Toolbar: View, BarItemHost {
    public private(set) var items: [BarButtonItem] = []
    public var barStyle = 0
    public var barTintColor: Color? { didSet { replaceOwned(oldValue, with: barTintColor) } }
    public var isTranslucent = true
    private unowned let touches: TouchDispatcher
    private unowned let engine: TextEngine
    /// The items' views, in order; nil for a space.
    private var itemViews: [View?] = []
    private var itemsChanged = true

    static let height = 44.0

    init(touches: TouchDispatcher, engine: TextEngine) {
        (self.touches, self.engine) = (touches, engine)
        super.init()
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.height) }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    func setItems(_ new: [BarButtonItem]) {
        for old in items where !new.contains(where: { $0 === old }) {
            abandon(old)
            if old.bar === self { old.bar = nil }
        }
        for item in new where !items.contains(where: { $0 === item }) { adopt(item) }
        items = new
        itemsDidChange()
    }

    func itemsDidChange() {
        itemsChanged = true
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        if itemsChanged {
            for view in itemViews.compactMap({ $0 }) { view.removeFromSuperview() }
            itemViews = items.map { item in
                item.bar = self
                return item.isFlexibleSpace || item.isFixedSpace ? nil : item.makeView(touches: touches, engine: engine)
            }
            for view in itemViews.compactMap({ $0 }) { try? addSubview(view) }  // cannot fail: not their descendant
            itemsChanged = false
        }
        let margin = bounds.width > 375 ? 20.0 : 16.0
        func width(_ index: Int) -> Double {
            items[index].isFixedSpace ? items[index].width : itemViews[index]?.bounds.width ?? 0
        }
        let fixed = items.indices.reduce(0.0) { $0 + width($1) }
        let gaps = NavigationBar.spacing * Double(max(0, items.count - 1))
        let flexible = items.filter(\.isFlexibleSpace).count
        let share = flexible > 0 ? max(0, bounds.width - 2 * margin - fixed - gaps) / Double(flexible) : 0
        var x = margin
        for index in items.indices {
            let itemWidth = items[index].isFlexibleSpace ? share : width(index)
            if let view = itemViews[index] {
                let size = view.bounds.size
                view.frame = CGRect(x: x, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
            }
            x += itemWidth + NavigationBar.spacing
        }
    }

    /// The translucent background and the hairline along the top (black at 30%, a pixel).
    public override var backdrop: Drawing? {
        let size = bounds.size
        let pixel = 1 / (window?.screenScale ?? 1)
        let alpha = isTranslucent ? 0.8 : 1
        let background =
            barTintColor.map { isTranslucent ? Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: 0.85) : $0 }
            ?? (barStyle == 1 ? Color(white: 0.11, alpha: alpha) : .barTint(alpha: alpha))
        return Drawing(size: size) { drawing in
            drawing.fill(CGRect(origin: .zero, size: size), background)
            drawing.fill(CGRect(x: 0, y: 0, width: size.width, height: pixel), .barHairline)
        }
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIToolbar", superclass: "UIView", type: Toolbar.self,
                allocate: { Toolbar(touches: environment.touches, engine: environment.text) }
            ) { c in
                c.property(
                    "items", get: { (bar: Toolbar) -> [BarButtonItem]? in bar.items }, set: { $0.setItems($1 ?? []) })
                c.method("setItems_animated") { (bar: Toolbar, items: [BarButtonItem]?, _: Bool) in
                    bar.setItems(items ?? [])
                }
                c.property(
                    "barStyle", get: { $0.barStyle },
                    set: { $0.barStyle = try Control.Script.choice($1, below: 2, "barStyle") })
                c.property("barTintColor", get: { $0.barTintColor }, set: { $0.barTintColor = $1 })
                c.property("translucent", get: { $0.isTranslucent }, set: { $0.isTranslucent = $1 })
            }
        }
    }
}

extension Toolbar.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
