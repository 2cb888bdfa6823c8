import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_MESSAGES } from '@airman/contracts/module-messages.ts';
import { CHECK_MESSAGES } from '@airman/engine/check-messages.ts';

/** The catalogue of docs/module-check.md, as its author reads it. */
const catalogue = readFileSync(new URL('../docs/module-check.md', import.meta.url), 'utf8');

/** The templates the catalogue quotes: each entry starts with a template in backticks. */
const quoted = new Set([...catalogue.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));

const templates = [...Object.values(SCHEMA_MESSAGES), ...Object.values(CHECK_MESSAGES)];

describe('the Check catalogue (docs/module-check.md)', () => {
  it.each(templates)('explains “%s”', (template) => {
    expect(quoted.has(template), `docs/module-check.md lists no \`${template}\``).toBe(true);
  });

  it('lists no message the Check no longer has', () => {
    // An entry is a list item that starts with a quoted template.
    const entries = [...catalogue.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !templates.includes(e as (typeof templates)[number]))).toEqual([]);
  });
});
