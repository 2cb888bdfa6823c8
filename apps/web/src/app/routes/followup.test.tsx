import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { followupAnswerSchema, followupResponseSchema, type FollowupResponse } from '@airman/contracts/followup.ts';
import { makeItem, makeQuestionnaire, scaleOf } from '@airman/contracts/test-questionnaire.ts';
import { makeUser } from '#testing/fixtures.ts';
import { renderRoutes } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { Component as Followup } from './followup.tsx';

const FOLLOWUP: FollowupResponse = followupResponseSchema.parse({
  module: 'fitness',
  title: 'Fitness Basics',
  completed_at: Date.UTC(2026, 0, 5, 12),
  answered_at: 0,
  questionnaire: makeQuestionnaire({
    title: 'Fitness check',
    instructions: 'Think about the last week.',
    scale: scaleOf('Disagree', 'Neither', 'Agree'),
    items: [makeItem('calm', 'I stay calm.'), makeItem('focus', 'I stay focused.')],
  }),
});

function renderFollowup() {
  return renderRoutes([{ path: '/followup/:module', element: <Followup /> }], '/followup/fitness', {
    me: makeUser({ id: 'jane', role: 'user' }),
  }).user;
}

describe('/followup/:module', () => {
  it('asks every question of the questionnaire alone, refuses a partial answer, then sends and thanks', async () => {
    let answered: FollowupResponse | undefined;
    server.use(
      http.get('/api/followups/fitness', () => HttpResponse.json(answered ?? FOLLOWUP)),
      http.post('/api/followups/fitness', async ({ request }) => {
        followupAnswerSchema.parse(await request.json());
        answered = { ...FOLLOWUP, answered_at: Date.UTC(2026, 1, 4) };
        return HttpResponse.json(answered);
      }),
    );
    const sent = recordRequests();
    const user = renderFollowup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fitness Basics: a few questions' })).toBeTruthy();
    expect(screen.getByText('Think about the last week.')).toBeTruthy();
    const calm = screen.getByRole('group', { name: '1. I stay calm.' });
    const focus = screen.getByRole('group', { name: '2. I stay focused.' });
    expect(
      within(calm)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(calm).getByRole('radio', { name: 'Agree' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(screen.getByRole('alert').textContent).toContain('1 of 2 questions not answered.');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(within(focus).getByRole('radio', { name: 'Neither' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Thank you: your answers are recorded.')).toBeTruthy();
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/api/followups/fitness', { answers: { calm: 3, focus: 2 } }],
    ]);
  });

  it('says when it was answered, and why it cannot be shown', async () => {
    server.use(
      http.get('/api/followups/fitness', () => HttpResponse.json({ ...FOLLOWUP, answered_at: Date.UTC(2026, 1, 4) })),
    );
    renderFollowup();
    expect(await screen.findByText('You have answered this questionnaire.')).toBeTruthy();
    expect(screen.getByText(`Answered on ${new Date(Date.UTC(2026, 1, 4)).toLocaleDateString()}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send my answers' })).toBeNull();
  });

  it("shows the server's refusal when there is no follow-up for the trainee", async () => {
    server.use(
      http.get('/api/followups/fitness', () => errorAnswer(404, "No follow-up questionnaire of 'fitness' for you")),
    );
    renderFollowup();
    expect((await screen.findByRole('alert')).textContent).toContain("No follow-up questionnaire of 'fitness' for you");
  });
});
