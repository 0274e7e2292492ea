/// How one series is drawn: a colour of the Okabe–Ito palette (told apart with every common
/// colour blindness), and for lines a dash pattern and a marker shape, so that series stay apart
/// in grey-scale print too.
struct SeriesStyle: Hashable, Sendable {
  /// The palette, in CSS classes `c1`…`c8`.
  enum Colour: Int, CaseIterable, Sendable {
    case blue = 1
    case vermillion, bluishGreen, orange, skyBlue, reddishPurple, yellow, black

    /// The colour's value (Okabe & Ito, "Color Universal Design", 2008).
    var hex: String {
      switch self {
      case .blue: "#0072B2"
      case .vermillion: "#D55E00"
      case .bluishGreen: "#009E73"
      case .orange: "#E69F00"
      case .skyBlue: "#56B4E9"
      case .reddishPurple: "#CC79A7"
      case .yellow: "#F0E442"
      case .black: "#000000"
      }
    }
  }

  enum Dash: String, Sendable {
    case solid = "d0"
    case dashed = "d1"
    case dotted = "d2"
    case dashDot = "d3"

    /// The SVG `stroke-dasharray`.
    var pattern: String {
      switch self {
      case .solid: "none"
      case .dashed: "7 4"
      case .dotted: "2 3"
      case .dashDot: "8 3 2 3"
      }
    }
  }

  enum Marker: Sendable {
    case none, circle, square, triangleUp, triangleDown, diamond
  }

  var colour: Colour
  var dash: Dash = .solid
  var marker: Marker = .none

  /// The classes of a line or a mark of this style.
  var lineClasses: String { "line c\(colour.rawValue) \(dash.rawValue)" }
  var markClasses: String { "mark c\(colour.rawValue)" }
  var barClasses: String { "bar c\(colour.rawValue)" }
}
