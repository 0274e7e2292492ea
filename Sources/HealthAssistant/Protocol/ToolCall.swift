package import HealthArchive

/// What a running tool (or resource read) can tell the client while it works: progress, when the
/// request asked for it with a `progressToken`, and log lines.
package final class ToolCall {
  /// The request's `_meta.progressToken`, if it sent one.
  package let progressToken: JSONValue?
  private let notify: (String, JSONValue) -> Void
  private let logger: (AssistantLogLevel, String) -> Void
  private var lastProgress = -Double.infinity

  /// Creates the context of one request.
  /// - Parameters:
  ///   - progressToken: the request's progress token.
  ///   - notify: sends a notification (method, params) to the client.
  ///   - log: logs a line (on standard error, and to the client when it asked for that level).
  package init(
    progressToken: JSONValue?, notify: @escaping (String, JSONValue) -> Void,
    log: @escaping (AssistantLogLevel, String) -> Void
  ) {
    self.progressToken = progressToken
    self.notify = notify
    self.logger = log
  }

  /// A context that reports nowhere (for tests and for work done outside a request).
  package static var silent: ToolCall {
    ToolCall(progressToken: nil, notify: { _, _ in }, log: { _, _ in })
  }

  /// Sends `notifications/progress` when the client asked for progress and `progress` has grown
  /// since the last one (the protocol wants it to increase every time).
  package func reportProgress(_ progress: Double, total: Double?, message: String) {
    guard let progressToken, progress > lastProgress, let number = JSONNumber(progress) else { return }
    lastProgress = progress
    var params: [JSONValue.Member] = [
      JSONValue.Member(key: "progressToken", value: progressToken),
      JSONValue.Member(key: "progress", value: .number(number)),
    ]
    if let total, let number = JSONNumber(total) {
      params.append(JSONValue.Member(key: "total", value: .number(number)))
    }
    params.append(JSONValue.Member(key: "message", value: .string(message)))
    notify("notifications/progress", .object(params))
  }

  /// Logs a line.
  package func log(_ level: AssistantLogLevel, _ message: String) {
    logger(level, message)
  }
}

/// The levels of the protocol's logging (RFC 5424's, as MCP names them), least severe first.
package enum AssistantLogLevel: String, CaseIterable, Comparable, Sendable {
  case debug, info, notice, warning, error, critical, alert, emergency

  /// The rank of the level, 0 the least severe.
  private var severity: Int {
    switch self {
    case .debug: 0
    case .info: 1
    case .notice: 2
    case .warning: 3
    case .error: 4
    case .critical: 5
    case .alert: 6
    case .emergency: 7
    }
  }

  package static func < (lhs: AssistantLogLevel, rhs: AssistantLogLevel) -> Bool {
    lhs.severity < rhs.severity
  }
}
