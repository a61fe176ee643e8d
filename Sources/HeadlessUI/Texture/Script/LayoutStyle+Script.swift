import Foundation
import ObjectBridge

extension LayoutElementStyle {
    /// Scripts' view of `LayoutElementStyle` and `NodeLayout`, and the sizes they take.
    enum Script {
        static func styleClass() -> NativeClass {
            NativeClass("ASLayoutElementStyle", superclass: "NSObject", type: LayoutElementStyle.self, allocate: nil) {
                c in
                let dimensions: [(String, ReferenceWritableKeyPath<LayoutElementStyle, TextureDimension>)] = [
                    ("width", \.width), ("height", \.height), ("minWidth", \.minWidth), ("maxWidth", \.maxWidth),
                    ("minHeight", \.minHeight), ("maxHeight", \.maxHeight), ("flexBasis", \.flexBasis),
                ]
                for (name, field) in dimensions {
                    c.property(name, get: { $0[keyPath: field] }, set: { $0[keyPath: field] = try dimension($1, name) })
                }
                let lengths: [(String, ReferenceWritableKeyPath<LayoutElementStyle, Double>)] = [
                    ("flexGrow", \.flexGrow), ("flexShrink", \.flexShrink), ("spacingBefore", \.spacingBefore),
                    ("spacingAfter", \.spacingAfter), ("ascender", \.ascender), ("descender", \.descender),
                ]
                for (name, field) in lengths {
                    c.property(
                        name, get: { $0[keyPath: field] },
                        set: { $0[keyPath: field] = try TextureEnum.length($1, name) })
                }
                TextureEnum.property(c, "alignSelf", \.alignSelf, "ASStackLayoutAlignSelf")
                c.property(
                    "layoutPosition", get: { $0.layoutPosition },
                    set: { $0.layoutPosition = try GeometryCheck.fields($1, "layoutPosition") })
                c.property(
                    "preferredSize", get: { $0.preferredSize },
                    set: { $0.preferredSize = try GeometryCheck.size($1, "preferredSize") })
                c.property(
                    "minSize", get: { CGSize(width: $0.minWidth.value, height: $0.minHeight.value) },
                    set: { style, size in
                        let size = try GeometryCheck.size(size, "minSize")
                        (style.minWidth, style.minHeight) = (.points(size.width), .points(size.height))
                    })
                c.property(
                    "maxSize", get: { CGSize(width: $0.maxWidth.value, height: $0.maxHeight.value) },
                    set: { style, size in
                        let width = try dimension(.points(size.width), "maxSize.width")
                        let height = try dimension(.points(size.height), "maxSize.height")
                        (style.maxWidth, style.maxHeight) = (width, height)
                    })
            }
        }

        static func layoutClass() -> NativeClass {
            NativeClass("ASLayout", superclass: "NSObject", type: NodeLayout.self, allocate: nil) { c in
                c.property("size") { (layout: NodeLayout) in layout.size }
                c.property("position") { (layout: NodeLayout) in layout.position }
                c.property("frame") { (layout: NodeLayout) in layout.frame }
                c.property("sublayouts") { (layout: NodeLayout) in layout.sublayouts }
                c.property("layoutElement") { (layout: NodeLayout) in layout.element.map(LayoutElementValue.init) }
            }
        }

        /// A dimension from a script: points must be finite and not negative, a fraction a number.
        static func dimension(_ value: TextureDimension, _ name: String) throws -> TextureDimension {
            switch value.unit {
            case .auto: return value
            case .points:
                guard !value.value.isNaN, value.value >= 0 else {
                    throw ScriptValueError("\(name) must be a length of 0 or more points, got \(value.value)")
                }
            case .fraction:
                guard value.value.isFinite, value.value >= 0 else {
                    throw ScriptValueError("\(name) must be a fraction of 0 or more, got \(value.value)")
                }
            }
            return value
        }
    }
}

extension LayoutElementStyle.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [styleClass(), layoutClass()] }

    static func worldModules(_ environment: UIEnvironment) -> [BindingModule] {
        [
            BindingModule(
                "AsyncDisplayKit.ASDimension", [],
                enums: [
                    EnumDescription(
                        cType: "ASDimensionUnit", constants: "ASDimensionUnit", module: "AsyncDisplayKit.ASDimension",
                        [("Auto", 0), ("Points", 1), ("Fraction", 2)])
                ])
        ]
    }
}
