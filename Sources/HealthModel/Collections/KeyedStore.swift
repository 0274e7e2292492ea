/// Values numbered in the order their keys were first met, found by key in O(1) and by number
/// directly; the last key looked up is checked first, as consecutive samples mostly share one.
///
/// How the library numbers names as it meets them: the summaries' units, series and source sets,
/// the CSV's sources, the diagnostics' reasons, the report's lab tests. (The database's `sources`
/// table keeps its own: through this store its ids cost 2% more instructions per record.) Public and inlinable: the modules that use it on every sample get it
/// specialized for their keys only so (a `package` type's inlinable body is left generic across
/// modules, which cost the summaries 13% more instructions).
public struct KeyedStore<Key: Hashable, Value> {
  @usableFromInline var storedKeys: [Key] = []
  /// The values, by number.
  public var values: [Value] = []
  @usableFromInline var numberByKey: [Key: Int] = [:]
  @usableFromInline var lastKey: Key?
  @usableFromInline var lastNumber = 0

  /// An empty store.
  @inlinable public init() {}

  /// The keys, by number.
  @inlinable public var keys: [Key] { storedKeys }

  /// The number of `key`'s value, appending `make()` when the key is new.
  @inlinable
  public mutating func number(of key: Key, orAppend make: () -> Value) -> Int {
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
  public func number(of key: Key) -> Int? {
    numberByKey[key]
  }
}
