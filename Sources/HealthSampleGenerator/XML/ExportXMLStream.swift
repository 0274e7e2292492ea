import HealthArchive
import SystemShim

/// export.xml made as it is read: each `read` writes the next pieces (one record type on one day,
/// one day's workouts…) into a buffer and hands them out, so that memory stays bounded by a day's
/// records of one type whatever the size of the export.
final class ExportXMLStream: ByteStream {
  /// Where the writing has got to.
  enum Phase: Equatable {
    case header
    case records(kind: Int, dayNumber: Int64)
    case correlations(dayNumber: Int64)
    case workouts(dayNumber: Int64)
    case activitySummaries(dayNumber: Int64)
    case clinicalRecords
    case footer
    case finished
  }

  /// How many bytes are gathered before they are handed out.
  private static let chunkSize = 256 << 10

  let name: String
  private var writer: SampleItemWriter
  private var phase = Phase.header
  private var position = 0

  /// - Parameters:
  ///   - model: what is written.
  ///   - name: the stream's name, for messages.
  ///   - namesFiles: whether export.xml names the files beside it (see `SampleItemWriter`).
  init(model: SampleModel, name: String, namesFiles: Bool) {
    self.name = name
    writer = SampleItemWriter(model: model, namesFiles: namesFiles)
  }

  func read(into output: inout OutputRawSpan) throws {
    guard !output.isFull else { return }
    if position == writer.xml.out.bytes.count {
      writer.xml.out.removeAll()
      position = 0
      while writer.xml.out.bytes.count < Self.chunkSize && phase != .finished {
        writeNextPiece()
      }
      if writer.xml.out.bytes.isEmpty { return }
    }
    position += output.append(from: writer.xml.out.bytes, at: position)
  }

  /// Writes the piece of the current phase and moves to the next.
  private func writeNextPiece() {
    let model = writer.model
    let first = model.firstDayNumber
    let last = model.lastDayNumber
    switch phase {
    case .header:
      writer.writeHeader()
      phase = .records(kind: 0, dayNumber: first)
    case .records(let kind, let dayNumber):
      writer.writeRecords(RecordKind.allCases[kind], dayNumber: dayNumber)
      if dayNumber < last {
        phase = .records(kind: kind, dayNumber: dayNumber + 1)
      } else if kind + 1 < RecordKind.allCases.count {
        phase = .records(kind: kind + 1, dayNumber: first)
      } else {
        phase = .correlations(dayNumber: first)
      }
    case .correlations(let dayNumber):
      writer.writeCorrelations(dayNumber: dayNumber)
      phase = dayNumber < last ? .correlations(dayNumber: dayNumber + 1) : .workouts(dayNumber: first)
    case .workouts(let dayNumber):
      writer.writeWorkout(dayNumber: dayNumber)
      phase = dayNumber < last ? .workouts(dayNumber: dayNumber + 1) : .activitySummaries(dayNumber: first)
    case .activitySummaries(let dayNumber):
      writer.writeActivitySummary(dayNumber: dayNumber)
      phase = dayNumber < last ? .activitySummaries(dayNumber: dayNumber + 1) : .clinicalRecords
    case .clinicalRecords:
      writer.writeClinicalRecords()
      phase = .footer
    case .footer:
      writer.writeFooter()
      phase = .finished
    case .finished:
      return
    }
  }
}
