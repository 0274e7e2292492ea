/// A record's natural key (docs/database.md, Updating) as 128 bits: the values of its key's
/// columns as the database stores them, each with its storage class, so that a record read from
/// an export and the same record read from a database give the same digest, and records whose key
/// differs in any column give different ones.
///
/// An update compares the bulk of the records, those of types it already holds at dates it
/// already holds, by these digests in sorted runs instead of building them into a database first.
/// Two keys share a digest with a chance of about 2⁻¹²⁸ per pair: none in any export.
struct ReadingDigest: BitwiseCopyable, Hashable {
  var high: UInt64
  var low: UInt64

  /// Whether `self` sorts before `other`.
  @inline(__always)
  func precedes(_ other: ReadingDigest) -> Bool {
    high != other.high ? high < other.high : low < other.low
  }
}

/// Makes a `ReadingDigest` from the key's columns, in order. Each value is fed with its storage
/// class (as `sqlite3_column_type` gives it), so a NULL, a number and a text never mix.
struct ReadingHasher {
  private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
  private var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private var words: UInt64 = 0

  private enum StorageClass: UInt64 {
    case null = 0x6E75_6C6C
    case integer = 0x696E_7467
    case real = 0x7265_616C
    case text = 0x7465_7874
    case blob = 0x626C_6F62
  }

  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    words &+= 1
    first = (first ^ word) &* 0xFF51_AFD7_ED55_8CCD
    first = (first << 31 | first >> 33) &+ words
    second = (second &+ (word ^ 0x2545_F491_4F6C_DD1D)) &* 0xC4CE_B9FE_1A85_EC53
    second ^= second >> 29
  }

  /// A NULL.
  mutating func addNull() { mix(StorageClass.null.rawValue) }

  /// An integer, or NULL.
  mutating func add(_ value: Int64?) {
    guard let value else { return addNull() }
    mix(StorageClass.integer.rawValue)
    mix(UInt64(bitPattern: value))
  }

  /// A real as the database stores it: a number that is not finite is bound as NULL, and -0 is 0
  /// (SQLite stores it as the integer 0 and reads it back as 0.0).
  mutating func add(_ value: Double?) {
    guard let value, value.isFinite else { return addNull() }
    mix(StorageClass.real.rawValue)
    mix(value == 0 ? 0 : value.bitPattern)
  }

  /// A text's UTF-8 bytes, or NULL.
  mutating func add(text: UnsafeBufferPointer<UInt8>?) {
    guard let text else { return addNull() }
    addBytes(text, storageClass: .text)
  }

  /// A string's UTF-8 bytes, or NULL.
  mutating func add(_ value: String?) {
    guard var value else { return addNull() }
    value.withUTF8 { addBytes($0, storageClass: .text) }
  }

  /// A blob, which no record read from an export holds (its bytes make no difference: it
  /// matches none of them).
  mutating func addBlob() { mix(StorageClass.blob.rawValue) }

  private mutating func addBytes(_ bytes: UnsafeBufferPointer<UInt8>, storageClass: StorageClass) {
    mix(storageClass.rawValue)
    mix(UInt64(bytes.count))
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset + 8 <= bytes.count {
      mix(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      withUnsafeMutableBytes(of: &tail) { word in
        word.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: bytes.count - offset))
      }
      mix(tail)
    }
  }

  /// The digest of what was fed.
  func finish() -> ReadingDigest {
    func avalanche(_ value: UInt64) -> UInt64 {
      var x = value
      x ^= x >> 33
      x &*= 0xFF51_AFD7_ED55_8CCD
      x ^= x >> 33
      x &*= 0xC4CE_B9FE_1A85_EC53
      x ^= x >> 33
      return x
    }
    return ReadingDigest(high: avalanche(first ^ words), low: avalanche(second &+ first))
  }
}
