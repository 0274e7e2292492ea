/// Splits one CSV line into fields (RFC 4180 quoting; lines with quoted line breaks are not
/// expected in these files).
package enum CSVFields {
  package static func split(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var iterator = Array(line).makeIterator()
    while let character = iterator.next() {
      if quoted {
        if character == "\"" {
          if let next = iterator.next() {
            if next == "\"" {
              field.append("\"")
            } else {
              quoted = false
              if next == "," {
                fields.append(field)
                field = ""
              } else {
                field.append(next)
              }
            }
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }
}
