import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { gameAssignmentSchema, startRunResponseSchema, type GameAssignment } from '@airman/contracts/game.ts';
import { makeGameAssignment } from '@airman/contracts/test-assignments.ts';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { createBridge } from '@airman/game/bridge.ts';
import { mountGame } from '@airman/game/main.ts';
import { getJson, sendJson } from '#lib/api-client.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { completedAssignment, makeRecord, untouchedAssignment } from '#testing/record.ts';

const DAY = 86_400_000;

// The game finds the control to focus by its id through CSS.escape, which jsdom lacks: the ids here are plain words.
globalThis.CSS ??= { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) } as typeof CSS;

function assignment(overrides: Partial<GameAssignment>): GameAssignment {
  return gameAssignmentSchema.parse(makeGameAssignment('fitness', { title: 'Fitness Basics', ...overrides }));
}

/** The game as the training page mounts it, its calls through the page's client, with a session. */
async function mount() {
  localStorage.setItem('token', 'x');
  const area = document.createElement('div');
  document.body.append(area);
  const bridge = createBridge((event, reply) => {
    if (event.type === 'token-request') reply({ type: 'token', token: 'signed-in' });
  });
  return mountGame(area, { bridge, http: { get: (p) => getJson(p), post: (p, b) => sendJson('post', p, b) } });
}

describe('the training list', () => {
  it('shows each module with its dates, best result and lateness, past due first, completed last', async () => {
    const now = Date.now();
    const fitness = completedAssignment({ due_at: now - 40 * DAY, completed_at: now - 30 * DAY });
    server.use(
      http.get('/api/game/assignments', () =>
        HttpResponse.json([
          assignment({
            module: 'fitness',
            title: 'Fitness Basics',
            status: 'Complete',
            completed_at: fitness.completed_at,
            due_at: fitness.due_at,
          }),
          assignment({ module: 'sleep', title: 'Sleep Well', due_at: now + 5 * DAY }),
          assignment({ module: 'food', title: 'Eat Well', status: 'Past Due', due_at: now - 2 * DAY }),
        ]),
      ),
      http.get('/api/self/record', () =>
        HttpResponse.json(
          makeRecord([
            fitness,
            untouchedAssignment({ due_at: now + 5 * DAY }),
            untouchedAssignment({ module: 'food', title: 'Eat Well', status: 'past_due', due_at: now - 2 * DAY }),
          ]),
        ),
      ),
    );
    const game = await mount();
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Eat Well',
      'Sleep Well',
      'Fitness Basics',
    ]);
    const done = cards[2] as HTMLElement;
    expect(within(done).getByText('Late')).toBeTruthy();
    expect(done.textContent).toContain('640 points, 3 stars');
    expect(within(cards[1] as HTMLElement).queryByText('Best')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
    game.destroy();
  });

  it('shows the list without best results when the record cannot be read', async () => {
    server.use(
      http.get('/api/game/assignments', () => HttpResponse.json([assignment({})])),
      http.get('/api/self/record', () => HttpResponse.json({ message: 'Unavailable.' }, { status: 500 })),
    );
    const game = await mount();
    expect(await screen.findByRole('button', { name: 'Play Fitness Basics' })).toBeTruthy();
    expect(screen.queryByText('Best')).toBeNull();
    game.destroy();
  });

  it("shows a completed module's best result on its briefing", async () => {
    const fitness = completedAssignment();
    server.use(
      http.get('/api/game/assignments', () =>
        HttpResponse.json([assignment({ status: 'Complete', completed_at: fitness.completed_at })]),
      ),
      http.get('/api/self/record', () => HttpResponse.json(makeRecord([fitness]))),
      http.post('/api/game/runs', () =>
        HttpResponse.json(
          startRunResponseSchema.parse({
            run_id: 'r1',
            seed: 7,
            module: tinyModule,
            log: [],
            answers_before: null,
            answers_after: null,
            questionnaire: { before: false, after: false },
          }),
        ),
      ),
    );
    const game = await mount();
    await userEvent.click(await screen.findByRole('button', { name: 'Play Fitness Basics' }));
    expect(await screen.findByText('Your best so far: 640 points, 3 stars.')).toBeTruthy();
    game.destroy();
  });
});
