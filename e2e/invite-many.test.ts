import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, mailTo, uniqueEmail } from './api.ts';
import { describeE2E } from './browser.ts';

describeE2E('inviting a squadron', (e2e) => {
  it('says a long list is invited and queued, not that its e-mails could not be sent', async () => {
    const page = await e2e.adminTab();
    await page.getByRole('button', { name: 'Invite User +' }).click();
    const emails = Array.from({ length: 45 }, () => uniqueEmail('squadron'));
    await page.getByLabel('E-mail addresses').fill(emails.join('\n'));
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('45 users successfully invited').waitFor();
    await page.getByText(/^\d+ invitation e-mails are queued and will be sent within minutes\.$/).waitFor();
    // Nothing to resend: the modal closed instead of listing addresses as not e-mailed.
    await expect.poll(() => page.getByRole('dialog', { name: 'Invite Users' }).count()).toBe(0);
    expect(await page.getByText('could not be sent').count()).toBe(0);
    await page.close();
  });

  it('says an address already on the list, registered or pending, was not invited again, and sends it nothing', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const pending = uniqueEmail('pending-again');
    const registered = uniqueEmail('registered-again');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [pending] });
    await inviteAndRegister(e2e.baseUrl, registered, 'Registered-Passw0rd!', { first_name: 'Rae', last_name: 'Again' });
    const mails = () => mailTo(pending).length;
    const before = mails();
    const page = await e2e.adminTab();
    await page.getByRole('button', { name: 'Invite User +' }).click();
    await page.getByLabel('E-mail addresses').fill(`${pending} ${registered}`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const note = page.getByRole('dialog', { name: 'Invite Users' }).getByText(/^Already/);
    await note.waitFor();
    expect(await note.textContent()).toBe(
      `Already on the users list, not invited again (a pending invite is sent again with its row's Resend Invite): ${pending}, ${registered}`,
    );
    expect(mails()).toBe(before);
    await page.close();
  });
});
