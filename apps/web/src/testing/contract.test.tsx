import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractProblem, mockedAnswers } from './contract.ts';
import { makeUser } from './fixtures.ts';
import { errorAnswer } from './requests.ts';
import { server } from './server.ts';

const url = (path: string) => new URL(path, window.location.href).href;

describe('contractProblem', () => {
  it('finds nothing wrong with an answer its route’s schema takes', () => {
    expect(contractProblem('GET', url('/api/admin/users/u-1'), makeUser())).toBeUndefined();
    expect(
      contractProblem('POST', url('/api/admin/users/bulk'), { action: 'assign', done: 1, skipped: 0, results: [] }),
    ).toBeUndefined();
  });

  it('names the call, the route and the field of an answer its route’s schema refuses', () => {
    const { role: _role, ...withoutRole } = makeUser();
    expect(contractProblem('GET', url('/api/admin/users/u-1?x=1'), withoutRole)).toMatch(
      /^GET \/api\/admin\/users\/u-1 was answered with what the contract of GET \/api\/admin\/users\/:id refuses: role: /,
    );
  });

  it('says so of a call no route of the contract is', () => {
    expect(contractProblem('PATCH', url('/api/admin/users/u-1'), {})).toMatch(
      /^PATCH \/api\/admin\/users\/u-1 was answered with JSON, but no route of the contract/,
    );
  });
});

describe('mockedAnswers', () => {
  it('fails with every mocked success answer that breaks the contract, once', async () => {
    server.use(
      http.get('/api/session', () => HttpResponse.json({ ...makeUser(), pending: 'no' })),
      http.get('/api/admin/units', () => HttpResponse.json({ units: [] })),
    );
    await fetch('/api/session');
    await fetch('/api/admin/units');
    await expect(mockedAnswers.verify()).rejects.toThrow(
      "A mocked answer breaks the API's contract:\nGET /api/session was answered with what the contract of GET /api/session refuses: pending: ",
    );
    await expect(mockedAnswers.verify()).resolves.toBeUndefined();
  });

  it('leaves error answers and answers that are not JSON alone', async () => {
    server.use(
      http.get('/api/session', () => errorAnswer(401, 'Sign in again.')),
      http.get('/api/self/certificates/c-1', () => HttpResponse.arrayBuffer(new ArrayBuffer(4))),
    );
    await fetch('/api/session');
    await fetch('/api/self/certificates/c-1');
    await expect(mockedAnswers.verify()).resolves.toBeUndefined();
  });
});
