import Foundation
import ObjectBridge

/// Scripts' view of the specs that arrange one child (and an overlay, background or corner).
enum SingleChildSpecs {
    static func classes() -> [NativeClass] {
        [inset(), ratio(), overlay(), background(), relative(), center(), absolute(), wrapper(), corner()]
    }

    private static func insetsValue(_ insets: UIEdgeInsets) throws -> UIEdgeInsets {
        for (value, name) in zip(insets.fields, UIEdgeInsets.fieldNames) {
            _ = try TextureEnum.length(value, "insets.\(name)", allowsInfinity: true)
        }
        return insets
    }

    static func inset() -> NativeClass {
        NativeClass(
            "ASInsetLayoutSpec", superclass: "ASLayoutSpec", type: InsetLayoutSpec.self, allocate: { InsetLayoutSpec() }
        ) { c in
            c.factoryMethod("insetLayoutSpecWithInsets_child") { (insets: UIEdgeInsets, child: LayoutElementValue) in
                let spec = InsetLayoutSpec()
                (spec.insets, spec.child) = (try insetsValue(insets), child.element)
                return spec
            }
            c.property("insets", get: { $0.insets }, set: { $0.insets = try insetsValue($1) })
        }
    }

    static func ratio() -> NativeClass {
        NativeClass(
            "ASRatioLayoutSpec", superclass: "ASLayoutSpec", type: RatioLayoutSpec.self, allocate: { RatioLayoutSpec() }
        ) { c in
            func checked(_ ratio: Double) throws -> Double {
                guard ratio > 0, ratio.isFinite else {
                    throw ScriptValueError("ratio must be a positive number (height / width), got \(ratio)")
                }
                return ratio
            }
            c.factoryMethod("ratioLayoutSpecWithRatio_child") { (ratio: Double, child: LayoutElementValue) in
                let spec = RatioLayoutSpec()
                (spec.ratio, spec.child) = (try checked(ratio), child.element)
                return spec
            }
            c.property("ratio", get: { $0.ratio }, set: { $0.ratio = try checked($1) })
        }
    }

    static func overlay() -> NativeClass {
        NativeClass(
            "ASOverlayLayoutSpec", superclass: "ASLayoutSpec", type: OverlayLayoutSpec.self,
            allocate: { OverlayLayoutSpec() }
        ) { c in
            c.factoryMethod("overlayLayoutSpecWithChild_overlay") {
                (child: LayoutElementValue, overlay: LayoutElementValue) in
                let spec = OverlayLayoutSpec()
                spec.children = [child.element, overlay.element]
                return spec
            }
            c.property(
                "overlay", get: { $0.overlay.map(LayoutElementValue.init) },
                set: { $0.overlay = ($1 as LayoutElementValue?)?.element })
        }
    }

    static func background() -> NativeClass {
        NativeClass(
            "ASBackgroundLayoutSpec", superclass: "ASLayoutSpec", type: BackgroundLayoutSpec.self,
            allocate: { BackgroundLayoutSpec() }
        ) { c in
            c.factoryMethod("backgroundLayoutSpecWithChild_background") {
                (child: LayoutElementValue, background: LayoutElementValue) in
                let spec = BackgroundLayoutSpec()
                spec.children = [child.element, background.element]
                return spec
            }
            c.property(
                "background", get: { $0.background.map(LayoutElementValue.init) },
                set: { $0.background = ($1 as LayoutElementValue?)?.element })
        }
    }

    private static func sizing(_ value: Int) throws -> RelativeLayoutSpec.SizingOptions {
        guard (0...3).contains(value) else {
            throw ScriptValueError("\(value) is not a value of the sizing options (0 to 3)")
        }
        return RelativeLayoutSpec.SizingOptions(rawValue: value)
    }

    static func relative() -> NativeClass {
        let module = "AsyncDisplayKit.ASRelativeLayoutSpec"
        return NativeClass(
            "ASRelativeLayoutSpec", superclass: "ASLayoutSpec", type: RelativeLayoutSpec.self,
            allocate: { RelativeLayoutSpec() }
        ) { c in
            c.factoryMethod("relativePositionLayoutSpecWithHorizontalPosition_verticalPosition_sizingOption_child") {
                (horizontal: Int, vertical: Int, sizingOption: Int, child: LayoutElementValue) in
                let spec = RelativeLayoutSpec()
                spec.horizontalPosition = try TextureEnum.member(horizontal, "ASRelativeLayoutSpecPosition")
                spec.verticalPosition = try TextureEnum.member(vertical, "ASRelativeLayoutSpecPosition")
                spec.sizingOptions = try sizing(sizingOption)
                spec.child = child.element
                return spec
            }
            TextureEnum.property(c, "horizontalPosition", \.horizontalPosition, "ASRelativeLayoutSpecPosition")
            TextureEnum.property(c, "verticalPosition", \.verticalPosition, "ASRelativeLayoutSpecPosition")
            c.property(
                "sizingOption", get: { $0.sizingOptions.rawValue }, set: { $0.sizingOptions = try sizing($1) })
            c.enumeration(
                cType: "ASRelativeLayoutSpecPosition", constants: "ASRelativeLayoutSpecPosition", module: module,
                [("None", 0), ("Start", 1), ("Center", 2), ("End", 3)])
            c.enumeration(
                cType: "ASRelativeLayoutSpecSizingOption", constants: "ASRelativeLayoutSpecSizingOption",
                module: module,
                [("Default", 0), ("MinimumWidth", 1), ("MinimumHeight", 2), ("MinimumSize", 3)])
        }
    }

    static func center() -> NativeClass {
        let module = "AsyncDisplayKit.ASCenterLayoutSpec"
        func centering(_ value: Int) throws -> CenterLayoutSpec.CenteringOptions {
            guard (0...3).contains(value) else {
                throw ScriptValueError("\(value) is not a value of ASCenterLayoutSpecCenteringOptions (0 to 3)")
            }
            return CenterLayoutSpec.CenteringOptions(rawValue: value)
        }
        return NativeClass(
            "ASCenterLayoutSpec", superclass: "ASRelativeLayoutSpec", type: CenterLayoutSpec.self,
            allocate: { CenterLayoutSpec() }
        ) { c in
            c.factoryMethod("centerLayoutSpecWithCenteringOptions_sizingOptions_child") {
                (centeringOptions: Int, sizingOptions: Int, child: LayoutElementValue) in
                let spec = CenterLayoutSpec()
                spec.centeringOptions = try centering(centeringOptions)
                spec.sizingOptions = try sizing(sizingOptions)
                spec.child = child.element
                return spec
            }
            c.property(
                "centeringOptions", get: { $0.centeringOptions.rawValue },
                set: { $0.centeringOptions = try centering($1) })
            c.property("sizingOptions", get: { $0.sizingOptions.rawValue }, set: { $0.sizingOptions = try sizing($1) })
            c.enumeration(
                cType: "ASCenterLayoutSpecCenteringOptions", constants: "ASCenterLayoutSpecCentering", module: module,
                [("None", 0), ("X", 1), ("Y", 2), ("XY", 3)])
            c.enumeration(
                cType: "ASCenterLayoutSpecSizingOptions", constants: "ASCenterLayoutSpecSizingOption", module: module,
                [("Default", 0), ("MinimumX", 1), ("MinimumY", 2), ("MinimumXY", 3)])
        }
    }

    static func absolute() -> NativeClass {
        NativeClass(
            "ASAbsoluteLayoutSpec", superclass: "ASLayoutSpec", type: AbsoluteLayoutSpec.self,
            allocate: { AbsoluteLayoutSpec() }
        ) { c in
            c.factoryMethod("absoluteLayoutSpecWithChildren") { (children: [LayoutElementValue]) in
                let spec = AbsoluteLayoutSpec()
                spec.children = children.map(\.element)
                return spec
            }
            c.factoryMethod("absoluteLayoutSpecWithSizing_children") { (sizing: Int, children: [LayoutElementValue]) in
                let spec = AbsoluteLayoutSpec()
                spec.sizing = try TextureEnum.member(sizing, "ASAbsoluteLayoutSpecSizing")
                spec.children = children.map(\.element)
                return spec
            }
            TextureEnum.property(c, "sizing", \.sizing, "ASAbsoluteLayoutSpecSizing")
            c.enumeration(
                cType: "ASAbsoluteLayoutSpecSizing", constants: "ASAbsoluteLayoutSpecSizing",
                module: "AsyncDisplayKit.ASAbsoluteLayoutSpec", [("Default", 0), ("SizeToFit", 1)])
        }
    }

    static func wrapper() -> NativeClass {
        NativeClass(
            "ASWrapperLayoutSpec", superclass: "ASLayoutSpec", type: WrapperLayoutSpec.self,
            allocate: { WrapperLayoutSpec() }
        ) { c in
            c.factoryMethod("wrapperWithLayoutElement") { (element: LayoutElementValue) in
                let spec = WrapperLayoutSpec()
                spec.child = element.element
                return spec
            }
            c.factoryMethod("wrapperWithLayoutElements") { (elements: [LayoutElementValue]) in
                let spec = WrapperLayoutSpec()
                spec.children = elements.map(\.element)
                return spec
            }
        }
    }

    static func corner() -> NativeClass {
        NativeClass(
            "ASCornerLayoutSpec", superclass: "ASLayoutSpec", type: CornerLayoutSpec.self,
            allocate: { CornerLayoutSpec() }
        ) { c in
            c.factoryMethod("cornerLayoutSpecWithChild_corner_location") {
                (child: LayoutElementValue, corner: LayoutElementValue, location: Int) in
                let spec = CornerLayoutSpec()
                spec.children = [child.element, corner.element]
                spec.location = try TextureEnum.member(location, "ASCornerLayoutLocation")
                return spec
            }
            c.property(
                "corner", get: { $0.corner.map(LayoutElementValue.init) },
                set: { $0.corner = ($1 as LayoutElementValue?)?.element })
            TextureEnum.property(c, "cornerLocation", \.location, "ASCornerLayoutLocation")
            c.property("offset", get: { $0.offset }, set: { $0.offset = try GeometryCheck.fields($1, "offset") })
            c.property("wrapsCorner", get: { $0.wrapsCorner }, set: { $0.wrapsCorner = $1 })
            c.enumeration(
                cType: "ASCornerLayoutLocation", constants: "ASCornerLayoutLocation",
                module: "AsyncDisplayKit.ASCornerLayoutSpec",
                [("TopLeft", 0), ("TopRight", 1), ("BottomLeft", 2), ("BottomRight", 3)])
        }
    }
}
