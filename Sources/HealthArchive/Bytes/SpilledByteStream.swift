/// Stretches of a spill file read back in order, as one stream: a column of the profile spilled
/// several times, a file that waited while export.xml was written.
package final class SpilledByteStream: ByteStream {
  package let name: String
  private let file: SpillFile
  private var stretches: ArraySlice<Range<Int64>>

  /// A stream of `stretches` of `file`, in order; each must have been appended.
  /// - Parameters:
  ///   - file: the spill file.
  ///   - stretches: the offsets of the bytes, first to last.
  ///   - name: what messages call the stream.
  package init(_ file: SpillFile, stretches: [Range<Int64>], name: String) {
    self.file = file
    self.stretches = stretches[...]
    self.name = name
  }

  /// Reads the next bytes of the stretches.
  /// - Throws: `OutputError.writeFailed` when the spill file cannot be read (or ends early).
  package func read(into output: inout OutputRawSpan) throws {
    while let stretch = stretches.first, stretch.isEmpty { stretches.removeFirst() }
    guard let stretch = stretches.first, !output.isFull else { return }
    let count = Int(min(Int64(output.freeCapacity), Int64(stretch.count)))
    try file.read(at: stretch.lowerBound, count: count, into: &output)
    stretches[stretches.startIndex] = (stretch.lowerBound + Int64(count))..<stretch.upperBound
  }
}
