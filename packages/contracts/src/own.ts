/**
 * Reading a name-keyed record whose keys are an author's names (gauges,
 * questionnaire items and domains): 'constructor', 'valueOf' or 'toString'
 * are fine names, and a plain object answers to them with Object.prototype's
 * functions when it does not hold them. Free of zod: the game bundle uses it.
 */

/** `record[key]` when the record holds `key` itself; undefined otherwise (never an inherited member). */
export function own<V>(record: Readonly<Record<string, V>> | null | undefined, key: string): V | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An empty record with no prototype: any key reads and writes as data, '__proto__' included. */
export function nullRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}
