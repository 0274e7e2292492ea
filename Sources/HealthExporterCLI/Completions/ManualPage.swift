import Foundation
import HealthExport

/// The manual page, `health-exporter(1)` in roff, made from the same definitions as `--help`.
enum ManualPage {
  /// The page, with `subcommands`.
  static func text(subcommands: [any Subcommand.Type]) -> String {
    let tool = ToolName.value
    var lines: [String] = [
      ".TH \(tool.uppercased()) 1 \"\" \"\(tool) \(ToolVersion.current)\" \"User Commands\"",
      ".SH NAME",
      "\(escaped(tool)) \\- your Apple Health data, exported to files you can use, privately on your own machine",
      ".SH SYNOPSIS",
      ".B \(escaped(tool))",
      ".I command",
      "[\\fIoptions\\fR]",
      ".br",
      ".B \(escaped(tool))",
      ".SH DESCRIPTION",
      paragraph(
        "\(tool) reads the archive the Health app writes with Export All Health Data (export.zip, its unpacked folder, export.xml alone, or a JSON profile) and writes the HealthExporter CSV, a JSON health profile and more. Everything runs on this machine; nothing touches the network."
      ),
      ".PP",
      paragraph(
        "Run alone on a terminal, it starts the guided export: it finds export.zip, asks what to export, and prints the one-line command that does the same."
      ),
      ".SH COMMANDS",
    ]
    for command in subcommands {
      lines.append(".SS \(escaped(command.usage))")
      lines.append(paragraph(command.abstract))
      for argument in command.arguments {
        lines.append(".TP")
        lines.append("\\fI\(escaped(argument.name))\\fR")
        lines.append(paragraph(argument.help))
      }
      for option in command.options {
        lines.append(".TP")
        var label = ([option.shortName.map { "-\($0)" }].compactMap { $0 } + ["--\(option.name)"])
          .map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
        if let placeholder = option.placeholder { label += " \\fI\(escaped(placeholder))\\fR" }
        lines.append(label)
        var help = option.help
        if let defaultDescription = option.defaultDescription { help += " (default: \(defaultDescription))" }
        lines.append(paragraph(help))
      }
      if let discussion = command.discussion {
        lines.append(".PP")
        lines.append(paragraph(discussion))
      }
    }
    lines += [
      ".SH ENVIRONMENT",
      ".TP", ".B TZ",
      paragraph("The time zone of local dates, unless --time-zone or the time-zone setting names one."),
      ".TP", ".B XDG_CONFIG_HOME", paragraph("Where the settings file is kept (else ~/.config)."),
      ".TP", ".B HEALTH_EXPORTER_NOW",
      paragraph(
        "An ISO 8601 date-time with an offset that is \"now\" for date ranges, file names and --sample."),
      ".SH FILES",
      ".TP", ".I $XDG_CONFIG_HOME/health-exporter/settings.json",
      paragraph("The saved settings (see the settings command), readable by its owner only."),
      ".SH EXIT STATUS",
      paragraph(
        "0 success; 1 no data or another failure; 64 a usage error; 65 malformed input; 66 the input is missing or unreadable; 73 the output cannot be created (it exists, or it is an input); 74 an I/O error."
      ),
      ".SH SEE ALSO",
      paragraph("\(tool) --help, \(tool) privacy, and the documentation in docs/ of the source."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text with roff's special characters escaped: backslashes, hyphens, and a leading dot or
  /// quote.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
  }

  /// A paragraph of text, safe where a line starts with `.` or `'`.
  private static func paragraph(_ text: String) -> String {
    let body = escaped(text)
    return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
  }
}
