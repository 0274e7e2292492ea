import HealthModel

/// Laboratory visits: every few months, each with every panel of the registry.
extension SampleModel {
  /// The days (since 1970) of the lab visits, oldest first: ten days before the end, then every
  /// 91 days back; a record shorter than that has one visit, on its first day.
  package var labVisitDays: [Int64] {
    var days: [Int64] = []
    var day = max(firstDayNumber, lastDayNumber - 10)
    while day >= firstDayNumber {
      days.append(day)
      day -= 91
    }
    return days.reversed()
  }

  /// When the blood of the visit on `dayNumber` was drawn (fasting, in the morning).
  package func labDrawInstant(onDay dayNumber: Int64) -> Int64 {
    var random = RandomStream(seed: seed, purpose: .labs, dayNumber: dayNumber &+ 1_000_000)
    return instant(day: dayNumber, second: 28_800 + random.integer(0...5_400))
  }

  /// Every registry lab's result at the visit on `dayNumber`, in registry order.
  package func labResults(onDay dayNumber: Int64) -> [LabResultValue] {
    var personal = RandomStream(seed: seed, purpose: .labs)
    var visit = RandomStream(seed: seed, purpose: .labs, dayNumber: dayNumber)
    let female = person.sex == .female
    // The person's own levels, then the visit's variation around them.
    func level(_ low: Double, _ high: Double, _ spread: Double) -> Double {
      personal.uniform(low, high) + visit.gaussian(0, spread)
    }
    let a1c =
      (person.fastingGlucose + 46.7) / 28.7 + 0.35 + personal.gaussian(0, 0.15) + visit.gaussian(0, 0.1)
    let cholesterol = level(160, 228, 10)
    let hdl = level(female ? 48 : 38, female ? 78 : 62, 4)
    let triglycerides = max(40, level(70, 200, 22))
    let rbc = level(female ? 4.1 : 4.6, female ? 4.8 : 5.4, 0.15)
    let hemoglobin = level(female ? 12.4 : 13.9, female ? 14.6 : 16.3, 0.4)
    let hematocrit = hemoglobin * 2.98 + visit.gaussian(0, 0.6)
    let creatinine = level(female ? 0.62 : 0.8, female ? 0.95 : 1.15, 0.05)
    let age = Double(person.age(onDay: dayNumber))
    let egfr = StableMath.clamped(150 - 0.75 * age - 55 * (creatinine - (female ? 0.75 : 0.95)), 45...130)
    let summer = StableMath.cos(StableMath.twoPi * Double(dayNumber - 19_919) / 365.25)
    let cold = hasCold(onDay: dayNumber) ? 3.0 : 0

    var values: [String: Double] = [
      "4548-4": a1c,
      "2093-3": cholesterol,
      "2085-9": hdl,
      "2089-1": cholesterol - hdl - triglycerides / 5,
      "2571-8": triglycerides,
      "6690-2": level(4.8, 8.2, 0.7) + cold / 2,
      "789-8": rbc,
      "718-7": hemoglobin,
      "4544-3": hematocrit,
      "777-3": level(180, 330, 18),
      "787-2": hematocrit / rbc * 10,
      "785-6": hemoglobin / rbc * 10,
      "786-4": hemoglobin / hematocrit * 100,
      "788-0": level(12, 14, 0.35),
      "1558-6": person.fastingGlucose + visit.gaussian(0, 4),
      "3094-0": level(9, 21, 2.5),
      "2160-0": creatinine,
      "33914-3": egfr,
      "2951-2": level(138, 142, 1.4),
      "2823-3": level(3.9, 4.6, 0.2),
      "2075-0": level(100, 106, 1.5),
      "2028-9": level(23, 29, 1.5),
      "17861-6": level(9.1, 9.9, 0.2),
      "2885-2": level(6.6, 7.6, 0.25),
      "1751-7": level(4.0, 4.8, 0.15),
      "1975-2": max(0.2, level(0.4, 1.0, 0.15)),
      "1742-6": max(8, level(15, 44, 6)),
      "1920-8": max(9, level(16, 32, 4)),
      "6768-6": level(55, 110, 8),
      "3016-3": max(0.2, level(0.9, 3.8, 0.45)),
      "3024-7": level(1.0, 1.5, 0.1),
      "3051-0": level(2.8, 3.7, 0.2),
      "1989-3": max(8, level(18, 42, 4) + 7 * summer),
      "2132-9": level(300, 800, 60),
      "2276-4": max(8, level(female ? 25 : 50, female ? 120 : 210, 14)),
      "2498-4": max(25, level(65, 140, 20)),
      "2500-7": level(280, 380, 20),
      "30522-7": max(0.1, level(0.4, 2.4, 0.5) + cold),
    ]
    let ranges = Self.labRanges(female: female)
    // Every lab of the registry has a range and a level above (SampleModelTests holds them to it).
    return MetricRegistry.standard.labs.compactMap { lab in
      guard let range = ranges[lab.loinc], let level = values.removeValue(forKey: lab.loinc) else {
        return nil
      }
      let value = StableMath.quantized(level, decimals: lab.decimals)
      return LabResultValue(
        lab: lab, value: value, unit: range.unit, unitCode: range.code, low: range.low, high: range.high)
    }
  }

  /// Each lab's unit, UCUM code and adult reference range.
  static func labRanges(female: Bool) -> [String: (unit: String, code: String, low: Double, high: Double?)] {
    [
      "4548-4": ("%", "%", 4.0, 5.6),
      "2093-3": ("mg/dL", "mg/dL", 125, 199),
      "2085-9": ("mg/dL", "mg/dL", female ? 50 : 40, 100),
      "2089-1": ("mg/dL", "mg/dL", 0, 99),
      "2571-8": ("mg/dL", "mg/dL", 0, 149),
      "6690-2": ("10*3/uL", "10*3/uL", 3.8, 10.8),
      "789-8": ("10*6/uL", "10*6/uL", female ? 3.8 : 4.2, female ? 5.1 : 5.8),
      "718-7": ("g/dL", "g/dL", female ? 11.7 : 13.2, female ? 15.5 : 17.1),
      "4544-3": ("%", "%", female ? 35 : 38.5, female ? 45 : 50),
      "777-3": ("10*3/uL", "10*3/uL", 140, 400),
      "787-2": ("fL", "fL", 80, 100),
      "785-6": ("pg", "pg", 27, 33),
      "786-4": ("g/dL", "g/dL", 32, 36),
      "788-0": ("%", "%", 11, 15),
      "1558-6": ("mg/dL", "mg/dL", 65, 99),
      "3094-0": ("mg/dL", "mg/dL", 7, 25),
      "2160-0": ("mg/dL", "mg/dL", female ? 0.5 : 0.6, female ? 1.1 : 1.35),
      "33914-3": ("mL/min/1.73m2", "mL/min/{1.73_m2}", 60, nil),
      "2951-2": ("mmol/L", "mmol/L", 135, 146),
      "2823-3": ("mmol/L", "mmol/L", 3.5, 5.3),
      "2075-0": ("mmol/L", "mmol/L", 98, 110),
      "2028-9": ("mmol/L", "mmol/L", 20, 32),
      "17861-6": ("mg/dL", "mg/dL", 8.6, 10.3),
      "2885-2": ("g/dL", "g/dL", 6.1, 8.1),
      "1751-7": ("g/dL", "g/dL", 3.6, 5.1),
      "1975-2": ("mg/dL", "mg/dL", 0.2, 1.2),
      "1742-6": ("U/L", "U/L", 9, 46),
      "1920-8": ("U/L", "U/L", 10, 40),
      "6768-6": ("U/L", "U/L", 36, 130),
      "3016-3": ("mIU/L", "m[IU]/L", 0.4, 4.5),
      "3024-7": ("ng/dL", "ng/dL", 0.8, 1.8),
      "3051-0": ("pg/mL", "pg/mL", 2.3, 4.2),
      "1989-3": ("ng/mL", "ng/mL", 30, 100),
      "2132-9": ("pg/mL", "pg/mL", 200, 1_100),
      "2276-4": ("ng/mL", "ng/mL", female ? 16 : 38, female ? 154 : 380),
      "2498-4": ("ug/dL", "ug/dL", 50, 180),
      "2500-7": ("ug/dL", "ug/dL", 250, 425),
      "30522-7": ("mg/L", "mg/L", 0, 3),
    ]
  }
}
