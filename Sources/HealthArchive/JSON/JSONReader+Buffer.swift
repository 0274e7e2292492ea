extension JSONReader {
  /// Skips a UTF-8 byte order mark at the start of the input.
  func skipByteOrderMark() throws {
    hasCheckedByteOrderMark = true
    while end - start < 3, try refill() {}
    if end - start >= 3 && window[start] == 0xEF && window[start + 1] == 0xBB && window[start + 2] == 0xBF {
      start += 3
    }
  }

  /// Keeps the bytes from `start` on, moves them to the front, and reads more behind them (see
  /// `ByteWindow.refill`: a large value is rescanned only a logarithmic number of times).
  /// - Returns: false when no byte was added because the stream has ended.
  /// - Throws: `JSONError.Reason.valueTooLarge` when one value fills the largest buffer allowed.
  func refill() throws -> Bool {
    if start > 0 { copyPendingKey() }
    let shift = start
    let result = try window.refill(keepingFrom: start, from: stream)
    tokenStart -= shift
    start = 0
    switch result {
    case .added: return true
    case .ended: return false
    case .full: throw error(.valueTooLarge(limit: window.maximumCapacity), at: 0)
    }
  }

  /// Copies the innermost object's current key into `path` if it is only in the buffer.
  func copyPendingKey() {
    guard pendingKeyStart >= 0 else { return }
    window.withBytes(from: pendingKeyStart, to: pendingKeyEnd) { path.setKey($0) }
    pendingKeyStart = -1
  }
}
