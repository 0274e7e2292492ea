/// Values numbered in the order their keys were first met, found by key in O(1) and by number
/// directly; the last key looked up is checked first, as consecutive samples mostly share one.
///
/// The one way the library numbers names as it meets them: the summaries' units, series and
/// source sets, the CSV's sources, the database's `sources` table, the diagnostics' reasons, the
/// report's lab tests. Inlinable, so that the modules that use it on every sample get it
/// specialized for their keys.
package struct KeyedStore<Key: Hashable, Value> {
  @usableFromInline var storedKeys: [Key] = []
  /// The values, by number.
  package var values: [Value] = []
  @usableFromInline var numberByKey: [Key: Int] = [:]
  @usableFromInline var lastKey: Key?
  @usableFromInline var lastNumber = 0

  /// An empty store.
  @inlinable package init() {}

  /// The keys, by number.
  @inlinable package var keys: [Key] { storedKeys }

  /// The number of `key`'s value, appending `make()` when the key is new.
  @inlinable
  package mutating func number(of key: Key, orAppend make: () -> Value) -> Int {
    if key == lastKey { return lastNumber }
    let number: Int
    if let known = numberByKey[key] {
      number = known
    } else {
      number = values.count
      storedKeys.append(key)
      values.append(make())
      numberByKey[key] = number
    }
    lastKey = key
    lastNumber = number
    return number
  }

  /// The number of `key`'s value, if it has one.
  @inlinable
  package func number(of key: Key) -> Int? {
    numberByKey[key]
  }
}
