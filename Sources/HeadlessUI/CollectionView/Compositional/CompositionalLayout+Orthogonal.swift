import Foundation
import ObjectBridge

/// Orthogonal sections: rows of groups that scroll across on their own, inside the layout, as
/// UIKit's embedded scroll views do (in a horizontal layout, columns that scroll up and down).
/// A drag across a row moves it (`OrthogonalScrollRecognizer`); let go, it glides to where the
/// section's behavior has it rest, frame by frame on the virtual clock.
extension CompositionalLayout {
    /// The axis an orthogonal row scrolls along.
    var rowAxis: LayoutAxis { scrollAxis.other }

    func orthogonalOffset(_ section: Int) -> Double { orthogonalOffsets[section] ?? 0 }

    /// The orthogonal section whose row is at `point` (content coordinates), if any.
    func orthogonalSection(at point: CGPoint) -> Int? {
        guard let engine else { return nil }
        let along = scrollAxis.along(point)
        return engine.sections.indices.first { index in
            let section = engine.sections[index]
            guard section.orthogonal != .none, let first = section.groups.first else { return false }
            return along >= scrollAxis.start(first.frame) && along < scrollAxis.end(first.frame)
        }
    }

    /// The farthest the row of `section` scrolls: its length less the collection's.
    func maximumOrthogonalOffset(_ section: Int) -> Double {
        guard let engine, engine.sections.indices.contains(section), let bounds = collectionView?.bounds else {
            return 0
        }
        return max(0, engine.sections[section].rowLength - rowAxis.along(bounds.size))
    }

    /// Scrolls the row of `section` to `offset`, kept within the row; the collection view shows
    /// the cells there at its next pass.
    func setOrthogonalOffset(_ offset: Double, of section: Int) {
        orthogonalOffsets[section] = min(max(0, offset), maximumOrthogonalOffset(section))
        collectionView?.setNeedsLayout()
    }

    // MARK: Gliding

    /// Lets the row of `section` go moving at `velocity` (points a millisecond toward the row's
    /// end, as UIKit's scroll views measure it) after a drag that `began` at that offset: it
    /// decelerates to where it rests, without passing the row's ends.
    func glideOrthogonalRow(_ section: Int, velocity: Double, began: Double) {
        let offset = orthogonalOffset(section)
        let target = restingOrthogonalOffset(of: section, at: offset, velocity: velocity, began: began)
        let rate = ScrollMotion.normalRate
        let row = ScrollMotion.Axis(
            position: offset, velocity: ScrollMotion.velocity(from: offset, to: target, rate: rate), minimum: 0,
            maximum: maximumOrthogonalOffset(section), bounces: false, rate: rate, target: target)
        let still = ScrollMotion.Axis(
            position: 0, velocity: 0, minimum: 0, maximum: 0, bounces: false, rate: rate, target: 0)
        orthogonalGlides[section] = ScrollMotion(x: row, y: still)
        scheduleGlideFrame()
    }

    /// Stops the row of `section` where it is (a finger touched it again).
    func stopOrthogonalRow(_ section: Int) { orthogonalGlides[section] = nil }

    private func scheduleGlideFrame() {
        guard !glideFrameScheduled, let clock = collectionView?.clock else { return }
        glideFrameScheduled = true
        clock.schedule(after: ScrollView.frame) { [weak self] in
            guard let self else { return }
            self.glideFrameScheduled = false
            self.stepGlides()
        }
    }

    /// One frame of every gliding row.
    private func stepGlides() {
        for (section, var motion) in orthogonalGlides {
            motion.advance(seconds: ScrollView.frame)
            setOrthogonalOffset(motion.offset.x, of: section)
            orthogonalGlides[section] = motion.isFinished ? nil : motion
        }
        if !orthogonalGlides.isEmpty { scheduleGlideFrame() }
    }

    // MARK: Resting places

    /// Where a row let go at `offset`, moving at `velocity` (points a millisecond toward the
    /// row's end), comes to rest, from where the drag `began`:
    /// - continuous: where it glides to (UIKit's normal deceleration);
    /// - continuousGroupLeadingBoundary: that, at the nearest group's leading edge;
    /// - paging: the nearest page (the collection's width) of where it glides, one page at most
    ///   from where it began;
    /// - groupPaging: the same by groups; groupPagingCentered: with the group centred.
    func restingOrthogonalOffset(of section: Int, at offset: Double, velocity: Double, began: Double) -> Double {
        guard let engine, engine.sections.indices.contains(section), let bounds = collectionView?.bounds else {
            return offset
        }
        let placed = engine.sections[section]
        let visible = rowAxis.along(bounds.size)
        let glide = ScrollMotion.restingOffset(from: offset, velocity: velocity, rate: ScrollMotion.normalRate)
        let limit = maximumOrthogonalOffset(section)
        func clamp(_ value: Double) -> Double { min(max(0, value), limit) }
        let insets = preparedSections.indices.contains(section) ? preparedSections[section].contentInsets : .zero
        let leadingEdges = placed.groups.map { rowAxis.start($0.frame) - rowAxis.before(insets) }
        let centred = placed.groups.map { rowAxis.middle($0.frame) - visible / 2 }
        func nearest(_ stops: [Double], to value: Double) -> Double {
            stops.min { abs($0 - value) < abs($1 - value) } ?? value
        }
        switch placed.orthogonal {
        case .none, .continuous:
            return clamp(glide)
        case .continuousGroupLeadingBoundary:
            return clamp(nearest(leadingEdges, to: glide))
        case .paging:
            let target = (glide / visible).rounded() * visible
            return clamp(min(max(target, began - visible), began + visible))
        case .groupPaging, .groupPagingCentered:
            let stops = placed.orthogonal == .groupPaging ? leadingEdges : centred
            let from = nearest(stops, to: began)
            guard let index = stops.firstIndex(of: from) else { return clamp(glide) }
            let neighbours = stops[max(0, index - 1)...min(stops.count - 1, index + 1)]
            return clamp(nearest(Array(neighbours), to: glide))
        }
    }
}
