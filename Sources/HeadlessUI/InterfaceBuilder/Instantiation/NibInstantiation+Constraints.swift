import Foundation
import ObjectBridge

/// A view's `<constraints>`: each installed on the view that holds the list, as Interface
/// Builder installs them, once every object of the document exists.
extension NibInstantiation {
    func installConstraints(_ list: IBElement, on holder: View) throws {
        environment.application.usesAutoLayout = true
        for element in list.children where element.name == "constraint" {
            element.read()
            let constraint = try makeConstraint(element, holder: holder)
            try holder.addConstraint(constraint)
            if let id = element.id { objects[id] = constraint }
        }
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
