import HealthArchive
import Testing

/// How a test feeds bytes to a `JSONReader`: read sizes and buffer size, to cut tokens anywhere.
struct ReadingMode: CustomTestStringConvertible, Sendable {
  var name: String
  var chunkLimit: Int
  var bufferSize: Int

  var testDescription: String { name }

  static let whole = ReadingMode(name: "whole", chunkLimit: .max, bufferSize: 1 << 20)
  static let all: [ReadingMode] = [
    .whole,
    ReadingMode(name: "1-byte reads", chunkLimit: 1, bufferSize: 1 << 20),
    ReadingMode(name: "7-byte reads", chunkLimit: 7, bufferSize: 1 << 20),
    ReadingMode(name: "7-byte reads, 16-byte buffer", chunkLimit: 7, bufferSize: 16),
    ReadingMode(name: "1-byte reads, 16-byte buffer", chunkLimit: 1, bufferSize: 16),
  ]

  func reader(_ text: String, name: String = "test.json") -> JSONReader {
    reader(Array(text.utf8), name: name)
  }

  func reader(_ bytes: [UInt8], name: String = "test.json") -> JSONReader {
    JSONReader(
      stream: MemoryByteStream(bytes, name: name, chunkLimit: chunkLimit), bufferSize: bufferSize)
  }
}

/// Every event of a document, through `.endOfInput`.
func events(of text: String, mode: ReadingMode = .whole) throws -> [JSONEvent] {
  try events(of: Array(text.utf8), mode: mode)
}

func events(of bytes: [UInt8], mode: ReadingMode = .whole) throws -> [JSONEvent] {
  let reader = mode.reader(bytes)
  var result: [JSONEvent] = []
  while true {
    let event = try reader.next()
    result.append(event)
    if event == .endOfInput { return result }
  }
}

/// The error reading a whole document event by event throws, if any.
func readingError(of text: String, mode: ReadingMode = .whole) -> JSONError? {
  readingError(of: Array(text.utf8), mode: mode)
}

func readingError(of bytes: [UInt8], mode: ReadingMode = .whole) -> JSONError? {
  do {
    _ = try events(of: bytes, mode: mode)
    return nil
  } catch let error as JSONError {
    return error
  } catch {
    return nil
  }
}

extension JSONEvent {
  /// A number event with the text it was written as and the value it must read as.
  static func number(_ text: String, _ value: Double) -> JSONEvent {
    .number(JSONNumber(uncheckedText: text, doubleValue: value))
  }
}
