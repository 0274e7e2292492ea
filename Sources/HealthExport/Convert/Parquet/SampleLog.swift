import Foundation
import HealthArchive
import HealthModel

/// Samples kept in the order they came, for a writer that can decide on them only once the input
/// is read: each as a few bytes (its type, value, source and dates; no metadata), in memory up to
/// a budget, then in blocks spilled to a temporary file beside the output (made on first need,
/// removed with the log).
final class SampleLog {
  /// Bytes kept in memory before they are spilled: 4 MiB.
  static let defaultBudget = 4 << 20

  private let spillBeside: String?
  private let budget: Int
  private var spill: SpillFile?
  private var bytes: [UInt8] = []
  /// The spilled blocks, in order.
  private var blocks: [(offset: Int64, count: Int)] = []

  /// - Parameters:
  ///   - spillBeside: the output beside which blocks past `budget` are spilled; nil keeps them
  ///     all in memory.
  ///   - budget: the bytes kept in memory before they are spilled.
  init(spillBeside: String?, budget: Int = SampleLog.defaultBudget) {
    self.spillBeside = spillBeside
    self.budget = budget
  }

  /// Keeps `sample` (without its metadata, beats and uuid) after the others.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func append(_ sample: Sample) throws {
    appendText(sample.type)
    switch sample.value {
    case .quantity(let number, let unit):
      bytes.append(0)
      bytes.appendLittleEndian(number.bitPattern)
      appendText(unit)
    case .category(let text):
      bytes.append(1)
      appendText(text)
    case .none:
      bytes.append(2)
    }
    appendText(sample.sourceName)
    appendText(sample.sourceVersion)
    appendText(sample.device)
    appendDate(sample.creationDate)
    appendDate(sample.startDate)
    appendDate(sample.endDate)
    if bytes.count >= budget, let spillBeside {
      if spill == nil { spill = try SpillFile(beside: spillBeside) }
      guard let spill else { return }
      blocks.append((try spill.append(bytes), bytes.count))
      bytes.removeAll(keepingCapacity: true)
    }
  }

  /// Hands every sample to `body` in the order they came, and empties the log.
  /// - Throws: what `body` throws; `OutputError` when the spill file cannot be read.
  func drain(_ body: (Sample) throws -> Void) throws {
    for block in blocks {
      guard let spill else { break }
      try decode(try spill.read(block.count, of: UInt8.self, at: block.offset), body)
    }
    try decode(bytes, body)
    blocks = []
    bytes = []
    spill = nil
  }

  // MARK: - Bytes

  /// Text as its length in 4 bytes (0xFFFFFFFF for none), then its UTF-8.
  private func appendText(_ text: String?) {
    guard let text else { return bytes.appendLittleEndian(UInt32.max) }
    bytes.appendLittleEndian(UInt32(text.utf8.count))
    bytes.append(contentsOf: text.utf8)
  }

  /// A date as a flag (1 for one, 0 for none), then its milliseconds' bits.
  private func appendDate(_ date: Timestamp?) {
    guard let date else { return bytes.append(0) }
    bytes.append(1)
    bytes.appendLittleEndian(date.millisecondsSince1970.bitPattern)
  }

  private func decode(_ block: [UInt8], _ body: (Sample) throws -> Void) throws {
    var reader = Reader(bytes: block)
    while !reader.isAtEnd {
      let type = reader.text() ?? ""
      let value: SampleValue
      switch reader.byte() {
      case 0:
        let number = Double(bitPattern: reader.word())
        value = .quantity(number, unit: reader.text() ?? "")
      case 1: value = .category(reader.text() ?? "")
      default: value = .none
      }
      let sourceName = reader.text() ?? ""
      let sourceVersion = reader.text()
      let device = reader.text()
      let creationDate = reader.date()
      let startDate = reader.date() ?? Timestamp(millisecondsSince1970: 0)
      let endDate = reader.date() ?? Timestamp(millisecondsSince1970: 0)
      try body(
        Sample(
          type: type, value: value, sourceName: sourceName, sourceVersion: sourceVersion, device: device,
          creationDate: creationDate, startDate: startDate, endDate: endDate))
    }
  }

  /// Reads back what the log wrote, in order.
  private struct Reader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
      defer { position += 1 }
      return bytes[position]
    }

    mutating func word() -> UInt64 {
      var value: UInt64 = 0
      for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << shift }
      return value
    }

    mutating func text() -> String? {
      var length: UInt32 = 0
      for shift in stride(from: 0, to: 32, by: 8) { length |= UInt32(byte()) << shift }
      guard length != UInt32.max else { return nil }
      defer { position += Int(length) }
      return String(decoding: bytes[position..<(position + Int(length))], as: UTF8.self)
    }

    mutating func date() -> Timestamp? {
      guard byte() == 1 else { return nil }
      return Timestamp(millisecondsSince1970: Double(bitPattern: word()))
    }
  }
}
