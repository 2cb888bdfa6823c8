import { expect, it } from 'vitest';
import { uniqueEmail } from './api.ts';
import { describeE2E } from './browser.ts';

describeE2E('inviting a squadron', (e2e) => {
  it('says a long list is invited and queued, not that its e-mails could not be sent', async () => {
    const { context, page } = await e2e.adminPage();
    await page.getByRole('button', { name: 'Invite User +' }).click();
    const emails = Array.from({ length: 45 }, () => uniqueEmail('squadron'));
    await page.getByLabel('E-mail addresses').fill(emails.join('\n'));
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('Users successfully invited').waitFor();
    await page.getByText(/^\d+ invitation e-mails are queued and will be sent within minutes\.$/).waitFor();
    // Nothing to resend: the modal closed instead of listing addresses as not e-mailed.
    await expect.poll(() => page.getByRole('dialog', { name: 'Invite Users' }).count()).toBe(0);
    expect(await page.getByText('could not be sent').count()).toBe(0);
    await context.close();
  });
});
