extension ClosedRange<Int> {
  /// A number in the range picked from `instant`, the same for the same instant: the few seconds
  /// or minutes between a measurement and its saving.
  func pick(_ instant: Int64) -> Int {
    let mixed = UInt64(bitPattern: instant) &* 0x9E37_79B9_7F4A_7C15
    return lowerBound + Int((mixed >> 33) % UInt64(count))
  }
}
