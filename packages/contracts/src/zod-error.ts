/**
 * How a zod error is told: 'field: message' for its first problems. The server answers a
 * request its schema refuses with it (a 400), and a web form that checks the same schema
 * says the same words before sending.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * The issues of the union's option the input was meant for: of options that
 * all failed (strict objects, such as POST self's two payloads), the one with
 * no unknown field at its top, then the one with fewest problems.
 */
function closestOption(options: Issue[][]): Issue[] {
  const rank = (issues: Issue[]) =>
    [issues.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0) ? 1 : 0, issues.length] as const;
  let best: Issue[] = [];
  let bestRank: readonly [number, number] = [2, Infinity];
  for (const issues of options) {
    const r = rank(issues);
    if (r[0] < bestRank[0] || (r[0] === bestRank[0] && r[1] < bestRank[1])) [best, bestRank] = [issues, r];
  }
  return best;
}

/** A union's failure is told as its closest option's problems, at the union's place. */
function flatten(issues: readonly Issue[], at: readonly PropertyKey[] = []): { path: PropertyKey[]; issue: Issue }[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const option = closestOption(issue.errors);
      if (option.length > 0) return flatten(option, path);
    }
    return [{ path, issue }];
  });
}

/** 'field: message' for the first problems of a zod error. */
export function describeZodError(error: z.ZodError): string {
  return flatten(error.issues)
    .slice(0, 5)
    .map(({ path, issue }) => {
      const where = path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        return `${where ? where + ': ' : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
      }
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
