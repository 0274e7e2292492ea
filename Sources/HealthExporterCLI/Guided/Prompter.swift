import Foundation
import SystemShim

/// Numbered questions on a terminal, answered a line at a time, so that a person or a script
/// driving a pseudo-terminal can answer them. Colour only where the terminal supports it.
struct Prompter {
  let output: any ToolOutput
  /// Whether headings may be bold and notes dim (ANSI).
  let usesColour: Bool

  init(output: any ToolOutput, environment: [String: String]) {
    self.output = output
    let term = environment["TERM"] ?? ""
    usesColour = output.isInteractive && !term.isEmpty && term != "dumb" && environment["NO_COLOR"] == nil
  }

  /// Writes a line.
  func say(_ text: String = "") {
    try? output.show(text + "\n")
  }

  /// A step's heading, bold where colour is used.
  func heading(_ text: String) {
    say("")
    // The text is made printable before the colour's own escapes are put around it.
    let shown = Terminal.printable(text)
    try? output.print((usesColour ? "\u{1B}[1m\(shown)\u{1B}[0m" : shown) + "\n")
  }

  /// A note, dim where colour is used.
  func note(_ text: String) {
    let shown = Terminal.printable(text)
    try? output.print((usesColour ? "\u{1B}[2m\(shown)\u{1B}[0m" : shown) + "\n")
  }

  /// The answer to `question`, trimmed; `defaultAnswer` for an empty line.
  /// - Throws: `GuidedExportError.cancelled` at the end of the input.
  func ask(_ question: String, default defaultAnswer: String? = nil) throws -> String {
    let suffix = defaultAnswer.map { " [\($0)]" } ?? ""
    try? output.show("\(question)\(suffix): ")
    guard let line = output.readLine() else {
      say()
      throw GuidedExportError.cancelled
    }
    let answer = line.trimmingCharacters(in: .whitespaces)
    return answer.isEmpty ? (defaultAnswer ?? "") : answer
  }

  /// One of `choices`, by its number; `defaultIndex` for an empty line.
  func choose(_ question: String, _ choices: [String], default defaultIndex: Int = 0) throws -> Int {
    for (index, choice) in choices.enumerated() { say("  \(index + 1)) \(choice)") }
    while true {
      let answer = try ask(question, default: "\(defaultIndex + 1)")
      if let number = Int(answer), (1...choices.count).contains(number) { return number - 1 }
      say("Type a number from 1 to \(choices.count).")
    }
  }

  /// Yes or no; `defaultAnswer` for an empty line.
  func confirm(_ question: String, default defaultAnswer: Bool) throws -> Bool {
    while true {
      switch try ask("\(question) [\(defaultAnswer ? "Y/n" : "y/N")]").lowercased() {
      case "": return defaultAnswer
      case "y", "yes": return true
      case "n", "no": return false
      default: say("Type y or n.")
      }
    }
  }

  /// Items switched on and off by number until an empty line: `1,3` switches items 1 and 3,
  /// `all` and `none` all of them.
  /// - Parameters:
  ///   - title: the heading, to which `(n/total selected)` is added.
  ///   - note: a line under the heading.
  ///   - items: each item's label and a note.
  ///   - selected: which are on at first.
  /// - Returns: which are on when the user is done.
  /// - Throws: `GuidedExportError.cancelled` when the user quits or the input ends.
  func toggle(
    _ title: String, note: String? = nil, items: [(label: String, note: String)], selected: [Bool]
  ) throws -> [Bool] {
    var selected = selected
    let width = (items.map(\.label.count).max() ?? 0) + 2
    while true {
      heading("\(title) (\(selected.filter { $0 }.count)/\(items.count) selected)")
      if let note { self.note(note) }
      for (index, item) in items.enumerated() {
        let number = "\(index + 1))".padding(toLength: 4)
        say("  \(number)[\(selected[index] ? "x" : " ")] \(item.label.padding(toLength: width))\(item.note)")
      }
      let answer = try ask("Numbers to switch (such as 1,3), all, none, or Enter to go on")
      if answer.isEmpty { return selected }
      switch answer.lowercased() {
      case "all": selected = selected.map { _ in true }
      case "none": selected = selected.map { _ in false }
      default:
        let numbers = answer.split(whereSeparator: { $0 == "," || $0 == " " }).map { Int($0) }
        guard numbers.allSatisfy({ $0.map { (1...items.count).contains($0) } ?? false }) else {
          say("Type numbers from 1 to \(items.count), separated by commas.")
          continue
        }
        for number in numbers.compactMap({ $0 }) { selected[number - 1].toggle() }
      }
    }
  }
}

/// Why the guided export stopped without writing.
enum GuidedExportError: Error, CustomStringConvertible {
  /// The input ended (Ctrl-D) before the last question.
  case cancelled
  /// The user said no to writing.
  case declined

  var description: String {
    switch self {
    case .cancelled: "cancelled; nothing was written"
    case .declined: "nothing was written"
    }
  }
}
