import CSQLite
import Foundation

extension SQLiteStatement {
  /// Feeds the value of a column of the current row to `hasher`, with its storage class.
  func digest(column: Int32, into hasher: inout ReadingHasher) {
    switch type(at: column) {
    case SQLITE_INTEGER: hasher.add(integer(at: column))
    case SQLITE_FLOAT: hasher.add(real(at: column))
    case SQLITE_TEXT: withText(at: column) { hasher.add(text: $0) }
    case SQLITE_BLOB: hasher.addBlob()
    default: hasher.addNull()
    }
  }

  /// Whether a column of the current row is text of exactly `bytes`, read in place.
  func text(at column: Int32, equals bytes: [UInt8]) -> Bool {
    guard type(at: column) == SQLITE_TEXT else { return false }
    return withText(at: column) { text in
      bytes.withUnsafeBufferPointer { expected in
        guard text.count == expected.count else { return false }
        guard let textBytes = text.baseAddress, let expectedBytes = expected.baseAddress else { return true }
        return memcmp(textBytes, expectedBytes, text.count) == 0
      }
    }
  }
}
