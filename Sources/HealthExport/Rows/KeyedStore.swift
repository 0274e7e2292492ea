/// Values numbered in the order their keys were first met, found by key in O(1) and by number
/// directly; the last key looked up is checked first, as consecutive samples mostly share one.
struct KeyedStore<Key: Hashable, Value> {
  /// The keys, by number.
  private(set) var keys: [Key] = []
  /// The values, by number.
  var values: [Value] = []
  private var numberByKey: [Key: Int] = [:]
  private var lastKey: Key?
  private var lastNumber = 0

  /// The number of `key`'s value, appending `make()` when the key is new.
  mutating func number(of key: Key, orAppend make: () -> Value) -> Int {
    if key == lastKey { return lastNumber }
    let number: Int
    if let known = numberByKey[key] {
      number = known
    } else {
      number = values.count
      keys.append(key)
      values.append(make())
      numberByKey[key] = number
    }
    lastKey = key
    lastNumber = number
    return number
  }

  /// The number of `key`'s value, if it has one.
  func number(of key: Key) -> Int? {
    numberByKey[key]
  }
}
