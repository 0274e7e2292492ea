import Foundation
import SystemShim
import Testing

/// The pseudo-terminal the terminal tests run the tool on closes each of its descriptors once: a
/// number closed twice may by then be another test's file (tests run in parallel in one process).
@Suite struct PseudoTerminalTests {
  @Test func theSecondarySideIsClosedOnceThoughClosedEarly() throws {
    var terminal: PseudoTerminal? = try PseudoTerminal()
    let secondary = try #require(terminal?.secondary)
    terminal?.closeSecondary()
    // The lowest free number is the one just closed, unless another test took it meanwhile.
    let other = open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer { close(other) }
    try #require(other >= 0)
    terminal = nil
    #expect(fcntl(other, F_GETFD) >= 0, "descriptor \(other) (after \(secondary)) was closed by the terminal")
  }
}
