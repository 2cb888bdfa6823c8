import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoutes } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { CERT_CODE, makeVerification } from '#testing/record.ts';
import { Component as Verify } from './verify.tsx';

/** /verify/:code? as the app routes it, opened at `path`, with no session. */
function renderVerify(path: string) {
  return renderRoutes([{ path: '/verify/:code?', element: <Verify /> }], path);
}

const verifyCalls = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((r) => r.path.startsWith('/api/certificates/')).map((r) => r.path);

describe('/verify', () => {
  it('shows a valid certificate: whose, which module, when completed and until when', async () => {
    server.use(http.get(`/api/certificates/${CERT_CODE}`, () => HttpResponse.json(makeVerification())));
    const sent = recordRequests();
    renderVerify(`/verify/${CERT_CODE}`);
    const status = screen.getByRole('status');
    expect(await screen.findByText('This certificate is valid.')).toBeTruthy();
    expect(status.textContent).toContain('SrA Jane Doe');
    expect(status.textContent).toContain('Fitness Basics');
    expect(status.textContent).toContain('Feb 3, 2027');
    expect(sent[0]?.headers.get('authorization')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('says an expired certificate is not valid, and since when', async () => {
    server.use(
      http.get(`/api/certificates/${CERT_CODE}`, () =>
        HttpResponse.json(makeVerification({ valid: false, reason: 'expired', expires_at: Date.UTC(2026, 5, 1, 12) })),
      ),
    );
    renderVerify(`/verify/${CERT_CODE}`);
    expect(await screen.findByText('This certificate is not valid. It expired on Jun 1, 2026.')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
  });

  it("gives another reason in the server's words", async () => {
    server.use(
      http.get(`/api/certificates/${CERT_CODE}`, () =>
        HttpResponse.json(makeVerification({ valid: false, reason: 'The module was completed again.' })),
      ),
    );
    renderVerify(`/verify/${CERT_CODE}`);
    expect(await screen.findByText('This certificate is not valid. The module was completed again.')).toBeTruthy();
    expect(screen.getByText('Not valid')).toBeTruthy();
  });

  it('says no certificate has an unknown code', async () => {
    server.use(http.get(`/api/certificates/${CERT_CODE}`, () => errorAnswer(404, 'Certificate not found.')));
    renderVerify(`/verify/${CERT_CODE}`);
    expect(await screen.findByText('No certificate has this code.')).toBeTruthy();
  });

  it('does not ask about what cannot be a code', async () => {
    const sent = recordRequests();
    renderVerify('/verify/abc');
    expect(screen.getByText('“abc” is not a certificate code.')).toBeTruthy();
    expect(verifyCalls(sent)).toEqual([]);
  });

  it('checks the code typed, and refuses a malformed one with a clear error', async () => {
    server.use(http.get(`/api/certificates/${CERT_CODE}`, () => HttpResponse.json(makeVerification())));
    const sent = recordRequests();
    const { user, router } = renderVerify('/verify');
    const field = screen.getByRole('textbox', { name: 'Certificate code' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter a certificate code.')).toBeTruthy();
    await user.type(field, 'not a code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      screen.getByText('Enter the code as printed on the certificate: 22 or more letters, digits, - or _.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify');
    expect((field as HTMLInputElement).value).toBe('not a code');
    await user.clear(field);
    await user.type(field, ` ${CERT_CODE} {Enter}`);
    expect(await screen.findByText('This certificate is valid.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/verify/${CERT_CODE}`);
    expect(verifyCalls(sent)).toEqual([`/api/certificates/${CERT_CODE}`]);
  });
});
