import Foundation
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The digests an update compares most records by: a value's storage class counts, as the
/// database stores values (NULL for what is missing or not finite, -0 as 0), and both sides of
/// an update sort into the same order however their rows are spilled.
@Suite struct ReadingDigestTests {
  private func digest(_ feed: (inout ReadingHasher) -> Void) -> ReadingDigest {
    var hasher = ReadingHasher()
    feed(&hasher)
    return hasher.finish()
  }

  @Test func valuesOfDifferentStorageClassesDiffer() {
    let digests = [
      digest { $0.addNull() }, digest { $0.add("" as String?) }, digest { $0.add(Int64(0)) },
      digest { $0.add(0.0) }, digest { $0.addBlob() }, digest { $0.add("0" as String?) },
      digest {
        $0.add("ab" as String?)
        $0.add("c" as String?)
      },
      digest {
        $0.add("a" as String?)
        $0.add("bc" as String?)
      },
      digest { $0.add("HKQuantityTypeIdentifierHeartRate" as String?) },
      digest { $0.add("HKQuantityTypeIdentifierHeartRatf" as String?) },
    ]
    #expect(Set(digests).count == digests.count)
  }

  @Test func realsAreDigestedAsTheDatabaseStoresThem() {
    #expect(digest { $0.add(-0.0) } == digest { $0.add(0.0) })
    #expect(digest { $0.add(Double.nan) } == digest { $0.addNull() })
    #expect(digest { $0.add(Double.infinity) } == digest { $0.addNull() })
    #expect(digest { $0.add(nil as Double?) } == digest { $0.addNull() })
    #expect(digest { $0.add(1.5) } != digest { $0.add(1.25) })
  }

  @Test func textReadInPlaceDigestsAsTheString() {
    let text = "Apple Watch of a person"
    let bytes = Array(text.utf8)
    let read = bytes.withUnsafeBufferPointer { buffer in digest { $0.add(text: buffer) } }
    #expect(read == digest { $0.add(text as String?) })
  }

  /// Rows spilled in runs of three come back in the order of the rows sorted whole.
  @Test func spilledRunsMergeIntoOneOrder() throws {
    let folder = try TestDirectory()
    let runs = DigestRuns(beside: folder.file("kept.sqlite"), budget: 3)
    var generator = SystemRandomNumberGenerator()
    var rows: [DigestedRecords.Row] = []
    for index in 0..<100 {
      // Some digests repeat, with their ids in any order.
      let high = UInt64.random(in: 0..<20, using: &generator)
      let row = DigestedRecords.Row(digest: ReadingDigest(high: high, low: high % 3), id: Int64(100 - index))
      rows.append(row)
      try runs.append(row)
    }
    var merge = runs.merged()
    var merged: [DigestedRecords.Row] = []
    while let row = try merge.next() { merged.append(row) }
    let sorted = rows.sorted(by: DigestedRecords.Row.precedes)
    #expect(merged.map(\.id) == sorted.map(\.id))
    #expect(merged.map(\.digest) == sorted.map(\.digest))
  }
}
