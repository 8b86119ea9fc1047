extension BinnedDrawList {
    /// Blends every item that touches the target's tile into it, in painter's order; the
    /// depth-tested items only where they are in front of the mesh that `depth` describes (drawn
    /// whole without one).
    ///
    /// The target must be one of the tiles `TileScheduler` cuts with this list's `tileSize` from a
    /// frame of this list's size.
    public func composite(into target: inout TileTarget, depth: MeshTileDepth? = nil) {
        let rect = target.rect
        precondition(
            rect.x0 % tileSize == 0 && rect.y0 % tileSize == 0
                && rect.width <= tileSize && rect.height <= tileSize,
            "composite(into:) needs a tile cut with the list's tile size")
        let clip = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !clip.isEmpty else { return }
        let tile = (rect.y0 / tileSize) * tilesX + rect.x0 / tileSize
        let first = Int(binStart[tile]), end = Int(binStart[tile + 1])
        guard first < end else { return }
        let t = target
        entries.withUnsafeBufferPointer { entries in
            shapes.withUnsafeBufferPointer { shapes in
                segments.withUnsafeBufferPointer { segments in
                    maskBytes.withUnsafeBufferPointer { maskBytes in
                        var k = first
                        while k < end {
                            let e = entries[k]
                            if e.isStroke {
                                // A stroke's consecutive entries (its segment runs) draw together.
                                var k2 = k + 1
                                while k2 < end && entries[k2].shape == e.shape { k2 += 1 }
                                let run = UnsafeBufferPointer(rebasing: entries[k..<k2])
                                if let depth, case .depthTestedStroke(let stroke) = shapes[Int(e.shape)] {
                                    segmentDepths.withUnsafeBufferPointer { depths in
                                        StrokeRaster.drawMany(entries: run, segments: segments, color: stroke.color, reach: stroke.reach,
                                                              clip: clip, target: t,
                                                              test: SegmentDepthTest(depths: depths, shape: stroke, mesh: depth))
                                    }
                                } else {
                                    StrokeRaster.draw(entries: run, segments: segments, color: e.color, reach: e.reach,
                                                      clip: clip, target: t)
                                }
                                k = k2
                                continue
                            }
                            switch shapes[Int(e.shape)] {
                            case .stroke, .depthTestedStroke: break  // drawn from their entries above
                            case let .segment(s): SegmentRaster.draw(s, clip: clip, target: t)
                            case let .disk(d): DiskRaster.draw(d, clip: clip, target: t)
                            case let .ring(r): DiskRaster.draw(r, clip: clip, target: t)
                            case let .rect(r): RectRaster.draw(r, clip: clip, target: t)
                            case let .mask(m): MaskRaster.draw(m, bytes: maskBytes, clip: clip, target: t)
                            case let .image(m): ImageRaster.draw(m, bytes: maskBytes, clip: clip, target: t)
                            case let .polygon(p): PolygonRaster.draw(p, planes: planes, clip: clip, target: t)
                            case let .roundedRect(r): RoundedRectRaster.draw(r, clip: clip, target: t)
                            case let .styledStroke(st):
                                StyledStrokeRaster.draw(st, pieces: pieces, edges: pieceEdges, clip: clip, target: t)
                            case let .depthTestedDisk(d, invW):
                                MeshTileDepth.draw(over: depth, at: invW, around: d.center, reach: d.outerReach, clip: clip, target: t) {
                                    DiskRaster.draw(d, clip: clip, target: t)
                                }
                            case let .depthTestedRing(r, invW):
                                MeshTileDepth.draw(over: depth, at: invW, around: r.center, reach: r.outerReach, clip: clip, target: t) {
                                    DiskRaster.draw(r, clip: clip, target: t)
                                }
                            }
                            k += 1
                        }
                    }
                }
            }
        }
    }
}
