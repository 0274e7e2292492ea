import Foundation
package import HealthArchive
package import HealthExport
import HealthModel

/// The arguments of one tool call, read by name with their type checked. Every failure is a
/// `ToolFailure` whose message names the argument, what it holds and what it should hold, so that
/// the assistant can call again with it put right.
///
/// An argument given as `null` counts as left out.
package struct ToolArguments {
  /// The tool's name, for messages.
  package let tool: String
  private let values: [String: JSONValue]

  /// Checks the arguments of a call against what the tool takes.
  /// - Parameters:
  ///   - value: the call's `arguments` (nil when it gave none).
  ///   - tool: the tool called.
  /// - Throws: `ToolFailure` for arguments that are not an object, an argument the tool does not
  ///   take, one given twice, or a required one left out.
  package init(_ value: JSONValue?, for tool: AssistantTool) throws(ToolFailure) {
    self.tool = tool.name
    let members: [JSONValue.Member]
    switch value {
    case nil, .null?: members = []
    case .object(let given)?: members = given
    case let other?:
      throw ToolFailure("The arguments of \(tool.name) are an object, not \(Self.describe(other)).")
    }
    let names = tool.argumentNames
    var values: [String: JSONValue] = [:]
    for member in members {
      guard names.contains(member.key) else {
        let takes =
          names.isEmpty ? "takes no arguments" : "takes " + names.map { "'\($0)'" }.joined(separator: ", ")
        throw ToolFailure("\(tool.name) has no argument \(Quoted(member.key)); it \(takes).")
      }
      guard values[member.key] == nil else {
        throw ToolFailure("The argument \(Quoted(member.key)) is given twice.")
      }
      if member.value != .null { values[member.key] = member.value }
    }
    for name in tool.requiredArguments where values[name] == nil {
      throw ToolFailure("\(tool.name) needs the argument '\(name)'.")
    }
    self.values = values
  }

  /// Whether the argument was given (and not `null`).
  package func has(_ name: String) -> Bool { values[name] != nil }

  /// A text argument.
  /// - Throws: `ToolFailure` when it is not a string, or is empty.
  package func string(_ name: String) throws(ToolFailure) -> String? {
    guard let value = values[name] else { return nil }
    guard case .string(let text) = value else {
      throw ToolFailure("The argument '\(name)' is a string, not \(Self.describe(value)).")
    }
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw ToolFailure("The argument '\(name)' is empty; give a value or leave it out.")
    }
    return text
  }

  /// A string argument the tool's schema requires (checked when the arguments were read).
  /// - Throws: `ToolFailure` when it is missing, not a string, or empty.
  package func requiredString(_ name: String) throws(ToolFailure) -> String {
    guard let text = try string(name) else { throw ToolFailure("\(tool) needs the argument '\(name)'.") }
    return text
  }

  /// A whole-number argument within `range`, or `defaultValue` when left out.
  /// - Throws: `ToolFailure` when it is not an integer or lies outside `range`.
  package func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>)
    throws(ToolFailure)
    -> Int
  {
    guard let value = values[name] else { return defaultValue }
    guard case .number(let number) = value else {
      throw ToolFailure("The argument '\(name)' is a whole number, not \(Self.describe(value)).")
    }
    guard let integer = number.intValue else {
      throw ToolFailure("The argument '\(name)' is a whole number, not \(number.text).")
    }
    guard range.contains(integer) else {
      throw ToolFailure(
        "The argument '\(name)' is \(integer); it must be from \(range.lowerBound) to \(range.upperBound).")
    }
    return integer
  }

  /// An argument that is one of `choices`, or `defaultValue` when left out.
  /// - Throws: `ToolFailure` when it is another string or not a string.
  package func choice(_ name: String, among choices: [String], default defaultValue: String)
    throws(ToolFailure)
    -> String
  {
    guard let text = try string(name) else { return defaultValue }
    guard choices.contains(text) else {
      throw ToolFailure(
        "The argument '\(name)' is \(Quoted(text)); it is one of \(choices.map { "'\($0)'" }.joined(separator: ", "))."
      )
    }
    return text
  }

  /// A calendar day, `yyyy-MM-dd`.
  /// - Throws: `ToolFailure` when it is not a day that exists, written so.
  package func day(_ name: String) throws(ToolFailure) -> CalendarDay? {
    guard let text = try string(name) else { return nil }
    guard let day = CalendarDay(parsing: text) else {
      throw ToolFailure(
        "The argument '\(name)' is \(Quoted(text)); a day is written yyyy-MM-dd, such as 2026-01-09.")
    }
    return day
  }

  /// The days `from` and `to` (both optional), `from` not after `to`.
  /// - Throws: `ToolFailure` for a day badly written, or `from` after `to`.
  package func dayRange(from fromName: String = "from", to toName: String = "to") throws(ToolFailure)
    -> (from: CalendarDay?, to: CalendarDay?)
  {
    let from = try day(fromName)
    let to = try day(toName)
    if let from, let to, to < from {
      throw ToolFailure("'\(fromName)' (\(from)) is after '\(toName)' (\(to)); the range would hold no day.")
    }
    return (from, to)
  }

  /// `a string`, `the number 3`, `an object`: what a value is, for messages.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string(let text): "the string \"\(text.count > 40 ? text.prefix(37) + "..." : text)\""
    case .number(let number): "the number \(number.text)"
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    }
  }
}
