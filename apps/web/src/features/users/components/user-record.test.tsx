import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { CERT_CODE, catchDownloads, completedAssignment, makeRecord } from '#testing/record.ts';
import { UserRecord } from './user-record.tsx';

let downloads: ReturnType<typeof catchDownloads> | undefined;
afterEach(() => downloads?.restore());

describe('UserRecord', () => {
  it("shows the trainee's runs and certificate, without the trainee's own download", async () => {
    server.use(http.get('/api/admin/users/jane/record', () => HttpResponse.json(makeRecord([completedAssignment()]))));
    renderWithApp(<UserRecord userId="jane" userName="jane@example.com" />);
    const fitness = await screen.findByRole('region', { name: 'Fitness Basics' });
    expect(within(fitness).getByRole('heading', { level: 4, name: 'Fitness Basics' })).toBeTruthy();
    expect(within(fitness).getByText(CERT_CODE)).toBeTruthy();
    expect(within(fitness).getAllByRole('row')).toHaveLength(3);
    expect(within(fitness).queryByRole('button', { name: /Download certificate/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it("downloads the trainee's record as CSV", async () => {
    server.use(
      http.get('/api/admin/users/jane/record', () => HttpResponse.json(makeRecord([]))),
      http.get(
        '/api/admin/users/jane/record.csv',
        () =>
          new HttpResponse('module,started\n', {
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="jane-record.csv"' },
          }),
      ),
    );
    downloads = catchDownloads();
    const sent = recordRequests();
    const { user } = renderWithApp(<UserRecord userId="jane" userName="jane@example.com" />);
    await user.click(screen.getByRole('button', { name: 'Download record (CSV) of jane@example.com' }));
    expect(await screen.findByText('Record downloaded: jane-record.csv')).toBeTruthy();
    expect(downloads.names).toEqual(['jane-record.csv']);
    expect(sent.map((r) => r.path)).toContain('/api/admin/users/jane/record.csv');
  });

  it("says when the record could not be loaded, in the server's words", async () => {
    server.use(http.get('/api/admin/users/jane/record', () => errorAnswer(404, 'User not found.')));
    renderWithApp(<UserRecord userId="jane" userName="jane@example.com" />);
    expect(await screen.findByText('User not found.')).toBeTruthy();
    expect(screen.getByText('Error loading the record.')).toBeTruthy();
  });
});
