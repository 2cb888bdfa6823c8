/**
 * Due-date reminders end to end: an administrator sets a due date in the user
 * modal, the server's scheduler queues the reminder, the outbox sends it
 * through the real SMTP server, and the user modal lists it as delivered. An
 * administrator turns the weekly digest off and on in Profile.
 */
import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, mailTo, schedulerChecked, uniqueEmail } from './api.ts';
import { describeE2E, login, openUser } from './browser.ts';

describeE2E('due-date reminders', (e2e) => {
  it('e-mails a reminder once a due date is set, and lists it in the user modal', async () => {
    const email = uniqueEmail('reminded');
    await inviteAndRegister(e2e.baseUrl, email, 'Str0ng-Pass!', {
      first_name: 'Remy',
      last_name: 'Minder',
      module: 'ready_airman_training',
    });
    const page = await e2e.adminTab();
    await openUser(page, email);
    // The day after tomorrow, in the browser's zone: within the 5-day reminder.
    const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const due = page.getByLabel('Due date of Ready Airman Training');
    await due.fill(`${day.getMonth() + 1}/${day.getDate()}/${day.getFullYear()}`);
    await due.press('Enter');
    await page.getByText('Assignment due date updated').waitFor();

    await expect
      .poll(() => mailTo(email).filter((m) => m.includes('Subject: Ready Airman Training is due in')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const reminder = mailTo(email).find((m) => m.includes('Subject: Ready Airman Training is due in'))!;
    const inWords = day.toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(reminder).toMatch(/Subject: Ready Airman Training is due in [23] days/);
    expect(reminder).toContain(`on ${inWords}.`);
    expect(reminder).toContain('Status: Not Started.');
    expect(reminder).toContain('Hello Remy,');
    expect(reminder).toContain(`${e2e.baseUrl}/`);
    expect(reminder).toMatch(/Content-Type: multipart\/alternative/);

    // Reopened, the modal lists the invite and the reminder, delivered.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: email }).dblclick();
    const emails = page.getByRole('region', { name: 'E-mails' });
    await emails.getByRole('cell', { name: 'Due date reminder' }).waitFor();
    const row = emails.locator('tr', { hasText: 'Due date reminder' });
    await expect.poll(() => row.locator('td').nth(3).textContent()).toMatch(/^Delivered /);
    await emails.getByRole('cell', { name: 'Invite', exact: true }).waitFor();
    // Sent once, however many checks ran since: one more has run, and this one is still alone.
    await schedulerChecked(e2e.baseUrl);
    expect(mailTo(email).filter((m) => m.includes('Subject: Ready Airman Training is due in'))).toHaveLength(1);
    await page.close();
  });

  it("turns an administrator's weekly digest off and on in Profile", async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const { context, page } = await e2e.newPage();
    await login(page);
    await page.waitForURL('**/admin');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'User Settings' }).waitFor();
    const digest = page.getByRole('switch', { name: 'Weekly digest of overdue trainees' });
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('true');
    // Carbon's toggle is clicked through its label, as a user does.
    await page.getByText('Weekly digest of overdue trainees').click();
    await page.getByText('User settings updated').waitFor();
    expect(await api(e2e.baseUrl, admin, 'GET', 'self/email-settings')).toEqual({ email_digest: false });
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Weekly digest of overdue trainees' }).getAttribute('aria-checked'))
      .toBe('false');
    await page.getByText('Weekly digest of overdue trainees').click();
    await expect.poll(() => api(e2e.baseUrl, admin, 'GET', 'self/email-settings')).toEqual({ email_digest: true });
    await context.close();
  });
});
