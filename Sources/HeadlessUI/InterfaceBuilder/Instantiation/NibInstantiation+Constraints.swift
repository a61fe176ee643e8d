import Foundation
import ObjectBridge

/// A view's `<constraints>`: each installed on the view that holds the list, as Interface
/// Builder installs them, once every object of the document exists. A constraint the document
/// varies by size class (`<variation>`) is installed for the screen's size classes, and again
/// when they change; a placeholder constraint is removed at build time, as Xcode does.
extension NibInstantiation {
    func installConstraints(_ holderElement: IBElement, on holder: View) throws {
        guard let list = holderElement.child("constraints") else { return }
        environment.application.usesAutoLayout = true
        let masks = try constraintMasks(holderElement)
        var variations: [SizeClassVariation] = []
        for element in list.children where element.name == "constraint" {
            element.read()
            if try bool(element, "placeholder") == true {
                element.readAllAttributes()
                continue
            }
            let constraint = try makeConstraint(element, holder: holder)
            let id = element.id
            if let id { objects[id] = constraint }
            var rules = id.flatMap { masks.rules[$0] } ?? []
            for variation in element.children where variation.name == "variation" {
                rules.append(
                    .init(
                        classes: try sizeClasses(variation.read()), installed: nil,
                        constant: try number(variation, "constant")))
            }
            let excluded = id.map(masks.excludedByDefault.contains) ?? false
            if rules.isEmpty, !excluded {
                try holder.addConstraint(constraint)
            } else {
                variations.append(
                    SizeClassVariation(
                        constraint: constraint, installedByDefault: !excluded, defaultConstant: constraint.constant,
                        rules: rules))
            }
        }
        try holder.addSizeClassVariations(variations, environment)
    }

    /// The holder's `<variation>`s: the constraints left out for any size class
    /// (`<variation key="default">`), and which a size class installs or leaves out, by id.
    private func constraintMasks(_ holder: IBElement) throws -> (
        excludedByDefault: Set<String>, rules: [String: [SizeClassVariation.Rule]]
    ) {
        var excluded: Set<String> = []
        var rules: [String: [SizeClassVariation.Rule]] = [:]
        for variation in holder.children where variation.name == "variation" {
            guard let mask = variation.child("mask", key: "constraints") else { continue }
            let classes = try sizeClasses(variation.read())
            for entry in mask.children where entry.name == "include" || entry.name == "exclude" {
                guard let id = entry.read()["reference"] else { continue }
                let installed = entry.name == "include"
                if classes.specificity == 0 {
                    if !installed { excluded.insert(id) }
                } else {
                    rules[id, default: []].append(.init(classes: classes, installed: installed, constant: nil))
                }
            }
        }
        return (excluded, rules)
    }

    /// A variation's size classes from its key: `default` (any), or `widthClass=compact`,
    /// `heightClass=regular`, or both joined by a dash.
    private func sizeClasses(_ variation: IBElement) throws -> SizeClassVariation.Classes {
        let key = variation.key ?? ""
        var classes = SizeClassVariation.Classes()
        guard key != "default" else { return classes }
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            let value = pair.count == 2 ? ["compact": 1, "regular": 2][pair[1]] : nil
            switch (pair.first, value) {
            case ("widthClass", let value?): classes.horizontal = value
            case ("heightClass", let value?): classes.vertical = value
            default:
                throw problem(
                    variation, "key=\"\(key)\" is not a size class such as widthClass=compact-heightClass=regular")
            }
        }
        return classes
    }

    private func makeConstraint(_ element: IBElement, holder: View) throws -> LayoutConstraint {
        func item(_ attribute: String) throws -> LayoutItem? {
            guard let id = element[attribute] else { return nil }
            guard let found = try object(id, for: element) as? LayoutItem else {
                throw problem(element, "\(attribute)=\"\(id)\" is not a view or a layout guide")
            }
            return found
        }
        let first = try item("firstItem") ?? holder
        let second = try item("secondItem")
        let firstAttribute = try attribute(element, "firstAttribute") ?? .notAnAttribute
        let secondAttribute = try attribute(element, "secondAttribute") ?? .notAnAttribute
        let relation = try named(element, "relation", Self.relations) ?? .equal
        let constraint: LayoutConstraint
        do {
            constraint = try LayoutConstraint(
                first, firstAttribute, relation, second, secondAttribute, multiplier: try multiplier(element),
                constant: try number(element, "constant") ?? 0,
                priority: try number(element, "priority") ?? LayoutPriority.required,
                origin: "\(document.file):\(element.line)")
        } catch let error as ScriptValueError {
            throw problem(element, error.problem)
        }
        constraint.identifier = element["identifier"]
        return constraint
    }

    private func attribute(_ element: IBElement, _ name: String) throws -> LayoutAttribute? {
        guard let text = element[name] else { return nil }
        let wanted = text.lowercased()
        guard let raw = LayoutAttribute.names.first(where: { $0.0.lowercased() == wanted })?.1,
            let attribute = LayoutAttribute(rawValue: raw)
        else { throw problem(element, "\(name)=\"\(text)\" is not a layout attribute") }
        return attribute
    }

    /// `multiplier="2"`, or a ratio as Xcode writes one: `"16:9"` or `"1/3"`.
    private func multiplier(_ element: IBElement) throws -> Double {
        guard let text = element["multiplier"] else { return 1 }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "/" })
            .map { Double($0) }
        switch parts.count {
        case 1: if let value = parts[0], value.isFinite { return value }
        case 2:
            if let numerator = parts[0], let denominator = parts[1], denominator != 0, numerator.isFinite,
                denominator.isFinite
            {
                return numerator / denominator
            }
        default: break
        }
        throw problem(element, "multiplier=\"\(text)\" is not a number or a ratio such as 16:9 or 1/3")
    }

    static let relations: [String: LayoutRelation] = [
        "lessThanOrEqual": .lessThanOrEqual, "equal": .equal, "greaterThanOrEqual": .greaterThanOrEqual,
    ]
}
