import { describe, expect, it } from 'vitest';
import { auditCallSearch, auditSearch } from './get-audit.ts';

describe("the Audit screen's calls", () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it("send a day range with the browser's time zone, whose days they are", () => {
    expect(auditCallSearch({ action: 'user.invite', from: '2026-11-01', to: '2026-11-26' }).toString()).toBe(
      new URLSearchParams({ action: 'user.invite', from: '2026-11-01', to: '2026-11-26', tz: zone }).toString(),
    );
    expect(auditCallSearch({ to: '2026-11-26' }).get('tz')).toBe(zone);
  });

  it('send no zone without days, and the page’s URL never holds one', () => {
    expect(auditCallSearch({ actor: 'a@example.com' }).has('tz')).toBe(false);
    expect(auditSearch({ from: '2026-11-01' }).has('tz')).toBe(false);
  });
});
