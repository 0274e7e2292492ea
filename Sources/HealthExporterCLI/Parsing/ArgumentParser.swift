import HealthExport

/// The arguments of one command, parsed against its option table.
///
/// GNU style: `--name value` and `--name=value`; `-o value` and `-ovalue`; flags may be grouped
/// (`-qf`); `--` ends the options; a lone `-` is a value (standard output). A value option given
/// twice keeps the last value.
struct ParsedArguments {
  /// Values of value options, by long name.
  private(set) var values: [String: String] = [:]
  /// Long names of flags given.
  private(set) var flags: Set<String> = []
  /// The arguments that are not options, in order.
  private(set) var positionals: [String] = []
  /// Long names of the options given, in the order given (for conflict messages).
  private(set) var given: [String] = []

  /// Parses `arguments` for `command`.
  /// - Throws: `UsageError` for an unknown option, a missing value or a value given to a flag.
  init(_ arguments: [String], options: [OptionDefinition], command: String?) throws(UsageError) {
    let all = options + [OptionDefinition.helpFlag]
    var index = 0
    var optionsEnded = false
    func fail(_ reason: UsageError.Reason) -> UsageError { UsageError(reason, command: command) }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let spec = all.first(where: { $0.name == name }) else {
          throw fail(
            .unknownOption(
              "--\(name)", suggestion: Suggestion.nearest(to: name, in: all.map(\.name)).map { "--\($0)" }))
        }
        switch spec.kind {
        case .flag:
          if inlineValue != nil { throw fail(.flagWithValue(option: "--\(name)")) }
          record(flag: spec)
        case .value:
          if let inlineValue {
            record(spec, value: inlineValue)
          } else {
            guard index < arguments.count, isValue(arguments[index]) else {
              throw fail(.missingValue(option: spec.display))
            }
            record(spec, value: arguments[index])
            index += 1
          }
        }
        continue
      }
      // Short options: -o value, -ovalue, -qf.
      var characters = Substring(argument.dropFirst())
      while let letter = characters.first {
        characters = characters.dropFirst()
        guard let spec = all.first(where: { $0.shortName == letter }) else {
          throw fail(.unknownOption("-\(letter)", suggestion: nil))
        }
        if case .flag = spec.kind {
          record(flag: spec)
          continue
        }
        if !characters.isEmpty {
          record(spec, value: String(characters.drop { $0 == "=" }))
        } else {
          guard index < arguments.count, isValue(arguments[index]) else {
            throw fail(.missingValue(option: "-\(letter) <\(spec.placeholder ?? "")>"))
          }
          record(spec, value: arguments[index])
          index += 1
        }
        break
      }
    }
  }

  /// Whether an option was given.
  func has(_ long: String) -> Bool { flags.contains(long) || values[long] != nil }

  private mutating func record(flag spec: OptionDefinition) {
    flags.insert(spec.name)
    given.append(spec.name)
  }

  private mutating func record(_ spec: OptionDefinition, value: String) {
    values[spec.name] = value
    given.append(spec.name)
  }

  /// A value may be `-` or anything not starting with `-`, or a negative number.
  private func isValue(_ argument: String) -> Bool {
    argument == "-" || !argument.hasPrefix("-") || Double(argument) != nil
  }

  /// The export options given, each once, in the order first given, with its last value: what
  /// the option grammar parses.
  var exportOptions: [GivenOption] {
    var seen: Set<String> = []
    return given.compactMap { name in
      guard let option = ExportOption(name: name), seen.insert(name).inserted else { return nil }
      return (option, values[name])
    }
  }
}
