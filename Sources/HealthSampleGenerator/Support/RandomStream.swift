/// A small, fast, deterministic source of random numbers (SplitMix64), one per purpose and day.
///
/// Every stream is derived from the seed, what it is for and the day it covers, so that any day of
/// any kind of record can be made on its own, in any order, with the same result: the generator
/// never carries random state from one day or type to the next. Only integer arithmetic and exact
/// floating-point operations are used, so that every machine draws the same numbers.
struct RandomStream {
  /// What a stream is for; the raw values are part of the output's definition and never change.
  enum Purpose: UInt64 {
    case person = 1
    case sleep
    case activity
    case workout
    case workoutHeartRate
    case heartRate
    case weight
    case glucose
    case bloodPressure
    case temperature
    case oxygenSaturation
    case respiratoryRate
    case heartRateVariability
    case dailyHeart
    case energy
    case stand
    case labs
    case electrocardiogram
    case route
    case identifiers
    case clinical
    case steps
  }

  private var state: UInt64

  /// The stream for `purpose` on the day `dayNumber` (days since 1970-01-01) of the record made
  /// from `seed`.
  init(seed: UInt64, purpose: Purpose, dayNumber: Int64 = 0) {
    var mixer = RandomStream(state: seed)
    let a = mixer.next()
    mixer.state ^= purpose.rawValue &* 0xD6E8_FEB8_6659_FD93
    let b = mixer.next()
    mixer.state ^= UInt64(bitPattern: dayNumber) &* 0xA076_1D64_78BD_642F
    state = a ^ b ^ mixer.next()
  }

  private init(state: UInt64) {
    self.state = state
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0 ..< 1`, with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A number in `low ..< high`.
  mutating func uniform(_ low: Double, _ high: Double) -> Double {
    low + (high - low) * unit()
  }

  /// A whole number in `range`.
  mutating func integer(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + Int(next() % width)
  }

  /// Whether an event of probability `probability` happens.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  /// A number of mean 0 and standard deviation 1, bell-shaped and bounded to ±3.46: the sum of
  /// four uniform numbers, scaled (no logarithms, so the same on every machine, and no outliers a
  /// body could not produce).
  mutating func gaussian() -> Double {
    (unit() + unit() + unit() + unit() - 2) * 1.732_050_807_568_877_2
  }

  /// `mean` plus `deviation` times `gaussian()`.
  mutating func gaussian(_ mean: Double, _ deviation: Double) -> Double {
    mean + deviation * gaussian()
  }

  /// One of `elements`, which must not be empty.
  mutating func element<Element>(of elements: [Element]) -> Element {
    elements[Int(next() % UInt64(elements.count))]
  }

  /// An upper-case UUID string (version 4 layout), such as `0C822588-0470-4F37-9676-C324BF454FBE`.
  mutating func uuid() -> String {
    let high = next()
    let low = next()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    let digits = Array("0123456789ABCDEF".utf8)
    func append(_ value: UInt64, nibbles: Int) {
      for index in stride(from: nibbles - 1, through: 0, by: -1) {
        bytes.append(digits[Int((value >> UInt64(index * 4)) & 0xF)])
      }
    }
    append(high >> 32, nibbles: 8)
    bytes.append(UInt8(ascii: "-"))
    append((high >> 16) & 0xFFFF, nibbles: 4)
    bytes.append(UInt8(ascii: "-"))
    append(0x4000 | (high & 0x0FFF), nibbles: 4)
    bytes.append(UInt8(ascii: "-"))
    append(0x8000 | ((low >> 48) & 0x3FFF), nibbles: 4)
    bytes.append(UInt8(ascii: "-"))
    append(low & 0xFFFF_FFFF_FFFF, nibbles: 12)
    return String(decoding: bytes, as: UTF8.self)
  }
}
