/**
 * A users list as a training manager has it: many pending invitees and registered trainees, each
 * with a name, a rank and a unit. Made through the API (invite, then register from the e-mailed
 * code), as a real list is.
 */
import { RANKS } from '@airman/contracts/ranks.ts';
import { api, apiLogin, inviteCodeFromMail, mailReceivedBy } from './api.ts';

const LAST_NAMES = ['Garcia', 'Nguyen', 'Smith', 'Okafor', 'Johnson', 'Kowalski', 'Haddad', 'Lee', 'Brown', 'Silva'];
const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Femi', 'Grace', 'Hugo', 'Iris', 'Jon'];
const UNITS = ['655 ISRW', '70 ISRW', '480 ISRW', '655 ISRG'];

export interface SeededUsers {
  /** The registered trainees' e-mails, in the order they were made. */
  trainees: { email: string; first_name: string; last_name: string; unit: string; rank: string }[];
  invitees: string[];
}

/** `trainees` registered trainees and `invitees` pending invitees, every e-mail containing `tag`. */
export async function seedUsers(
  baseUrl: string,
  tag: string,
  trainees: number,
  invitees: number,
): Promise<SeededUsers> {
  const admin = await apiLogin(baseUrl);
  const people = Array.from({ length: trainees }, (_, i) => ({
    email: `${tag}-t${String(i).padStart(3, '0')}@example.com`,
    first_name: FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ava',
    last_name: `${LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'Lee'}${i >= LAST_NAMES.length ? ` ${tag.slice(-3)}${i}` : ''}`,
    unit: UNITS[i % UNITS.length] ?? '655 ISRW',
    rank: RANKS[(i * 3) % RANKS.length]?.abbreviation ?? 'AB',
  }));
  const pending = Array.from({ length: invitees }, (_, i) => `${tag}-p${String(i).padStart(3, '0')}@example.com`);
  await api(baseUrl, admin, 'PUT', 'admin/invite', { emails: [...people.map((p) => p.email), ...pending] });
  // The invites go out through the mail queue: wait until each trainee's has arrived.
  const deadline = Date.now() + 60_000;
  while (!people.every((p) => mailReceivedBy(p.email))) {
    if (Date.now() > deadline) throw new Error('the seeded invites did not all arrive within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Four registrations at a time (each hashes a password).
  for (let i = 0; i < people.length; i += 4) {
    await Promise.all(
      people.slice(i, i + 4).map(async (p) => {
        const register = () =>
          fetch(`${baseUrl}/api/register/${inviteCodeFromMail(p.email)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              rank: p.rank,
              unit: p.unit,
              first_name: p.first_name,
              last_name: p.last_name,
              password: 'Seeded-Passw0rd!',
            }),
          });
        let res = await register();
        // The anonymous gate frees its place after the answer has gone out, so a batch may
        // meet the previous one still leaving: a client waits as told and tries again.
        for (let attempt = 0; res.status === 429 && attempt < 5; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          res = await register();
        }
        if (!res.ok) throw new Error(`register ${p.email}: ${res.status} ${await res.text()}`);
      }),
    );
  }
  return { trainees: people, invitees: pending };
}
