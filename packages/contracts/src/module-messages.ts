/**
 * The words of the module schema's refusals (module.ts), for the trainers who
 * write modules: one table of templates, each `{name}` filled in where the
 * schema is built. docs/module-check.md explains every one of them, and a test
 * keeps that catalogue and this table in step.
 */

/** The schema's message templates. */
export const SCHEMA_MESSAGES = {
  missing: 'Is missing: give it a value.',
  whole: 'Must be a whole number.',
  wholeNumber: 'Must be a whole number from {min} to {max}.',
  wholeNumberFrom: 'Must be a whole number, {min} or more.',
  text: 'Must be text.',
  notEmpty: 'Must not be empty.',
  tooLong: 'Must be at most {max} characters.',
  yesNo: 'Must be ticked or not (true or false).',
  list: 'Must be a list.',
  tooMany: 'Can have at most {max} {things}.',
  noChoice: 'Needs at least one choice.',
  noHealthyChoice: 'Needs at least one choice not marked risky.',
  riskyLesson: 'A risky choice needs a lesson: one line on what it teaches.',
  oneLine: 'Must be one line.',
  eventsDrawn: 'Must be “in_order” or “shuffled”.',
  fields: 'Must be a set of fields (a JSON object).',
  unknownFields: 'The module format has no {fields}: remove it.',
  gaugeTable: 'Must give a value per gauge name (a JSON object).',
  gaugeName: 'A gauge name must not be empty.',
  protoGauge: '“__proto__” cannot be a gauge name: choose another.',
  pair: 'Must be two whole numbers: from and to.',
  dayOrder: 'First day must not come after Last day.',
  rangeOrder: 'Healthy from must not be above Healthy to.',
  starOrder: 'Two stars must not need more points than three stars.',
  archived: 'Must be 0 (live) or the time the module was archived.',
} as const;

export type SchemaMessage = keyof typeof SCHEMA_MESSAGES;

/** A template with its `{name}`s replaced by `values`; a name without a value stays as written. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The schema's message `key`, filled in. */
export function schemaMessage(key: SchemaMessage, values?: Record<string, string | number>): string {
  return fill(SCHEMA_MESSAGES[key], values);
}
