import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIPickerView: a 216-point picker at y 100 (its middle at 208 in the window) with a size
/// wheel and a colour wheel, 32-point rows on a cylinder of radius 108.
@Suite struct PickerViewTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            sizes = { "XS", "S", "M", "L", "XL", "XXL" }
            colours = { "Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet" }
            Source = objc.NSObject:createSubclass("PickerSource")
            Source:declareProtocol("UIPickerViewDataSource")
            Source:declareProtocol("UIPickerViewDelegate")
            function Source:numberOfComponentsInPickerView(picker) return 2 end
            function Source:pickerView_numberOfRowsInComponent(picker, component)
                return component == 0 and #sizes or #colours
            end
            function Source:pickerView_titleForRow_forComponent(picker, row, component)
                return (component == 0 and sizes or colours)[row + 1]
            end
            function Source:pickerView_didSelectRow_inComponent(picker, row, component)
                log[#log + 1] = component .. ":" .. row
            end
            source = Source:new()
            picker = objc.UIPickerView:newWithFrame(struct.CGRect(0, 100, 375, 216))
            picker.dataSource = source
            picker.delegate = source
            function row(r, c) return picker:viewForRow_forComponent(r, c) end
            """)
        try t.world.window.addSubview(
            try #require(t.world.bridge.state.object(of: t.run("return picker")[0], as: View.self)))
        try t.world.layoutPass()
        return t
    }

    @Test func theDataSourceCountsAndTheDelegateTitlesTheRowsOnTheirCylinder() throws {
        let t = try world()
        #expect(
            try t.run(
                "return picker.numberOfComponents, picker:numberOfRowsInComponent(1), picker:selectedRowInComponent(1)")
                == [2, 7, 0])
        try t.run("picker:selectRow_inComponent_animated(4, 1, false) picker:layoutIfNeeded()")
        #expect(
            try t.run("return picker:selectedRowInComponent(1), row(4, 1).text, row(4, 1).center.y") == [
                4, "Blue", 108,
            ])
        // One row away: turned 32/108 radians, so 108 sin that from the middle, squashed and faded.
        let angle = 32.0 / 108
        let below = try t.run("return row(5, 1).center.y, row(5, 1).transform.d, row(5, 1).alpha")
        #expect(abs((below[0].numberValue ?? 0) - (108 + 108 * sin(angle))) < 1e-9)
        #expect(abs((below[1].numberValue ?? 0) - cos(angle)) < 1e-9)
        #expect(abs((below[2].numberValue ?? 0) - cos(angle)) < 1e-9)
        #expect(try t.run("return picker:rowSizeForComponent(0).height, #log") == [32, 0])
    }

    @Test func aDragTurnsTheWheelUnderTheFingerAndTheDelegateHearsWhereItStops() throws {
        let t = try world()
        try t.run(
            """
            simulate.drag { points = { { x = 280, y = 260 }, { x = 280, y = 240 }, { x = 280, y = 220 }, { x = 280, y = 196 }, { x = 280, y = 196 } } }
            simulate.advance(1)
            """)
        #expect(
            try t.run("return picker:selectedRowInComponent(1), picker:selectedRowInComponent(0), log[1]") == [
                2, 0, "1:2",
            ])
    }

    @Test func aTapOnARowTurnsTheWheelToIt() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 80, y = 240 } } simulate.advance(0.5)")
        #expect(try t.run("return picker:selectedRowInComponent(0), row(1, 0).center.y, log[1]") == [1, 108, "0:1"])
    }

    @Test func selectingFromTheScriptTellsTheDelegateNothing() throws {
        let t = try world()
        try t.run(
            """
            picker:selectRow_inComponent_animated(3, 0, true)
            simulate.advance(0.1)
            """)
        // Chosen at once; the wheel eases out towards it on the clock.
        #expect(try t.run("return picker:selectedRowInComponent(0)") == [3])
        let turning = try #require(try t.run("return row(3, 0).center.y").first?.numberValue)
        #expect(turning > 108 && turning < 208)
        try t.run(
            """
            simulate.advance(1)
            log[#log + 1] = "sentinel"
            """)
        #expect(try t.run("return picker:selectedRowInComponent(0), table.concat(log, ' ')") == [3, "sentinel"])
    }

    @Test func aReloadKeepsTheSelectionWithinTheRows() throws {
        let t = try world()
        try t.run(
            """
            picker:selectRow_inComponent_animated(6, 1, false)
            colours = { "Cyan", "Magenta" }
            picker:reloadComponent(1)
            picker:layoutIfNeeded()
            """)
        #expect(try t.run("return picker:selectedRowInComponent(1), row(1, 1).text") == [1, "Magenta"])
    }

    @Test func aDataSourceThatReloadsWhileAskedOrBetweenMovesCannotBreakThePicker() throws {
        let t = try world()
        // Reloaded to one wheel while the picker asks for the first wheel's titles.
        try t.run(
            """
            count = 2
            function Source:numberOfComponentsInPickerView() return count end
            local title = Source.pickerView_titleForRow_forComponent
            function Source:pickerView_titleForRow_forComponent(picker, row, component)
                if shrink then shrink = false count = 1 picker:reloadAllComponents() end
                return title(self, picker, row, component)
            end
            shrink = true
            picker:reloadAllComponents()
            picker:layoutIfNeeded()
            picker:layoutIfNeeded()
            """)
        #expect(try t.run("return picker.numberOfComponents, row(0, 0).text") == [1, "XS"])
        // Reloaded to no wheels while a drag turns one.
        try t.run(
            """
            count = 1
            function Source:pickerView_numberOfRowsInComponent() return count > 0 and 30 or 0 end
            function Source:pickerView_titleForRow_forComponent(picker, row, component)
                if row >= 10 and count > 0 then count = 0 picker:reloadAllComponents() end
                return tostring(row)
            end
            picker:reloadAllComponents()
            picker:layoutIfNeeded()
            simulate.drag { points = { { x = 180, y = 300 }, { x = 180, y = 250 }, { x = 180, y = 200 }, { x = 180, y = 150 }, { x = 180, y = 120 } } }
            simulate.advance(1)
            sentinel = picker.numberOfComponents
            """)
        #expect(try t.run("return sentinel") == [0])
    }

    @Test func badAnswersAndBadCallsAreErrorsThatNameThem() throws {
        let t = try world()
        #expect(
            t.error("picker:selectRow_inComponent_animated(9, 0, false)").contains(
                "selectRow_inComponent_animated: row 9 is not one of component 0's 6"))
        #expect(t.error("picker:selectedRowInComponent(2)").contains("component 2 is not one of the picker's 2"))
        #expect(
            t.error("function Source:numberOfComponentsInPickerView() return -1 end picker:reloadAllComponents()")
                .contains("numberOfComponentsInPickerView returned -1"))
        #expect(
            t.error(
                "function Source:numberOfComponentsInPickerView() return 1 end "
                    + "function Source:pickerView_numberOfRowsInComponent() return 1e9 end picker:reloadAllComponents()"
            ).contains("a wheel has 0 to 1000000 rows"))
    }
}
