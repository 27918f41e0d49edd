/// What the checked form of an object's `setValue(_:forKey:)` did (`CAAnimation.assignChecked`,
/// `CAEmitterCell.assignChecked`; the C API's: docs/c-api.md): the property took the value, refused it as
/// the wrong kind, or the object has no property of that name.
package enum KeyValueAssignment { case assigned, wrongType, noSuchKey }
