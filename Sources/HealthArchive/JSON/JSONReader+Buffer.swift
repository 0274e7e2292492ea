extension JSONReader {
  /// Skips a UTF-8 byte order mark at the start of the input.
  func skipByteOrderMark() throws {
    hasCheckedByteOrderMark = true
    while end - start < 3, try refill() {}
    if end - start >= 3 && base[start] == 0xEF && base[start + 1] == 0xBB && base[start + 2] == 0xBF {
      start += 3
    }
  }

  /// Keeps the bytes from `start` on, moves them to the front, and reads more behind them.
  ///
  /// When many bytes are kept (a large value being scanned again), it reads at least as many
  /// again before returning, so that a value is rescanned only a logarithmic number of times.
  /// - Returns: false when no byte was added because the stream has ended.
  /// - Throws: `JSONError.Reason.valueTooLarge` when one value fills the largest buffer allowed.
  func refill() throws -> Bool {
    if isAtEndOfStream { return false }
    let kept = end - start
    if start > 0 {
      copyPendingKey()
      if kept > 0 { base.update(from: base + start, count: kept) }
      bufferOffset += start
      tokenStart -= start
      end = kept
      start = 0
    }
    let wanted = kept >= 4096 ? kept : 1
    var added = 0
    while added < wanted {
      if end == capacity {
        // A full buffer with new bytes in it is scanned again before it grows any further.
        if added > 0 { return true }
        guard capacity < maximumValueSize else {
          throw error(.valueTooLarge(limit: maximumValueSize), at: 0)
        }
        let newCapacity = min(capacity * 2, maximumValueSize)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: end)
        base.deallocate()
        base = newBase
        capacity = newCapacity
      }
      let count = try stream.read(
        into: UnsafeMutableRawBufferPointer(start: base + end, count: capacity - end))
      if count == 0 {
        isAtEndOfStream = true
        return added > 0
      }
      end += count
      added += count
    }
    return true
  }

  /// Copies the innermost object's current key into `path` if it is only in the buffer.
  func copyPendingKey() {
    guard pendingKeyStart >= 0 else { return }
    path.setKey(UnsafeBufferPointer(start: base + pendingKeyStart, count: pendingKeyEnd - pendingKeyStart))
    pendingKeyStart = -1
  }
}
