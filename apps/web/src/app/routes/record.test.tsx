import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { CERT_CODE, catchDownloads, completedAssignment, makeRecord, untouchedAssignment } from '#testing/record.ts';
import { Component as MyRecord } from './record.tsx';

const TRAINEE = makeUser({ id: 'jane', user_name: 'jane@example.com', role: 'user' });

let downloads: ReturnType<typeof catchDownloads> | undefined;
afterEach(() => downloads?.restore());

function serveRecord() {
  server.use(
    http.get('/api/self/record', () => HttpResponse.json(makeRecord([completedAssignment(), untouchedAssignment()]))),
  );
}

describe('/record', () => {
  it('lists each module with its facts, its certificate and every run', async () => {
    serveRecord();
    renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    const fitness = await screen.findByRole('region', { name: 'Fitness Basics' });
    expect(within(fitness).getByText('Late')).toBeTruthy();
    expect(within(fitness).getByText('640 points, 3 stars')).toBeTruthy();
    expect(within(fitness).getByText(CERT_CODE)).toBeTruthy();
    expect(within(fitness).getByRole('link', { name: `http://localhost:3000/verify/${CERT_CODE}` })).toBeTruthy();
    const runs = within(fitness).getByRole('table', { name: 'Runs of Fitness Basics, newest first' });
    const rows = within(runs).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual(['Complete', 'Failed']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]?.textContent)).toEqual(['★★★3 stars', '☆☆☆no stars']);
    const sleep = screen.getByRole('region', { name: 'Sleep Well' });
    expect(within(sleep).getByText('No runs yet.')).toBeTruthy();
    expect(within(sleep).queryByText('Certificate')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('says until when a certificate is current, or when it expired', async () => {
    const now = Date.now();
    server.use(
      http.get('/api/self/record', () =>
        HttpResponse.json(
          makeRecord([
            completedAssignment({ certificate: { code: CERT_CODE, expires_at: now + 30 * 86_400_000 } }),
            completedAssignment({
              module: 'sleep',
              title: 'Sleep Well',
              certificate: { code: 'ZyXwVuTsRqPoNmLkJiHgFe', expires_at: now - 86_400_000 },
            }),
            completedAssignment({
              module: 'once',
              title: 'Once Only',
              renews_at: 0,
              certificate: { code: 'OnCeOnLyOnCeOnLyOnCeOn', expires_at: 0 },
            }),
          ]),
        ),
      ),
    );
    renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    const certificateOf = async (name: string) =>
      (await screen.findByRole('region', { name })).querySelector('.record__certificate p')?.textContent ?? '';
    expect(await certificateOf('Fitness Basics')).toMatch(/, current until /);
    expect(await certificateOf('Sleep Well')).toMatch(/, expired on /);
    expect(await certificateOf('Once Only')).toMatch(/, does not expire$/);
  });

  it('downloads a certificate from its own address and says so', async () => {
    serveRecord();
    server.use(
      http.get(`/api/self/certificates/${CERT_CODE}`, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.4').buffer, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="certificate-fitness.pdf"',
          },
        }),
      ),
    );
    downloads = catchDownloads();
    const sent = recordRequests();
    const { user } = renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    await user.click(await screen.findByRole('button', { name: 'Download certificate of Fitness Basics (PDF)' }));
    expect(await screen.findByText('Certificate downloaded: certificate-fitness.pdf')).toBeTruthy();
    expect(downloads.names).toEqual(['certificate-fitness.pdf']);
    expect(sent.map((r) => r.path)).toContain(`/api/self/certificates/${CERT_CODE}`);
  });

  it("says a certificate could not be downloaded, in the server's words", async () => {
    serveRecord();
    server.use(http.get(`/api/self/certificates/${CERT_CODE}`, () => errorAnswer(404, 'No such certificate.')));
    const { user } = renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    await user.click(await screen.findByRole('button', { name: 'Download certificate of Fitness Basics (PDF)' }));
    expect(await screen.findByText('The certificate could not be downloaded.')).toBeTruthy();
    expect(screen.getByText('No such certificate.')).toBeTruthy();
  });

  it('copies the verify link and says which', async () => {
    serveRecord();
    const { user } = renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    await user.click(await screen.findByRole('button', { name: 'Copy verify link of Fitness Basics' }));
    const link = `http://localhost:3000/verify/${CERT_CODE}`;
    expect(await screen.findByText(`Verify link copied: ${link}`)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('says when the record could not be loaded', async () => {
    server.use(http.get('/api/self/record', () => errorAnswer(500, 'Database unavailable.')));
    renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your record could not be loaded.');
    expect(alert.textContent).toContain('Database unavailable.');
  });

  it('says when nothing is assigned', async () => {
    server.use(http.get('/api/self/record', () => HttpResponse.json(makeRecord([]))));
    renderWithApp(<MyRecord />, { path: '/record', me: TRAINEE });
    expect(await screen.findByText('No training is assigned yet.')).toBeTruthy();
  });
});
