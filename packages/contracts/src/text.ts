/**
 * Text no field may hold: NUL (PostgreSQL's text cannot store it) and UTF-16
 * surrogates without their pair (no UTF-8 encoding exists for them). Refused
 * at the door, so nothing that cannot be stored, replayed or shown is saved.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds.
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string holds NUL or an unpaired surrogate. */
export function hasForbiddenText(text: string): boolean {
  return FORBIDDEN.test(text);
}

export const FORBIDDEN_TEXT_MESSAGE = 'must not contain NUL or unpaired surrogate characters';

/**
 * The path ('actions.3.name', or '' for the value itself) of the first string
 * or object key in a parsed JSON value that holds forbidden text; undefined
 * when there is none. Walks with its own stack, so any nesting depth is safe.
 */
export function findForbiddenText(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { value: next, path } = stack.pop() as { value: unknown; path: string };
    if (typeof next === 'string') {
      if (hasForbiddenText(next)) return path;
    } else if (Array.isArray(next)) {
      for (let i = next.length - 1; i >= 0; i--) stack.push({ value: next[i], path: join(path, String(i)) });
    } else if (next !== null && typeof next === 'object') {
      const entries = Object.entries(next);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (hasForbiddenText(key)) return join(path, key.replace(FORBIDDEN, '?'));
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return undefined;
}
