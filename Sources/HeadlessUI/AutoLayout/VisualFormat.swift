import Foundation
import ObjectBridge

/// Apple's visual format language (`H:|-8-[button(>=44)]-(>=margin@750)-[label]-|`), read into
/// constraints as `constraintsWithVisualFormat_options_metrics_views` makes them:
/// - `H:` (the default) or `V:`; `|` is the superview;
/// - `-` alone is the standard spacing: 8 points between views, 20 to the superview's edge;
///   no connection (`[a][b]`) is 0;
/// - `-N-`, `-name-` and `-(predicates)-` give spacings, and `[view(predicates)]` sizes;
/// - a predicate is an optional relation (`==`, `>=`, `<=`), a number, a metric's name or
///   (for sizes) another view's name, and an optional `@priority`;
/// - the options' alignment bits (`NSLayoutFormatAlignAllTop` …) align the views' attribute.
struct VisualFormat {
    /// A format the language does not allow, with where it stops: UIKit's message, ending
    /// with the format and a caret under the position.
    struct ParseError: Error, CustomStringConvertible {
        let reason: String
        let format: String
        let position: Int
        var description: String {
            "Unable to parse constraint format: \n\(reason)\n\(format)\n"
                + String(repeating: " ", count: max(0, position)) + "^"
        }
    }

    static let standardSpacing = 8.0
    static let standardSuperviewSpacing = 20.0

    let format: String
    let metrics: [String: Double]
    let views: [String: LayoutItem]
    let options: Int
    let origin: String?

    private var characters: [Character]
    private var position = 0

    init(format: String, options: Int, metrics: [String: Double], views: [String: LayoutItem], origin: String?) {
        self.format = format
        self.options = options
        self.metrics = metrics
        self.views = views
        self.origin = origin
        characters = Array(format)
    }

    private struct Predicate {
        var relation = LayoutRelation.equal
        var constant = 0.0
        var view: LayoutItem?
        var priority = LayoutPriority.required
    }

    /// What comes between two elements: nil for none (adjacent), else its predicates (an empty
    /// list for the standard spacing).
    private typealias Connection = [Predicate]?

    mutating func constraints() throws -> [LayoutConstraint] {
        var vertical = false
        if characters.count >= 2, characters[1] == ":" {
            switch characters[0] {
            case "H": vertical = false
            case "V": vertical = true
            default: throw error("Expected 'H' or 'V' before ':'")
            }
            position = 2
        }
        var made: [LayoutConstraint] = []
        var leadingSuperview = false
        var leadingConnection: Connection = nil
        if peek("|") {
            position += 1
            leadingSuperview = true
            leadingConnection = try connection()
        }
        var placed: [LayoutItem] = []
        var previous: LayoutItem?
        var pendingConnection: Connection = nil
        let (leading, trailing, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            vertical ? (.top, .bottom, .height) : directionAttributes()
        while peek("[") {
            let (view, sizes) = try element()
            for predicate in sizes {
                if let other = predicate.view {
                    made.append(
                        try constraint(view, size, predicate.relation, other, size, 0, predicate.priority))
                } else {
                    made.append(
                        try constraint(
                            view, size, predicate.relation, nil, .notAnAttribute, predicate.constant,
                            predicate.priority))
                }
            }
            if let previous {
                made += try spacing(from: previous, trailing, to: view, leading, pendingConnection, superview: false)
            } else if leadingSuperview {
                guard let superview = view.layoutContainer else {
                    throw error("Unable to interpret '|' character, because the related view doesn't have a superview")
                }
                made += try spacing(
                    from: superview, leading, to: view, leading, leadingConnection, superview: true)
            }
            placed.append(view)
            previous = view
            pendingConnection = peek("|") || position >= characters.count ? nil : try connection()
        }
        guard let last = previous else { throw error("Expected a view") }
        if peek("|") {
            let trailingStart = position
            position += 1
            guard let superview = last.layoutContainer else {
                position = trailingStart
                throw error("Unable to interpret '|' character, because the related view doesn't have a superview")
            }
            made += try spacing(from: last, trailing, to: superview, trailing, pendingConnection, superview: true)
        } else if pendingConnection != nil {
            throw error("Expected a view or '|' after the connection")
        }
        guard position >= characters.count else { throw error("Unexpected '\(characters[position])'") }
        made += try alignments(placed, vertical: vertical)
        return made
    }

    private func directionAttributes() -> (LayoutAttribute, LayoutAttribute, LayoutAttribute) {
        switch (options >> 16) & 3 {
        case 1: (.left, .right, .width)
        case 2: (.right, .left, .width)
        default: (.leading, .trailing, .width)
        }
    }

    /// The spacing constraints of a connection: `to.leading == from.trailing + spacing`, or
    /// for a superview's trailing edge `superview.trailing == view.trailing + spacing`.
    private func spacing(
        from: LayoutItem, _ fromAttribute: LayoutAttribute, to: LayoutItem, _ toAttribute: LayoutAttribute,
        _ connection: Connection, superview: Bool
    ) throws -> [LayoutConstraint] {
        guard let predicates = connection else {
            return [try constraint(to, toAttribute, .equal, from, fromAttribute, 0, LayoutPriority.required)]
        }
        let list =
            predicates.isEmpty
            ? [Predicate(constant: superview ? Self.standardSuperviewSpacing : Self.standardSpacing)] : predicates
        return try list.map { predicate in
            guard predicate.view == nil else { throw error("A spacing cannot be a view") }
            return try constraint(
                to, toAttribute, predicate.relation, from, fromAttribute, predicate.constant, predicate.priority)
        }
    }

    private func alignments(_ placed: [LayoutItem], vertical: Bool) throws -> [LayoutConstraint] {
        let bits: [(Int, LayoutAttribute)] = [
            (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing), (9, .centerX),
            (10, .centerY), (11, .lastBaseline), (12, .firstBaseline),
        ]
        var made: [LayoutConstraint] = []
        for (bit, attribute) in bits where options & (1 << bit) != 0 {
            guard attribute.isHorizontal == vertical else {
                throw ParseError(
                    reason: "Options mask required views to be aligned on a \(vertical ? "vertical" : "horizontal") "
                        + "edge, which is not allowed for layout that is also \(vertical ? "vertical" : "horizontal").",
                    format: format, position: 0)
            }
            for (first, second) in zip(placed, placed.dropFirst()) {
                made.append(try constraint(first, attribute, .equal, second, attribute, 0, LayoutPriority.required))
            }
        }
        return made
    }

    private func constraint(
        _ first: LayoutItem, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation, _ second: LayoutItem?,
        _ secondAttribute: LayoutAttribute, _ constant: Double, _ priority: Double
    ) throws -> LayoutConstraint {
        try LayoutConstraint(
            first, firstAttribute, relation, second, secondAttribute, multiplier: 1, constant: constant,
            priority: priority, origin: origin)
    }

    // MARK: Reading

    private func peek(_ character: Character) -> Bool {
        position < characters.count && characters[position] == character
    }

    private func error(_ reason: String) -> ParseError {
        ParseError(reason: reason, format: format, position: position)
    }

    /// `[name(predicates)]`.
    private mutating func element() throws -> (LayoutItem, [Predicate]) {
        position += 1
        let nameStart = position
        let name = identifier()
        guard !name.isEmpty else { throw error("Expected a view's name") }
        guard let view = views[name] else {
            position = nameStart
            throw error("\(name) is not a key in the views dictionary.")
        }
        var predicates: [Predicate] = []
        if peek("(") { predicates = try predicateList(allowingViews: true) }
        guard peek("]") else { throw error("Expected ']'") }
        position += 1
        return (view, predicates)
    }

    /// `-`, `-N-`, `-name-` or `-(predicates)-`; nil when the next element follows at once.
    private mutating func connection() throws -> Connection {
        guard peek("-") else { return nil }
        position += 1
        if peek("[") || peek("|") { return [] }
        let predicates: [Predicate]
        if peek("(") {
            predicates = try predicateList(allowingViews: false)
        } else {
            var predicate = Predicate()
            predicate.constant = try constant()
            predicates = [predicate]
        }
        guard peek("-") else { throw error("Expected '-' after the spacing") }
        position += 1
        return predicates
    }

    /// `(predicate, predicate, ...)`.
    private mutating func predicateList(allowingViews: Bool) throws -> [Predicate] {
        position += 1
        var predicates: [Predicate] = []
        repeat {
            if peek(",") { position += 1 }
            var predicate = Predicate()
            for (text, relation) in [
                ("==", LayoutRelation.equal), (">=", .greaterThanOrEqual), ("<=", .lessThanOrEqual),
            ]
            where format.dropFirst(position).hasPrefix(text) {
                predicate.relation = relation
                position += 2
                break
            }
            let start = position
            let name = identifier()
            if !name.isEmpty, metrics[name] == nil {
                guard allowingViews else {
                    position = start
                    throw error("Unknown metric: \(name)")
                }
                guard let other = views[name] else {
                    position = start
                    throw error("Unknown metric or view: \(name)")
                }
                predicate.view = other
            } else {
                position = start
                predicate.constant = try constant()
            }
            if peek("@") {
                position += 1
                let priorityStart = position
                let priority = try constant()
                guard priority >= 1, priority <= 1000 else {
                    position = priorityStart
                    throw error("A priority must be from 1 to 1000, got \(LayoutConstraint.format(priority))")
                }
                predicate.priority = priority
            }
            predicates.append(predicate)
        } while peek(",")
        guard peek(")") else { throw error("Expected ')' or ','") }
        position += 1
        return predicates
    }

    /// A number, or a metric's name.
    private mutating func constant() throws -> Double {
        let start = position
        let name = identifier()
        if !name.isEmpty {
            guard let value = metrics[name] else {
                position = start
                throw error("Unknown metric: \(name)")
            }
            return value
        }
        var text = ""
        if peek("-") || peek("+") {
            text.append(characters[position])
            position += 1
        }
        while position < characters.count, characters[position].isNumber || characters[position] == "." {
            text.append(characters[position])
            position += 1
        }
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error("Expected a number or a metric's name")
        }
        return value
    }

    private mutating func identifier() -> String {
        var name = ""
        while position < characters.count {
            let character = characters[position]
            guard character == "_" || character.isLetter || (!name.isEmpty && character.isNumber),
                character.isASCII
            else { break }
            name.append(character)
            position += 1
        }
        return name
    }
}
