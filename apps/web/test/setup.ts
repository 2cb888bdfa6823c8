/**
 * The web project's setup (jsdom): MSW at the HTTP boundary, its success answers
 * held to the API's contract, a clean DOM and storage for each test, and the few
 * browser APIs jsdom lacks that Carbon and the screens call.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { mockedAnswers } from '../src/testing/contract.ts';
import { staticMediaQueryList } from '../src/testing/media-query.ts';
import { server } from '../src/testing/server.ts';

// findBy… and waitFor wait up to 15 s: two test files run at once, beside the e2e suite at the lowest
// CPU priority (scripts/test.mjs), and a wait that is met returns at once: only a failure waits that long.
configure({ asyncUtilTimeout: 15_000 });

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoResizeObserver;
window.matchMedia ??= (query: string) => staticMediaQueryList(query, false);
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// The API client's calls are relative ('/api/…'), as in a page; Node's Request wants an absolute URL.
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Every JSON success answer a handler gives is checked against its route's schema: a mock that
// has drifted from the contract fails the test that got it (testing/contract.ts).
beforeEach(() => mockedAnswers.watch(server));
afterEach(async () => {
  try {
    await mockedAnswers.verify();
  } finally {
    cleanup();
    server.resetHandlers();
    server.events.removeAllListeners();
    localStorage.clear();
    document.body.innerHTML = '';
  }
});
afterAll(() => server.close());
