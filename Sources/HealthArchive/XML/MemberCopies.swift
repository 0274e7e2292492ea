import HealthModel

/// Which correlation members still need their top-level copy: Apple's DTD says that every record
/// inside a correlation also appears as a top-level record, which an export read from the Health
/// app's file already holds, and a JSON profile (which keeps members only inside their
/// correlation) does not.
///
/// A member gets a copy only when no top-level record of the input is identical to it (type,
/// source, dates and value, `MemberKey`), so that an export that has its copies, even too many or
/// too few, is written as it is, and the rows a CSV counts stay the same: the CSV counts every
/// top-level record, and a member only where no identical top-level record exists.
struct MemberCopies {
  /// Top-level records of the types correlations hold, by key.
  private var topLevel: Set<MemberKey> = []
  /// Members no top-level record had repeated when they came, in order.
  private var uncopied: [(key: MemberKey, member: Sample)] = []

  /// The type of the last top-level record, and whether correlations hold its type: records
  /// come in runs of one type.
  private var lastType = ""
  private var lastTypeIsComparable = false

  /// Notes a top-level record.
  mutating func addTopLevel(_ sample: Sample) {
    if sample.type != lastType {
      lastType = sample.type
      lastTypeIsComparable = MemberKey.isComparable(sample.type)
    }
    if lastTypeIsComparable, let key = MemberKey(sample) { topLevel.insert(key) }
  }

  /// Notes the members of a correlation.
  mutating func addMembers(of correlation: Correlation) {
    for member in correlation.objects {
      guard let key = MemberKey(member), !topLevel.contains(key) else { continue }
      uncopied.append((key, member))
    }
  }

  /// How many members no top-level record repeats.
  var uncopiedCount: Int {
    uncopied.count { !topLevel.contains($0.key) }
  }

  /// The members no top-level record repeats, in the order they came.
  mutating func takeUncopied() -> [Sample] {
    defer { uncopied = [] }
    return uncopied.filter { !topLevel.contains($0.key) }.map(\.member)
  }
}
