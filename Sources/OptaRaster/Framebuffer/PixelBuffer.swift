/// A frame's packed pixels in memory that starts on a cache line, or on a page for frames of
/// `pageAlignedBytes` or more, with the value semantics of an array: copies share the memory until
/// one of them is changed, and that one then gets a copy of its own.
///
/// An array's elements start wherever the allocator and the array header put them (16-byte
/// aligned). Here, in a frame whose width is a multiple of 16 pixels (1920, 1280, 512…), every row
/// and every tile row that starts at a multiple of 16 pixels starts on a cache line: a tile row
/// touches no more lines than it must, and tiles drawn on different threads never share one.
public struct PixelBuffer: Sendable {
    @usableFromInline var storage: PixelStorage

    /// Alignment of every buffer's first pixel: one cache line on x86-64 and most ARM cores.
    public static let alignment = 64
    /// Buffers at least this large start on a page (4 KiB), so that every run lays them over
    /// pages the same way.
    public static let pageAlignedBytes = 64 * 1024

    /// No pixels (all empty buffers share one allocation, so this allocates nothing).
    public init() {
        storage = PixelStorage.empty
    }

    /// `count` pixels of `value`.
    public init(repeating value: UInt32, count: Int) {
        storage = PixelStorage(count: count)
        storage.base.initialize(repeating: value, count: count)
    }

    /// A copy of `pixels`.
    public init(_ pixels: [UInt32]) {
        storage = PixelStorage(count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { storage.base.initialize(from: from, count: source.count) }
        }
    }

    /// Calls `body` with the pixels, which it must not change nor keep past its return.
    @inlinable public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt32>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Calls `body` with the pixels' bytes, which it must not change nor keep past its return.
    @inlinable public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count * MemoryLayout<UInt32>.stride))
    }

    /// Calls `body` with the pixels to change in place; it must not keep the pointer past its return.
    @inlinable public mutating func withUnsafeMutableBufferPointer<R, E: Error>(
        _ body: (UnsafeMutableBufferPointer<UInt32>) throws(E) -> R
    ) throws(E) -> R {
        makeUnique()
        return try body(UnsafeMutableBufferPointer(start: storage.base, count: storage.count))
    }

    /// Gives this value memory no other value shares, copying the pixels if some other did.
    @inlinable mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }
}

extension PixelBuffer: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }

    /// The pixel at `index`, which must be in `indices` (as for an array).
    @inlinable public subscript(index: Int) -> UInt32 {
        get {
            precondition(index >= 0 && index < storage.count, "pixel index out of range")
            return storage.base[index]
        }
        set {
            precondition(index >= 0 && index < storage.count, "pixel index out of range")
            makeUnique()
            storage.base[index] = newValue
        }
    }

    @inlinable public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    @inlinable public mutating func withContiguousMutableStorageIfAvailable<R>(
        _ body: (inout UnsafeMutableBufferPointer<UInt32>) throws -> R
    ) rethrows -> R? {
        makeUnique()
        var buffer = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
        return try body(&buffer)
    }
}

extension PixelBuffer: Equatable {
    /// Same count and the same pixels in the same order.
    public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.withUnsafeBufferPointer { a in rhs.withUnsafeBufferPointer { b in a.elementsEqual(b) } }
    }
}

/// One aligned allocation of `count` pixels, freed with the last reference to it.
///
/// `@unchecked Sendable` is safe: both stored properties are constants, and the memory is written
/// only through `PixelBuffer`'s mutating members, each of which first checks that its value holds
/// the only reference to the storage (`isKnownUniquelyReferenced`) and copies it otherwise. So
/// storage that two values, and so possibly two threads, can reach is only ever read, as an
/// array's is; a value that writes has been handed to one thread by the usual exclusivity rules.
@usableFromInline final class PixelStorage: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt32>
    @usableFromInline let count: Int

    /// The storage of every empty buffer.
    static let empty = PixelStorage(count: 0)

    /// Uninitialized room for `count` pixels (`UInt32` needs no initialization to be read, but
    /// every initializer of `PixelBuffer` fills it before handing it out).
    init(count: Int) {
        precondition(count >= 0, "a pixel buffer cannot hold a negative number of pixels")
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<UInt32>.stride)
        precondition(!overflow, "a pixel buffer of \(count) pixels does not fit in memory")
        let alignment = bytes >= PixelBuffer.pageAlignedBytes ? 4096 : PixelBuffer.alignment
        // At least one byte: an empty buffer still has a distinct, freeable address.
        base = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 1), alignment: alignment)
            .bindMemory(to: UInt32.self, capacity: count)
        self.count = count
    }

    /// A new allocation holding the same pixels.
    @usableFromInline func copy() -> PixelStorage {
        let other = PixelStorage(count: count)
        other.base.initialize(from: base, count: count)
        return other
    }

    deinit {
        base.deallocate()
    }
}
