import HealthModel
import SystemShim

/// The `HKTimeZone` values of the metadata entries a tokenizer reads or passes over, counted by
/// their bytes: a run of records naming one zone costs one comparison each.
final class TimeZoneTally {
  private var names: [[UInt8]] = []
  private var counts: [Int] = []
  private var last = -1

  /// Counts one entry whose value is `bytes` (needing no decoding).
  func add(_ bytes: Span<UInt8>) {
    if last >= 0, bytes.equals(names[last]) {
      counts[last] += 1
      return
    }
    if let index = names.firstIndex(where: { bytes.equals($0) }) {
      last = index
    } else {
      names.append([UInt8](bytes))
      counts.append(0)
      last = names.count - 1
    }
    counts[last] += 1
  }

  /// Counts one entry whose decoded value is `name`.
  func add(_ name: String) {
    name.withUTF8Span { add($0) }
  }

  /// What was counted.
  var census: TimeZoneCensus {
    var census = TimeZoneCensus()
    for (name, count) in zip(names, counts) {
      census.add(String(decoding: name, as: UTF8.self), count: count)
    }
    return census
  }
}
