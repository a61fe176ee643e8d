import Foundation
import ObjectBridge

/// Orthogonal sections: rows of groups that scroll across on their own, inside the vertical
/// layout, as UIKit's embedded scroll views do. A drag across a row moves it
/// (`OrthogonalScrollRecognizer`); where it comes to rest depends on the section's behavior.
extension CompositionalLayout {
    func orthogonalOffset(_ section: Int) -> Double { orthogonalOffsets[section] ?? 0 }

    /// The orthogonal section whose row is at `y` (content coordinates), if any.
    func orthogonalSection(atY y: Double) -> Int? {
        guard let engine else { return nil }
        return engine.sections.indices.first { index in
            let section = engine.sections[index]
            guard section.orthogonal != .none, let first = section.groups.first else { return false }
            return y >= first.frame.minY && y < first.frame.maxY
        }
    }

    /// The farthest the row of `section` scrolls: its width less the collection's.
    func maximumOrthogonalOffset(_ section: Int) -> Double {
        guard let engine, engine.sections.indices.contains(section), let width = collectionView?.bounds.width else {
            return 0
        }
        return max(0, engine.sections[section].rowWidth - Double(width))
    }

    /// Scrolls the row of `section` to `offset`, kept within the row; the collection view shows
    /// the cells there at its next pass.
    func setOrthogonalOffset(_ offset: Double, of section: Int) {
        orthogonalOffsets[section] = min(max(0, offset), maximumOrthogonalOffset(section))
        collectionView?.setNeedsLayout()
    }

    /// Where a row let go at `offset`, moving at `velocity` points a second across (positive
    /// toward the row's end), comes to rest, from where the drag `began`:
    /// - continuous: where it glides to (UIKit's normal deceleration);
    /// - continuousGroupLeadingBoundary: that, at the nearest group's leading edge;
    /// - paging: the nearest page (the collection's width) of where it glides, one page at most
    ///   from where it began;
    /// - groupPaging: the same by groups; groupPagingCentered: with the group centred.
    func restingOrthogonalOffset(of section: Int, at offset: Double, velocity: Double, began: Double) -> Double {
        guard let engine, engine.sections.indices.contains(section), let width = collectionView?.bounds.width else {
            return offset
        }
        let placed = engine.sections[section]
        let glide = ScrollMotion.restingOffset(from: offset, velocity: velocity, rate: ScrollMotion.normalRate)
        let limit = maximumOrthogonalOffset(section)
        func clamp(_ value: Double) -> Double { min(max(0, value), limit) }
        let insets = preparedSections.indices.contains(section) ? preparedSections[section].contentInsets : .zero
        let leadingEdges = placed.groups.map { Double($0.frame.minX) - insets.leading }
        let centred = placed.groups.map { Double($0.frame.midX) - Double(width) / 2 }
        func nearest(_ stops: [Double], to value: Double, within range: ClosedRange<Double>? = nil) -> Double {
            let candidates = stops.filter { range?.contains($0) ?? true }
            return candidates.min { abs($0 - value) < abs($1 - value) } ?? value
        }
        switch placed.orthogonal {
        case .none, .continuous:
            return clamp(glide)
        case .continuousGroupLeadingBoundary:
            return clamp(nearest(leadingEdges, to: glide))
        case .paging:
            let page = Double(width)
            let target = (glide / page).rounded() * page
            return clamp(min(max(target, began - page), began + page))
        case .groupPaging, .groupPagingCentered:
            let stops = placed.orthogonal == .groupPaging ? leadingEdges : centred
            let from = nearest(stops, to: began)
            guard let index = stops.firstIndex(of: from) else { return clamp(glide) }
            let neighbours = stops[max(0, index - 1)...min(stops.count - 1, index + 1)]
            return clamp(nearest(Array(neighbours), to: glide))
        }
    }
}
