/** What the component under test sent: each request's method, path, body and headers, in order. */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from './server.ts';

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/** Records every request the server answers from here on (a listener: it answers nothing itself). */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    // The body is read from a copy: the handler reads the request itself.
    const copy = request.clone();
    const entry: SentRequest = {
      method: request.method,
      path: url.pathname + url.search,
      body: undefined,
      headers: request.headers,
    };
    sent.push(entry);
    const json = request.headers.get('content-type')?.includes('json') ?? false;
    void copy.text().then((text) => {
      entry.body = text && json ? (JSON.parse(text) as unknown) : text || undefined;
    });
  });
  return sent;
}

/** A server error as the API sends one: `{message}` with a status (and headers). */
export function errorAnswer(status: number, message: string, headers: Record<string, string> = {}) {
  return HttpResponse.json({ message }, { status, headers });
}

/** A handler that answers `json` after `ms` ms, so a test can see the call pending. */
export function slowJson(method: 'get' | 'post' | 'put' | 'delete', path: string, json: JsonBodyType, ms = 50) {
  return http[method](path, async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return HttpResponse.json(json);
  });
}

/** A promise the test resolves itself: a handler that waits on it shows the call pending for as long as needed. */
export function gate(): { wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
