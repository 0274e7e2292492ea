import HealthModel

/// Lines and columns, counted lazily: each byte once, only as far as a location is asked for.
extension XMLTokenizer {
  /// The line and column of a position in the buffer (columns count bytes from 1).
  func location(of position: Int) -> SourceLocation {
    if position >= countedPosition {
      countLines(upTo: position)
      return SourceLocation(
        file: stream.name, line: newlinesCounted + 1,
        column: Int(bufferOffset + Int64(position) - currentLineStart) + 1)
    }
    // An earlier position of the current tag: count back from the counted position.
    var newlines = 0
    var lineStart = -1
    var i = countedPosition - 1
    while i >= position {
      if window[i] == 0x0A { newlines += 1 }
      i -= 1
    }
    var j = position - 1
    while j >= 0 {
      if window[j] == 0x0A {
        lineStart = j + 1
        break
      }
      j -= 1
    }
    let column: Int
    if lineStart >= 0 {
      column = position - lineStart + 1
    } else {
      column = Int(bufferOffset + Int64(position) - currentLineStart) + 1
    }
    return SourceLocation(file: stream.name, line: newlinesCounted - newlines + 1, column: column)
  }

  /// The line of a position in the buffer, as `location(of:)` gives it, without making a location.
  func line(of position: Int) -> Int {
    guard position >= countedPosition else { return location(of: position).line }
    countLines(upTo: position)
    return newlinesCounted + 1
  }

  /// The location of the current tag's `<`.
  var tagLocation: SourceLocation { location(of: tagStart) }

  /// The line of the current tag's `<`.
  var tagLine: Int { line(of: tagStart) }

  func countLines(upTo position: Int) {
    guard position > countedPosition else { return }
    var newlines = 0
    var lastNewline = -1
    var i = countedPosition
    // One vectorised search per line: lines are a record each, hundreds of bytes long.
    while let offset = window.firstOffset(of: 0x0A, from: i, to: position) {
      newlines += 1
      lastNewline = i + offset
      i = lastNewline + 1
    }
    newlinesCounted += newlines
    if lastNewline >= 0 { currentLineStart = bufferOffset + Int64(lastNewline) + 1 }
    countedPosition = position
  }

  func error(_ reason: XMLError.Reason, at position: Int) -> XMLError {
    XMLError(reason, at: location(of: position))
  }
}
