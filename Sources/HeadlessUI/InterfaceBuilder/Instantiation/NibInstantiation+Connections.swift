import Foundation
import LuaRuntime
import ObjectBridge

/// Outlets, outlet collections and actions, made once every object exists; and the runtime
/// attributes set after them. Outlets and attributes are set as a script sets them
/// (`owner.imageView = view`): a native property through its setter, anything else as a
/// script field.
extension NibInstantiation {
    func connect(_ list: IBElement, from source: BridgeObject) throws {
        var collections: [(property: String, appends: Bool, objects: [BridgeObject])] = []
        for connection in list.children {
            switch connection.name {
            case "outlet":
                connection.read()
                guard let property = connection["property"], let destination = connection["destination"] else {
                    throw problem(connection, "an outlet needs a property and a destination")
                }
                try set(property, of: source, to: object(destination, for: connection), at: connection)
            case "outletCollection":
                connection.read()
                _ = connection["collectionClass"]
                guard let property = connection["property"], let destination = connection["destination"] else {
                    throw problem(connection, "an outlet collection needs a property and a destination")
                }
                let appends = try bool(connection, "appends") ?? false
                guard let target = try object(destination, for: connection) else { continue }
                if let index = collections.firstIndex(where: { $0.property == property }) {
                    collections[index].objects.append(target)
                } else {
                    collections.append((property, appends, [target]))
                }
            case "action":
                try connectAction(connection.read(), from: source)
            case "segue":
                try connectSegue(connection.read(), from: source)
            default:
                continue
            }
        }
        for (property, appends, objects) in collections {
            let values = try objects.map { try bridge.value(for: $0) }
            try runSetter(
                appends ? Self.appendToCollection : Self.setCollection,
                [try bridge.value(for: source), .string(property)] + values, at: list)
        }
    }

    private func connectAction(_ connection: IBElement, from source: BridgeObject) throws {
        guard let selectorText = connection["selector"], let destination = connection["destination"] else {
            throw problem(connection, "an action needs a selector and a destination")
        }
        let selector: Selector
        do {
            selector = try Selector(selectorText)
        } catch let error as ScriptValueError {
            throw problem(connection, error.problem)
        }
        let target = try object(destination, for: connection)
        if let target {
            do {
                try bridge.check(selector, of: target, for: "a document's action")
                try bridge.declareActionMethod(selector.methodName, of: target)
            } catch {
                warnOnce(connection, "\(error)")
            }
        }
        switch source {
        case let control as Control:
            let eventName = connection["eventType"] ?? "primaryActionTriggered"
            let wanted = eventName.lowercased()
            guard let event = ControlEvents.members.first(where: { $0.0.lowercased() == wanted })?.1 else {
                throw problem(connection, "eventType=\"\(eventName)\" is not a UIControlEvents name")
            }
            control.addTarget(target, action: selector.methodName, for: ControlEvents(rawValue: event))
        case let recognizer as GestureRecognizer:
            recognizer.targets.append((WeakObjectReference(wrappedValue: target), selector.methodName))
        case let item as BarButtonItem:
            (item.target, item.action) = (target, selector.methodName)
        default:
            warnOnce(
                connection,
                "an action from <\(connection.name)>'s object, which is not a control or a gesture recognizer")
        }
    }

    /// A segue that a control (with its primary action), a cell (when selected, or from its
    /// accessory) or a gesture recognizer sets off for the scene's controller; the
    /// controller's own are performed by identifier, and relationships are made with the scene.
    private func connectSegue(_ segue: IBElement, from source: BridgeObject) throws {
        // Read when performed.
        for attribute in [
            "destination", "identifier", "animates", "customClass", "modalPresentationStyle",
            "modalTransitionStyle", "relationship", "trigger", "unwindAction",
        ] { _ = segue[attribute] }
        // A popover adapts to a sheet, as on a phone, so where its arrow points has no effect.
        _ = segue["popoverAnchorView"]
        segue.child("popoverArrowDirection")?.readAllAttributes()
        guard segue["kind"] != "relationship", !(source is ViewController) else { return }
        guard let controller = owner as? ViewController, let scene = controller.storyboardScene else {
            return warnOnce(segue, "a segue outside a storyboard scene is left out")
        }
        if segue["kind"] == "embed", let container = source as? View {
            return try StoryboardSegue.embed(segue, of: scene, in: controller, container: container)
        }
        weak let weakSource = source
        let perform = { [weak controller] in
            guard let controller else { return }
            try StoryboardSegue.perform(segue, of: scene, from: controller, sender: weakSource, triggered: true)
        }
        switch source {
        case let control as Control: control.nativeHandlers.append((control.primaryActionEvent, perform))
        case let cell as TableViewCell where segue["trigger"] == "accessoryAction": cell.accessorySegue = perform
        case let cell as TableViewCell: cell.selectionSegue = perform
        case let cell as CollectionViewCell: cell.selectionSegue = perform
        case let recognizer as GestureRecognizer: recognizer.nativeActions.append(perform)
        default:
            warnOnce(
                segue, "<\(segue.name)>'s object is not a control, cell or gesture recognizer, so nothing sets it off")
        }
    }

    /// `<userDefinedRuntimeAttributes>`: each value set at its key path.
    func setRuntimeAttributes(_ list: IBElement, on object: BridgeObject) throws {
        for attribute in list.children where attribute.name == "userDefinedRuntimeAttribute" {
            attribute.read()
            guard let keyPath = attribute["keyPath"] else {
                throw problem(attribute, "a runtime attribute needs a keyPath")
            }
            let value = try runtimeValue(attribute)
            try runSetter(Self.setKeyPath, [try bridge.value(for: object), .string(keyPath), value], at: attribute)
        }
    }

    private func runtimeValue(_ attribute: IBElement) throws -> LuaValue {
        let type = attribute["type"] ?? "string"
        let element = attribute.keyed("value")
        switch type {
        case "boolean":
            return .boolean(try bool(attribute, "value") ?? false)
        case "number":
            if let element { return .number(try number(element, "value") ?? 0) }
            return .number(try number(attribute, "value") ?? 0)
        case "string", "localizedString":
            return attribute["value"].map { .string($0) } ?? .nil
        case "color":
            guard let element, let color = try color(element) else { return .nil }
            return try bridge.value(for: color)
        case "image":
            guard let name = attribute["value"], let image = try image(named: name, for: attribute) else { return .nil }
            return try bridge.value(for: image)
        case "point", "size", "rect":
            guard let element else { return .nil }
            return try record(type, element)
        case "nil":
            return .nil
        default:
            throw problem(attribute, "type=\"\(type)\" is not a runtime attribute type Rebound knows")
        }
    }

    /// A point, size or rectangle as the record scripts get (`struct.CGRect`).
    private func record(_ type: String, _ element: IBElement) throws -> LuaValue {
        let constructor = try bridge.state.run(
            "return struct.\(type == "point" ? "CGPoint" : type == "size" ? "CGSize" : "CGRect")",
            chunkName: "=nib")
        let numbers: [Double]
        switch type {
        case "point": numbers = [try number(element, "x") ?? 0, try number(element, "y") ?? 0]
        case "size": numbers = [try number(element, "width") ?? 0, try number(element, "height") ?? 0]
        default:
            let rect = try rect(element)
            numbers = [rect.minX, rect.minY, rect.width, rect.height]
        }
        return try bridge.state.call(constructor.first ?? .nil, numbers.map { .number($0) }).first ?? .nil
    }

    private func set(_ property: String, of source: BridgeObject, to value: BridgeObject?, at element: IBElement) throws
    {
        let target = try value.map { try bridge.value(for: $0) } ?? .nil
        try runSetter(Self.setField, [try bridge.value(for: source), .string(property), target], at: element)
    }

    /// Runs one of the setters below; a script error (a setter that refuses the value) is an
    /// error naming the document's line.
    private func runSetter(_ source: String, _ arguments: [LuaValue], at element: IBElement) throws {
        let setter = try setterFunction(source)
        do {
            _ = try setter.call(arguments)
        } catch {
            throw problem(element, "\(error)")
        }
    }

    private func setterFunction(_ source: String) throws -> LuaFunction {
        if let known = setters[source] { return known }
        let made = try bridge.state.load(source, chunkName: "=\(document.file)")
        setters[source] = made
        return made
    }

    static let setField = "local object, key, value = ... object[key] = value"
    static let setCollection = "local object, key = ... object[key] = { select(3, ...) }"
    /// `appends="YES"` (a view's `gestureRecognizers`): added after what the object has.
    static let appendToCollection = """
        local object, key = ...
        local list = {}
        for _, value in ipairs(object[key] or {}) do list[#list + 1] = value end
        for i = 3, select("#", ...) do list[#list + 1] = (select(i, ...)) end
        object[key] = list
        """
    static let setKeyPath = """
        local object, path, value = ...
        local last
        for part in string.gmatch(path, "[^.]+") do
            if last then object = object[last] end
            last = part
        end
        object[last] = value
        """
}
