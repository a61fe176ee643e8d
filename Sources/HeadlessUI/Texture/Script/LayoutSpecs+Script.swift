import Foundation
import ObjectBridge

extension LayoutSpec {
    /// Scripts' view of the layout specs: Texture's classes, constructors and enums.
    enum Script {
        static let definesModule = "AsyncDisplayKit.ASStackLayoutDefines"

        static func baseClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("ASLayoutSpec", superclass: "NSObject", type: LayoutSpec.self, allocate: { LayoutSpec() }) {
                c in
                c.property("style") { (spec: LayoutSpec) in spec.style }
                c.property(
                    "children", get: { $0.children.map(LayoutElementValue.init) },
                    set: { $0.children = ($1 as [LayoutElementValue]).map(\.element) })
                c.property(
                    "child", get: { $0.child.map(LayoutElementValue.init) },
                    set: { $0.child = ($1 as LayoutElementValue?)?.element })
                c.property("debugName", get: { $0.debugName }, set: { $0.debugName = $1 })
                c.property("asciiArtString") { (spec: LayoutSpec) in spec.asciiArtString }
                c.property("asciiArtName") { (spec: LayoutSpec) in spec.asciiArtName }
                c.method("layoutThatFits") { (spec: LayoutSpec, range: SizeRange) in
                    try spec.layout(
                        fitting: try checked(range), parentSize: LayoutSpec.parentSize(range),
                        in: LayoutPass(scale: environment.screen.profile.scale))
                }
                c.method("styledWithBlock") { (spec: LayoutSpec, block: ScriptBlock) in
                    try spec.bridge?.call(block, spec.style)
                    return spec
                }
            }
        }

        /// A size range from a script: ends not NaN nor negative, the minimum finite.
        static func checked(_ range: SizeRange) throws -> SizeRange {
            for (value, name) in [
                (range.min.width, "min.width"), (range.min.height, "min.height"), (range.max.width, "max.width"),
                (range.max.height, "max.height"),
            ] {
                guard !value.isNaN, value >= 0 else {
                    throw ScriptValueError("ASSizeRange's \(name) must be 0 or more, got \(value)")
                }
            }
            guard range.min.width.isFinite, range.min.height.isFinite else {
                throw ScriptValueError("ASSizeRange's min must be finite, got \(range.min)")
            }
            return range
        }

        static func stackClass() -> NativeClass {
            NativeClass(
                "ASStackLayoutSpec", superclass: "ASLayoutSpec", type: StackLayoutSpec.self,
                allocate: { StackLayoutSpec() }
            ) { c in
                func made(
                    _ direction: Int, _ spacing: Double, _ justify: Int, _ align: Int, _ children: [LayoutElementValue]
                ) throws -> StackLayoutSpec {
                    let spec = StackLayoutSpec()
                    spec.direction = try TextureEnum.member(direction, "ASStackLayoutDirection")
                    spec.spacing = try TextureEnum.length(spacing, "spacing")
                    spec.justifyContent = try TextureEnum.member(justify, "ASStackLayoutJustifyContent")
                    spec.alignItems = try TextureEnum.member(align, "ASStackLayoutAlignItems")
                    spec.children = children.map(\.element)
                    return spec
                }
                func wrapping(_ spec: StackLayoutSpec, _ wrap: Int, _ alignContent: Int) throws -> StackLayoutSpec {
                    spec.flexWrap = try TextureEnum.member(wrap, "ASStackLayoutFlexWrap")
                    spec.alignContent = try TextureEnum.member(alignContent, "ASStackLayoutAlignContent")
                    return spec
                }
                c.factoryMethod("stackLayoutSpecWithDirection_spacing_justifyContent_alignItems_children") {
                    (direction: Int, spacing: Double, justify: Int, align: Int, children: [LayoutElementValue]) in
                    try made(direction, spacing, justify, align, children)
                }
                c.factoryMethod(
                    "stackLayoutSpecWithDirection_spacing_justifyContent_alignItems_flexWrap_alignContent_children"
                ) {
                    (
                        direction: Int, spacing: Double, justify: Int, align: Int, wrap: Int, alignContent: Int,
                        children: [LayoutElementValue]
                    ) in
                    try wrapping(try made(direction, spacing, justify, align, children), wrap, alignContent)
                }
                c.factoryMethod(
                    "stackLayoutSpecWithDirection_spacing_justifyContent_alignItems_flexWrap_alignContent_lineSpacing_children"
                ) {
                    (
                        direction: Int, spacing: Double, justify: Int, align: Int, wrap: Int, alignContent: Int,
                        lineSpacing: Double, children: [LayoutElementValue]
                    ) in
                    let spec = try wrapping(try made(direction, spacing, justify, align, children), wrap, alignContent)
                    spec.lineSpacing = try TextureEnum.length(lineSpacing, "lineSpacing")
                    return spec
                }
                c.factoryMethod("verticalStackLayoutSpec") { () -> StackLayoutSpec in
                    let spec = StackLayoutSpec()
                    spec.direction = .vertical
                    return spec
                }
                c.factoryMethod("horizontalStackLayoutSpec") { StackLayoutSpec() }
                TextureEnum.property(c, "direction", \.direction, "ASStackLayoutDirection")
                c.property(
                    "spacing", get: { $0.spacing }, set: { $0.spacing = try TextureEnum.length($1, "spacing") })
                TextureEnum.property(c, "justifyContent", \.justifyContent, "ASStackLayoutJustifyContent")
                TextureEnum.property(c, "alignItems", \.alignItems, "ASStackLayoutAlignItems")
                TextureEnum.property(c, "flexWrap", \.flexWrap, "ASStackLayoutFlexWrap")
                TextureEnum.property(c, "alignContent", \.alignContent, "ASStackLayoutAlignContent")
                c.property(
                    "lineSpacing", get: { $0.lineSpacing },
                    set: { $0.lineSpacing = try TextureEnum.length($1, "lineSpacing") })
            }
        }

        static func stackEnums() -> [EnumDescription] {
            func defined(_ cType: String, _ members: [(String, Int)]) -> EnumDescription {
                EnumDescription(cType: cType, constants: cType, module: definesModule, members)
            }
            return [
                defined("ASStackLayoutDirection", [("Vertical", 0), ("Horizontal", 1)]),
                defined(
                    "ASStackLayoutJustifyContent",
                    [("Start", 0), ("Center", 1), ("End", 2), ("SpaceBetween", 3), ("SpaceAround", 4)]),
                defined(
                    "ASStackLayoutAlignItems",
                    [
                        ("Start", 0), ("End", 1), ("Center", 2), ("Stretch", 3), ("BaselineFirst", 4),
                        ("BaselineLast", 5), ("NotSet", 6),
                    ]),
                defined(
                    "ASStackLayoutAlignSelf", [("Auto", 0), ("Start", 1), ("End", 2), ("Center", 3), ("Stretch", 4)]),
                defined("ASStackLayoutFlexWrap", [("NoWrap", 0), ("Wrap", 1)]),
                defined(
                    "ASStackLayoutAlignContent",
                    [("Start", 0), ("Center", 1), ("End", 2), ("SpaceBetween", 3), ("SpaceAround", 4), ("Stretch", 5)]),
                defined("ASHorizontalAlignment", [("None", 0), ("Left", 1), ("Middle", 2), ("Right", 3)]),
                defined("ASVerticalAlignment", [("None", 0), ("Top", 1), ("Center", 2), ("Bottom", 3)]),
            ]
        }
    }
}

extension LayoutSpec.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [baseClass(environment), stackClass()] + SingleChildSpecs.classes()
    }

    static func worldModules(_ environment: UIEnvironment) -> [BindingModule] {
        [BindingModule(definesModule, [], enums: stackEnums())]
    }
}
