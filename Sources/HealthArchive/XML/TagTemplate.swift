/// The last start tag scanned at one depth, from the end of its name through its `>` or `/>`,
/// with what the scan had found at the end of each of its attributes. A scan of a tag is a pass
/// over its bytes from the end of its name, whose findings at any byte depend on the bytes before
/// it alone: a tag whose bytes begin as the template's is read through the last attribute that
/// ends within the bytes they share without being scanned, and one that is the template's bytes
/// through its end is read as the template was, whole.
///
/// Exports write a run of records of one type and source whose tags share most of their bytes
/// (` type="…" sourceName="…" sourceVersion="…" device="…" unit="…" creationDate="2026-05-25 `), and
/// metadata entries that are often the same bytes over.
///
/// A class over memory of its own, as `TagShape` is, so that the scanning loop retains nothing.
final class TagTemplate {
  /// What the scan had found once past an attribute's closing quote.
  struct Boundary {
    /// The attribute, its positions counted from the end of the tag's name.
    var attribute: RawAttribute
    /// The offset of the byte after the attribute's closing quote.
    var end: Int
    /// How many names with spaces were read as one up to here.
    var repairs: Int
    /// Whether every stretch up to here was the `TagShape`'s, and the names in them all different.
    var followsShape: Bool
    var namesDistinct: Bool
  }

  /// The longest tag kept, from the end of its name.
  static let byteCapacity = 4096
  /// The most attributes of a tag kept.
  static let attributeCapacity = 32

  private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: TagTemplate.byteCapacity)
  private let boundaries = UnsafeMutablePointer<Boundary>.allocate(capacity: TagTemplate.attributeCapacity)
  /// The tag's length from the end of its name through its `>`; 0 when there is no template.
  private(set) var length = 0
  /// How many attributes the tag has (all kept).
  private(set) var count = 0
  /// Whether the tag ended with `/>`.
  private(set) var isEmptyElement = false
  /// Whether the tag's names were known to be all different at its end (the tokenizer's
  /// `attributeNamesAreDistinct`).
  private(set) var namesDistinctAtEnd = false
  /// The `TagShape.generation` the template goes with: a tag whose stretches follow the shape
  /// assumes them to be the shape's, which holds while the shape is as the template's scan left it.
  private(set) var shapeGeneration = 0
  /// Whether the tag being scanned has more attributes than are kept, or is longer.
  private var overflowed = false

  init() {}

  deinit {
    bytes.deallocate()
    boundaries.deallocate()
  }

  /// How many of the template's first bytes the `available` bytes at `p` share with it (at most
  /// its length), when the template goes with `generation`; 0 when it does not, or there is none.
  @inline(__always)
  func sharedLength(_ p: UnsafePointer<UInt8>, available: Int, generation: Int) -> Int {
    guard length > 0, generation == shapeGeneration else { return 0 }
    return commonPrefixLength(p, bytes, Swift.min(available, length))
  }

  /// How many of the template's attributes end within its first `shared` bytes.
  @inline(__always)
  func attributes(endingWithin shared: Int) -> Int {
    var index = 0
    while index < count && boundaries[index].end <= shared { index += 1 }
    return index
  }

  /// What the scan had found at the end of attribute `index` (below `count`).
  @inline(__always)
  func boundary(_ index: Int) -> Boundary {
    boundaries[index]
  }

  /// Forgets the template as a scan starts, keeping the bytes and boundaries a scan that shares
  /// them leaves in place: a scan that does not end (more bytes needed, an error) leaves none.
  @inline(__always)
  func beginScan() {
    length = 0
    overflowed = false
  }

  /// Notes attribute `index` of the tag being scanned, just read.
  @inline(__always)
  func note(_ index: Int, _ boundary: Boundary) {
    guard index < Self.attributeCapacity else {
      overflowed = true
      return
    }
    (boundaries + index).initialize(to: boundary)
  }

  /// Keeps the tag just scanned as the template: its bytes `p[0..<length]` from the end of its
  /// name, of which the first `shared` are the template's already, with its `count` attributes
  /// noted. A tag longer than `byteCapacity` or with more attributes than `attributeCapacity` is
  /// not kept.
  func keep(
    _ p: UnsafePointer<UInt8>, length: Int, shared: Int, count: Int, isEmptyElement: Bool,
    namesDistinct: Bool, generation: Int
  ) {
    guard !overflowed, count <= Self.attributeCapacity, length <= Self.byteCapacity, shared <= length else {
      return
    }
    (bytes + shared).update(from: p + shared, count: length - shared)
    self.length = length
    self.count = count
    self.isEmptyElement = isEmptyElement
    namesDistinctAtEnd = namesDistinct
    shapeGeneration = generation
  }
}
