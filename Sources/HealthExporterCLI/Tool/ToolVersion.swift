/// The tool's name in usage lines and messages.
package enum ToolName {
  package static let value = "health-exporter"
}

/// The tool's version, in one place: `health-exporter --version` prints it, the manual page names
/// it, databases keep it in `export_info.tool_version`, the assistant server gives it as
/// `serverInfo.version`, and `scripts/release` names the release after what `--version` prints
/// (CHANGELOG.md's newest entry must name the same; `ToolVersionTests` checks every place).
package enum ToolVersion {
  package static let current = "0.1.0"
}
