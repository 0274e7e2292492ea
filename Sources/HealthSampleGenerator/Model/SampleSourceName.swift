/// The apps and devices that write the person's records, as export.xml names them.
package enum SampleSourceName: Sendable, CaseIterable {
  /// The Apple Watch: heart rate, steps, energy, sleep stages, workouts.
  case watch
  /// The iPhone: steps and distance when carried, time in bed.
  case phone
  /// A smart scale's app: weight, body mass index, body fat.
  case scale
  /// A blood-pressure monitor's app.
  case bloodPressureMonitor
  /// A glucose meter's app.
  case glucoseMeter
  /// The Health app itself: values the person typed in.
  case health

  /// `sourceName`.
  func name(for person: Person) -> String {
    switch self {
    case .watch: "\(person.firstName)’s Apple Watch"
    case .phone: "\(person.firstName)’s iPhone"
    case .scale: "Withings"
    case .bloodPressureMonitor: "OMRON connect"
    case .glucoseMeter: "OneTouch Reveal"
    case .health: "Health"
    }
  }

  /// `sourceVersion`.
  var version: String {
    switch self {
    case .watch: "11.2"
    case .phone, .health: "18.3.2"
    case .scale: "7.2.1"
    case .bloodPressureMonitor: "7.14.0"
    case .glucoseMeter: "5.12.1"
    }
  }

  /// The `device` description HealthKit writes, unescaped; nil for typed-in values.
  func device(seed: UInt64) -> String? {
    var random = RandomStream(seed: seed, purpose: .identifiers)
    for _ in 0..<index { _ = random.next() }
    let address = "0x" + String(0x2_8000_0000 + random.next() % 0x7_FFFF_FFFF, radix: 16)
    switch self {
    case .watch:
      return
        "<<HKDevice: \(address)>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,2, software:11.2>"
    case .phone:
      return
        "<<HKDevice: \(address)>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1, software:18.3.2>"
    case .scale:
      return "<<HKDevice: \(address)>, name:Body+, manufacturer:Withings, model:WBS05, firmware:2130>"
    case .bloodPressureMonitor:
      return
        "<<HKDevice: \(address)>, name:BP7450, manufacturer:OMRON HEALTHCARE, model:BP7450, hardware:1.0>"
    case .glucoseMeter:
      return
        "<<HKDevice: \(address)>, name:OneTouch Verio Reflect, manufacturer:LifeScan, model:Verio Reflect>"
    case .health:
      return nil
    }
  }

  /// The source's place in `allCases`.
  var index: Int {
    switch self {
    case .watch: 0
    case .phone: 1
    case .scale: 2
    case .bloodPressureMonitor: 3
    case .glucoseMeter: 4
    case .health: 5
    }
  }
}
