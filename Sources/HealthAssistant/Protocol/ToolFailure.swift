/// A tool that could not do what it was asked, with a message for the assistant saying what is
/// wrong (a bad argument and how to put it right, a query that was refused).
package struct ToolFailure: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) {
    self.message = message
  }

  package var description: String { message }
}
