import HealthModel
import Testing

@Suite struct HealthKitDeviceTests {
  @Test(arguments: [
    (
      "<<HKDevice: 0x283c4a8f0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.0>",
      "Watch"
    ),
    ("<<HKDevice: 0x1>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2>", "iPhone"),
    ("<<HKDevice: 0x1>, name:Body+, manufacturer:Withings, model:WBS05, firmware:2130>", "WBS05"),
    // A comma inside a value does not end it; only ", " or ">" does.
    ("<<HKDevice: 0x1>, name:X, model:Watch7,2>", "Watch7,2"),
  ])
  func readsTheModel(_ description: String, _ model: String) {
    #expect(HealthKitDevice.model(in: description) == model)
  }

  @Test func noModel() {
    #expect(HealthKitDevice.model(in: "<<HKDevice: 0x1>, name:Phone, manufacturer:Apple Inc.>") == nil)
    #expect(HealthKitDevice.model(in: "<<HKDevice: 0x1>, name:supermodel:Watch>") == nil)
    #expect(HealthKitDevice.model(in: "<<HKDevice: 0x1>, model:>") == nil)
    #expect(HealthKitDevice.model(in: "") == nil)
  }

  @Test func nameAndHardware() {
    let watch =
      "<<HKDevice: 0x4e9a79a58>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,2, software:11.2>"
    #expect(HealthKitDevice.name(in: watch) == "Apple Watch")
    #expect(HealthKitDevice.hardware(in: watch) == "Watch7,2")
    #expect(HealthKitDevice.name(in: "<<HKDevice: 0x1>, model:BP7450>") == nil)
    #expect(HealthKitDevice.hardware(in: "<<HKDevice: 0x1>, name:Body+, hardware:>") == nil)
  }

  @Test(arguments: [
    (
      "<<HKDevice: 0x283c4a8f0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch>",
      ">, name:Apple Watch, manufacturer:Apple Inc., model:Watch>"
    ),
    ("<<HKDevice: 0x1>>", ">>"),
    // Not HealthKit's description, or one that never closes its address: kept whole.
    ("Withings Body+", "Withings Body+"),
    ("<<HKDevice: 0x12", "<<HKDevice: 0x12"),
    ("", ""),
  ])
  func dropsTheAddress(_ description: String, _ rest: String) {
    #expect(HealthKitDevice.withoutAddress(description) == rest)
  }
}
