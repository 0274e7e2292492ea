package import HealthArchive

/// One tool the server offers, as data: what `tools/list` shows of it and what `tools/call` runs.
///
/// The handler reads its arguments through `ToolArguments`, which has already refused an
/// argument the input schema does not name or a required one that is missing; it returns the
/// tool's structured result (an object that matches `outputSchema`) or throws a `ToolFailure`,
/// which the client receives as a tool result with `isError: true`.
package struct AssistantTool {
  /// The name the assistant calls it by (`list_types`).
  package var name: String
  /// A title for people (`Health data types`).
  package var title: String
  /// What it does and returns, for the assistant.
  package var description: String
  /// The JSON Schema of its arguments: an object schema with `properties`.
  package var inputSchema: JSONValue
  /// The JSON Schema of its structured result.
  package var outputSchema: JSONValue
  /// Runs it.
  package var run: (ToolArguments, ToolCall) throws(ToolFailure) -> JSONValue

  package init(
    name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue,
    run: @escaping (ToolArguments, ToolCall) throws(ToolFailure) -> JSONValue
  ) {
    self.name = name
    self.title = title
    self.description = description
    self.inputSchema = inputSchema
    self.outputSchema = outputSchema
    self.run = run
  }

  /// The names of the arguments the input schema declares, in order.
  package var argumentNames: [String] {
    inputSchema["properties"]?.members?.map(\.key) ?? []
  }

  /// The arguments the input schema requires.
  package var requiredArguments: [String] {
    inputSchema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  /// How `tools/list` shows it. Every tool here only reads the person's data: the annotations
  /// say so, so that a client may run it without asking each time.
  package var listing: JSONValue {
    [
      "name": .string(name), "title": .string(title), "description": .string(description),
      "inputSchema": inputSchema, "outputSchema": outputSchema,
      "annotations": [
        "title": .string(title), "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true,
        "openWorldHint": false,
      ],
    ]
  }
}

/// One resource the server offers: a document the client can read by its URI.
package struct AssistantResource {
  /// `health://schema`.
  package var uri: String
  package var name: String
  package var title: String
  package var description: String
  /// `text/markdown`, `application/json`.
  package var mimeType: String
  /// Its text.
  package var read: (ToolCall) throws(ToolFailure) -> String

  package init(
    uri: String, name: String, title: String, description: String, mimeType: String,
    read: @escaping (ToolCall) throws(ToolFailure) -> String
  ) {
    self.uri = uri
    self.name = name
    self.title = title
    self.description = description
    self.mimeType = mimeType
    self.read = read
  }

  /// How `resources/list` shows it.
  package var listing: JSONValue {
    [
      "uri": .string(uri), "name": .string(name), "title": .string(title),
      "description": .string(description),
      "mimeType": .string(mimeType),
    ]
  }
}
