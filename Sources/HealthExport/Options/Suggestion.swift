/// The valid name nearest to a mistyped one, for "did you mean" hints.
package enum Suggestion {
  /// The candidate closest to `text`: one whose start `text` is (`gluc` for `glucose`), one that
  /// starts `text` (`desc` for `descending`, `c` for `celsius`), one within a small edit
  /// distance (a third of the length, at least one edit; a swap of neighbours counts once), else
  /// one whose start is that near (`stepz` for `StepCount`); nil when none is close or two are
  /// equally close.
  ///
  /// The search is bounded by the names known, not by what was typed: a text more than
  /// `extraLength` bytes longer than the longest candidate gets no suggestion (a typo is a few
  /// characters off), and the edit distance is worked out only for candidates whose length is
  /// within the distance allowed.
  package static func nearest(to text: String, in candidates: [String]) -> String? {
    let longest = candidates.lazy.map(\.utf8.count).max() ?? 0
    guard text.utf8.count <= longest + extraLength else { return nil }
    let typed = text.lowercased()
    guard !typed.isEmpty else { return nil }
    let prefixed = candidates.filter { $0.lowercased().hasPrefix(typed) }
    if typed.count >= 2, prefixed.count == 1 { return prefixed[0] }
    let starts = candidates.filter { typed.hasPrefix($0.lowercased()) }
    if starts.count == 1 { return starts[0] }
    let limit = max(1, typed.count / 3)
    let typedLength = typed.count
    switch fewestEdits(
      candidates.filter { abs($0.count - typedLength) <= limit }, limit: limit,
      distance: { editDistance(typed, $0.lowercased()) })
    {
    case .one(let name): return name
    case .tied: return nil
    case .none: break
    }
    // A long name typed short: its start as long as the text is as near.
    guard typedLength >= 4 else { return nil }
    if case .one(let name) = fewestEdits(
      candidates.filter { $0.count > typedLength }, limit: limit,
      distance: { editDistance(typed, String($0.lowercased().prefix(typedLength))) })
    {
      return name
    }
    return nil
  }

  /// The outcome of a search for the nearest candidate.
  private enum Nearest {
    case none
    case one(String)
    case tied
  }

  /// The candidate whose `distance` is fewest and at most `limit`, unless two are as near.
  private static func fewestEdits(_ candidates: [String], limit: Int, distance: (String) -> Int) -> Nearest {
    var best: (name: String, distance: Int)? = nil
    var isTied = false
    for candidate in candidates {
      let edits = distance(candidate)
      guard edits <= limit else { continue }
      if let current = best, edits == current.distance {
        isTied = true
      } else if edits < best?.distance ?? .max {
        best = (candidate, edits)
        isTied = false
      }
    }
    guard let best else { return .none }
    return isTied ? .tied : .one(best.name)
  }

  /// How many bytes longer than the longest candidate a text may be and still get a suggestion.
  package static let extraLength = 32

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbouring characters, each one edit.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
