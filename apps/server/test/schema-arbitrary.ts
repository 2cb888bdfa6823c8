/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values
 * the schema accepts (as far as JSON Schema can say: refinements such as the
 * password policy or the rank list are the server's to check), for contract
 * fuzzing (plugins/contract-fuzz.api.test.ts).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
}

/** Large enough to reach limits now and then, small enough to keep requests quick. */
const MAX_ARRAY = 8;
const MAX_STRING = 40;

const emails = fc.constantFrom('admin@example.com', 'a@example.com', 'new.trainee@example.com', 'not-an-email', '');
const words = fc.constantFrom('ready_airman_training', 'SSgt', 'Amn', 'M', 'F', '655 ISRW', 'x', '', ' ');

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    return fc.stringMatching(re).filter(fits);
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.oneof(emails, words).filter(fits) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
  );
}

export function arbitraryFor(
  schema: JsonSchema | undefined,
  resolve: (ref: string) => JsonSchema = () => ({}),
): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return arbitraryFor(resolve(schema.$ref), resolve);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((o) => arbitraryFor(o, resolve)));
  if (schema.allOf) return arbitraryFor(Object.assign({}, ...schema.allOf) as JsonSchema, resolve);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1e6, -1e12);
      const max = Math.min(schema.maximum ?? 2e12, 2e12);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
        fc.constantFrom(min, max),
        fc.double({ min, max, noNaN: true }).map(Math.trunc),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ARRAY, MAX_ARRAY));
      return fc.array(arbitraryFor(schema.items, resolve), { minLength, maxLength });
    }
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, arbitraryFor(s, resolve)]),
      );
      const requiredKeys = (schema.required ?? []).filter((k) => k in properties);
      const base = fc.record(properties, { requiredKeys });
      if (typeof schema.additionalProperties === 'object') {
        const extra = fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }),
          arbitraryFor(schema.additionalProperties, resolve),
          { maxKeys: 4 },
        );
        return fc.tuple(base, extra).map(([b, e]) => ({ ...e, ...b }));
      }
      return base;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
