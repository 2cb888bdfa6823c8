/**
 * What every axe-core check of the product asks and reports, in the browser (e2e/axe.ts) and in
 * jsdom (testing/axe.ts): the WCAG 2.1 A and AA rules, and the serious and critical violations
 * as one line each.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A violation as axe-core reports it, as far as the lines below read it. */
export interface ReportedViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: readonly { target: { join(separator: string): string } }[];
}

/** The serious and critical violations, one line each: the rule, its impact, its help and where. */
export function seriousLines(violations: readonly ReportedViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
