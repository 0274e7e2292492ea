import SystemShim

/// The keys and indexes from the top-level value down to the current one, kept cheaply while
/// reading or writing, and spelled out only for a message.
///
/// Keys are stored as bytes, one after another in one array; a frame only records where its key
/// starts. Nothing is allocated per event once the arrays have grown to the document's depth.
struct JSONKeyPath {
  /// One open object or array.
  struct Frame {
    /// Whether this is an object (else an array).
    var isObject: Bool
    /// Whether the object has a current key, or the array has had an element.
    var hasContent = false
    /// The index of the current element of an array.
    var index = 0
    /// Where this object's current key starts in `keyBytes`; it ends where the next frame's starts.
    var keyStart: Int
  }

  private(set) var frames: [Frame] = []
  private var keyBytes: [UInt8] = []

  init() {
    frames.reserveCapacity(64)
    keyBytes.reserveCapacity(1024)
  }

  /// How many objects and arrays are open.
  var depth: Int { frames.count }

  /// Whether the innermost open container is an object; false at the top level.
  var isInObject: Bool { frames.last?.isObject ?? false }

  /// Opens an object or array.
  mutating func push(isObject: Bool) {
    frames.append(Frame(isObject: isObject, keyStart: keyBytes.count))
  }

  /// Closes the innermost object or array.
  mutating func pop() {
    let frame = frames.removeLast()
    if frame.isObject && frame.hasContent {
      keyBytes.removeLast(keyBytes.count - frame.keyStart)
    }
  }

  /// Makes `key` the current key of the innermost object.
  mutating func setKey(_ key: Span<UInt8>) {
    let last = frames.count - 1
    let keyStart = frames[last].keyStart
    if keyBytes.count > keyStart { keyBytes.removeLast(keyBytes.count - keyStart) }
    keyBytes.append(key)
    frames[last].hasContent = true
  }

  /// Moves the innermost array to its next element.
  mutating func advanceIndex() {
    frames[frames.count - 1].index += 1
  }

  /// Marks that the innermost array has an element; returns whether it had one before.
  mutating func noteElement() -> Bool {
    let last = frames.count - 1
    let had = frames[last].hasContent
    frames[last].hasContent = true
    return had
  }

  /// The path as text: `HKQuantityTypeIdentifierStepCount[1523].value`, `[0].code`, empty at the
  /// top level. A key that would be ambiguous in this notation (empty, or holding `.`, `[`, `]`,
  /// `"`, a space or a control character) is written as `["a.b"]`.
  var text: String { text(omittingInnermostKey: false) }

  /// The path as text, without the innermost object's key when `omittingInnermostKey` (while the
  /// next key is being read, the last one no longer names where the reader is).
  func text(omittingInnermostKey: Bool) -> String {
    var result = ""
    for (position, frame) in frames.enumerated() {
      if frame.isObject {
        guard frame.hasContent, !(omittingInnermostKey && position == frames.count - 1) else { break }
        let keyEnd = position + 1 < frames.count ? frames[position + 1].keyStart : keyBytes.count
        let key = String(decoding: keyBytes[frame.keyStart..<keyEnd], as: UTF8.self)
        if Self.isPlain(key) {
          if !result.isEmpty { result += "." }
          result += key
        } else {
          var quoted: [UInt8] = []
          JSONStringEscaping.appendQuoted(key, to: &quoted)
          result += "[" + String(decoding: quoted, as: UTF8.self) + "]"
        }
      } else {
        result += "[\(frame.index)]"
      }
    }
    return result
  }

  private static func isPlain(_ key: String) -> Bool {
    !key.isEmpty
      && !key.utf8.contains { byte in
        byte <= 0x20 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[")
          || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\"")
      }
  }
}
