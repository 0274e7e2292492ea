import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExport

/// The settings file: where it is, what it holds, and what happens when it cannot be used.
@Suite struct SettingsFileTests {
  @Test func findsTheFileFromTheEnvironment() {
    #expect(
      SettingsFile(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"])?.path
        == "/x/config/health-exporter/settings.json")
    #expect(
      SettingsFile(environment: ["HOME": "/home/u"])?.path == "/home/u/.config/health-exporter/settings.json")
    // A relative XDG_CONFIG_HOME is ignored, as the XDG base directory specification says.
    #expect(
      SettingsFile(environment: ["XDG_CONFIG_HOME": "config", "HOME": "/home/u"])?.path
        == "/home/u/.config/health-exporter/settings.json")
    #expect(SettingsFile(environment: [:]) == nil)
  }

  @Test func roundTripsEveryKey() throws {
    let folder = try TestDirectory()
    let file = SettingsFile(path: folder.file("config/health-exporter/settings.json"))
    var settings = Settings()
    let values: [(SettingKey, String)] = [
      (.weightUnit, "kg"), (.temperatureUnit, "c"), (.dateFormat, "dmy"), (.sort, "desc"),
      (.metrics, "glucose"), (.vitals, "blood-pressure,oxygen-saturation"), (.labs, "thyroid,2093-3"),
      (.range, "from 2026-01-01 to 2026-02-28"), (.timeZone, "Europe/Paris"), (.output, folder.path),
    ]
    for (key, value) in values { try key.set(value, in: &settings) }
    try file.save(settings)
    #expect(SystemCall.permissions(of: file.path) == 0o600)
    #expect(SystemCall.permissions(of: folder.file("config/health-exporter")) == 0o700)
    #expect(file.load() == .valid(settings))
    for (key, value) in values { #expect(key.text(in: settings) == value) }
    #expect(
      try folder.read("config/health-exporter/settings.json") == """
        {
          "weight-unit": "kg",
          "temperature-unit": "c",
          "date-format": "dmy",
          "sort": "desc",
          "metrics": [
            "glucose"
          ],
          "vitals": [
            "blood-pressure",
            "oxygen-saturation"
          ],
          "labs": [
            "thyroid",
            "2093-3"
          ],
          "range": "from 2026-01-01 to 2026-02-28",
          "time-zone": "Europe/Paris",
          "output": "\(folder.path)"
        }

        """)
  }

  @Test func keepsAnEmptyListAsNone() throws {
    let folder = try TestDirectory()
    let file = SettingsFile(path: folder.file("settings.json"))
    var settings = Settings()
    try SettingKey.vitals.set("none", in: &settings)
    try file.save(settings)
    #expect(try folder.read("settings.json") == "{\n  \"vitals\": []\n}\n")
    #expect(file.load().settings.choices.vitals == [])
  }

  @Test func unsetsAKey() throws {
    var settings = Settings()
    try SettingKey.sort.set("desc", in: &settings)
    SettingKey.sort.unset(in: &settings)
    #expect(settings.isEmpty)
  }

  struct Corrupt: CustomTestStringConvertible, Sendable {
    var content: String
    var message: String
    var testDescription: String { content }
  }

  @Test(arguments: [
    Corrupt(
      content: "{\"sort\": \"desc\"",
      message:
        "the settings file is not valid JSON: PATH, byte 15, at sort: the input ends where ',' or '}' was expected; the file may be truncated"
    ),
    Corrupt(content: "[]", message: "the settings file PATH is not a JSON object"),
    Corrupt(
      content: "{\"srot\": \"desc\"}",
      message: "the settings file PATH has an unknown key 'srot' (did you mean 'sort'?)"),
    Corrupt(
      content: "{\"sort\": \"asc\", \"sort\": \"desc\"}",
      message: "the settings file PATH gives 'sort' twice; keep one"),
    Corrupt(
      content: "{\"\(String(repeating: "k", count: 5000))\": \"desc\"}",
      message:
        "the settings file PATH has an unknown key '\(String(repeating: "k", count: 40))…' (5,000 characters)"
    ),
    Corrupt(
      content: "{\"sort\": 1}",
      message: "the settings file PATH holds something other than a string for 'sort'"),
    Corrupt(
      content: "{\"metrics\": \"weight\", \"weight-unit\": \"stone\"}",
      message: "the settings file PATH: invalid value 'stone' for 'weight-unit': expected one of lbs, kg"),
    Corrupt(
      content: "{\"range\": \"last-days 0\"}",
      message:
        "the settings file PATH: invalid value '0' for 'range': expected a whole number of days from 1 to 110000 (all for no limit)"
    ),
  ])
  func reportsACorruptFile(_ example: Corrupt) throws {
    let folder = try TestDirectory()
    let path = try folder.write(example.content, to: "settings.json")
    let contents = SettingsFile(path: path).load()
    guard case .corrupt(let error) = contents else {
      Issue.record("read as \(contents)")
      return
    }
    #expect(error.description == example.message.replacingOccurrences(of: "PATH", with: path))
    #expect(contents.settings == Settings())
  }

  /// A named pipe, a device or a folder in the file's place is reported with its path and never
  /// opened: opening a pipe would wait until something writes to it, for every command.
  @Test func reportsAPipeOrAFolderWithoutOpeningIt() throws {
    let folder = try TestDirectory()
    let fifo = folder.file("settings.json")
    try SystemCall.makeFIFO(fifo)
    let loaded = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var contents: SettingsFile.Contents?
    let thread = Thread {
      contents = SettingsFile(path: fifo).load()
      loaded.signal()
    }
    thread.start()
    if loaded.wait(timeout: .now() + 10) == .timedOut {
      // Opened after all: a writer that closes at once lets the read end, so the test ends.
      let writer = try SystemCall.openExistingForWriting(fifo)
      SystemCall.close(writer)
      loaded.wait()
      Issue.record("the settings file was opened and waited on")
    }
    #expect(contents == .corrupt(.unreadable(path: fifo, reason: "it is not a regular file")))
    let inPlace = folder.file("folder/settings.json")
    try FileManager.default.createDirectory(atPath: inPlace, withIntermediateDirectories: true)
    #expect(
      SettingsFile(path: inPlace).load()
        == .corrupt(.unreadable(path: inPlace, reason: "it is a folder, not a regular file")))
    #expect(
      SettingsFile(path: "/dev/zero").load()
        == .corrupt(.unreadable(path: "/dev/zero", reason: "it is not a regular file")))
  }

  @Test func refusesAnOutputFolderThatIsNotThere() throws {
    var settings = Settings()
    #expect(
      throws: OptionError(
        .invalidValue("/nonexistent", expected: "expected an existing folder", hint: nil), subject: "output")
    ) {
      try SettingKey.output.set("/nonexistent", in: &settings)
    }
    #expect(throws: OptionError.self) { try SettingKey.named("colour") }
  }
}
