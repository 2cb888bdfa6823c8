import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserUpdateRequest } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import { makeUser } from '#testing/fixtures.ts';
import { Providers, testQueryClient } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { useUserAutosave } from './use-user-autosave.ts';

const PATH = '/api/admin/users/u1';

/** The hook inside the app's providers; `onSaved` records what each save answered. */
function renderAutosave() {
  const onSaved = vi.fn<(user: User, patch: UserUpdateRequest) => void>();
  const queryClient = testQueryClient();
  const hook = renderHook(() => useUserAutosave('u1', { onSaved }), {
    wrapper: ({ children }) => <Providers queryClient={queryClient}>{children}</Providers>,
  });
  return { saver: hook.result.current, onSaved, hook };
}

/** Answers each save with the user the patch makes (names and role applied). */
function serveSaves(patches: UserUpdateRequest[] = []) {
  server.use(
    http.post(PATH, async ({ request }) => {
      const patch = (await request.json()) as UserUpdateRequest;
      patches.push(patch);
      const { assignments: _ignored, ...fields } = patch;
      return HttpResponse.json(makeUser({ id: 'u1', ...fields }));
    }),
  );
  return patches;
}

describe('useUserAutosave', () => {
  it('merges edits made within the debounce into one save', async () => {
    const patches = serveSaves();
    const { saver, onSaved } = renderAutosave();
    act(() => {
      saver.edit({ unit: 'A' });
      saver.edit({ unit: 'B', rank: 'SSgt' });
    });
    expect(patches).toHaveLength(0);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(patches).toEqual([{ unit: 'B', rank: 'SSgt' }]);
    expect(onSaved.mock.calls[0]?.[1]).toEqual({ unit: 'B', rank: 'SSgt' });
  });

  it('merges due dates by assignment, the newest of each winning', async () => {
    const patches = serveSaves();
    const { saver, onSaved } = renderAutosave();
    act(() => {
      saver.edit({ assignments: [{ key: 'a', due_at: 1 }] });
      saver.edit({ assignments: [{ key: 'b', due_at: 2 }] });
      saver.edit({ assignments: [{ key: 'a', due_at: 3 }] });
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(patches).toEqual([
      {
        assignments: [
          { key: 'a', due_at: 3 },
          { key: 'b', due_at: 2 },
        ],
      },
    ]);
    expect(await screen.findByText('Assignment due date updated')).toBeTruthy();
  });

  it('says each field saved in the words of spec §8', async () => {
    serveSaves();
    const { saver } = renderAutosave();
    act(() => saver.edit({ unit: 'X', rank: 'SSgt', role: 'admin', active_at: 1, first_name: 'Ann' }));
    await act(() => saver.flush());
    for (const title of [
      'User unit updated',
      'User rank updated',
      'Role admin assigned to Ann Doe',
      'Ann Doe status has been updated',
      'User updated',
    ])
      expect(await screen.findByText(title)).toBeTruthy();
  });

  it('saves at once on flush (closing the modal), with an Idempotency-Key', async () => {
    const sent = recordRequests();
    const patches = serveSaves();
    const { saver } = renderAutosave();
    act(() => saver.edit({ role: 'admin' }));
    await act(() => saver.flush());
    expect(patches).toEqual([{ role: 'admin' }]);
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(saver.dirty).toBe(false);
  });

  it("drops a refused value: one error toast per field with the server's reason, no retry", async () => {
    let posts = 0;
    server.use(
      http.post(PATH, () => {
        posts += 1;
        return errorAnswer(400, 'unit: Too big: expected string to have <=100 characters');
      }),
    );
    const { saver, onSaved } = renderAutosave();
    act(() => saver.edit({ unit: 'x'.repeat(101) }));
    await act(() => saver.flush());
    expect(await screen.findByText('Error updating unit.')).toBeTruthy();
    expect(screen.getByText('unit: Too big: expected string to have <=100 characters')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(saver.dirty).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts).toBe(1);
  });

  it('drops a 409 as a refusal too', async () => {
    server.use(http.post(PATH, () => errorAnswer(409, 'That e-mail address is already in use.')));
    const { saver } = renderAutosave();
    act(() => saver.edit({ user_name: 'taken@example.com' }));
    await act(() => saver.flush());
    expect(await screen.findByText('Error updating user.')).toBeTruthy();
    expect(screen.getByText('That e-mail address is already in use.')).toBeTruthy();
    expect(saver.dirty).toBe(false);
  });

  it('keeps a value the server could not take now, and saves it on the next try', async () => {
    const patches: UserUpdateRequest[] = [];
    let calls = 0;
    server.use(
      http.post(PATH, async ({ request }) => {
        calls += 1;
        const patch = (await request.json()) as UserUpdateRequest;
        // The client tries a 503 three times in all before the autosave sees it fail.
        if (calls <= 3) return errorAnswer(503, 'The database cannot be reached.', { 'Retry-After': '0' });
        patches.push(patch);
        // The saved user: the patch's fields (an assignment list is not among the test's edits).
        const { assignments: _unused, ...fields } = patch;
        return HttpResponse.json(makeUser({ id: 'u1', ...fields }));
      }),
    );
    const { saver, onSaved } = renderAutosave();
    act(() => saver.edit({ active_at: 0 }));
    await act(() => saver.flush());
    // Shown without the server's words: it is not a refusal of the value.
    expect(await screen.findByText('Error updating user status')).toBeTruthy();
    expect(screen.queryByText('The database cannot be reached.')).toBeNull();
    expect(saver.dirty).toBe(true);
    // The retry's backoff is 2 s; flushing saves at once.
    await act(() => saver.flush());
    expect(patches).toEqual([{ active_at: 0 }]);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(saver.dirty).toBe(false);
  });

  it('says a save the network lost failed, and sends it again by itself until it arrives', async () => {
    const patches: UserUpdateRequest[] = [];
    let calls = 0;
    server.use(
      http.post(PATH, async ({ request }) => {
        calls += 1;
        // Offline: the client's own three tries fail before the autosave sees the save fail.
        if (calls <= 3) return HttpResponse.error();
        const patch = (await request.json()) as UserUpdateRequest;
        patches.push(patch);
        return HttpResponse.json(makeUser({ id: 'u1', unit: patch.unit ?? '' }));
      }),
    );
    const { saver, onSaved } = renderAutosave();
    act(() => saver.edit({ unit: 'Offline Unit' }));
    expect(await screen.findByText('Error updating unit.')).toBeTruthy();
    expect(saver.dirty).toBe(true);
    // No flush: the autosave's own retry, after its backoff, reaches the server.
    expect(await screen.findByText('User unit updated')).toBeTruthy();
    expect(patches).toEqual([{ unit: 'Offline Unit' }]);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(saver.dirty).toBe(false);
  });

  it('puts a failed save back under edits made meanwhile', async () => {
    const patches: UserUpdateRequest[] = [];
    let calls = 0;
    server.use(
      http.post(PATH, async ({ request }) => {
        calls += 1;
        const patch = (await request.json()) as UserUpdateRequest;
        if (calls <= 3) return errorAnswer(503, 'busy', { 'Retry-After': '0' });
        patches.push(patch);
        return HttpResponse.json(makeUser({ id: 'u1' }));
      }),
    );
    const { saver } = renderAutosave();
    act(() => saver.edit({ unit: 'Old', rank: 'SSgt' }));
    const first = saver.flush();
    act(() => saver.edit({ unit: 'New' }));
    await act(() => first);
    await act(() => saver.flush());
    expect(patches).toEqual([{ unit: 'New', rank: 'SSgt' }]);
  });

  it('keeps saving after the component that started it is gone', async () => {
    const patches = serveSaves();
    const { saver, hook, onSaved } = renderAutosave();
    act(() => saver.edit({ last_name: 'Later' }));
    hook.unmount();
    await waitFor(() => expect(patches).toEqual([{ last_name: 'Later' }]));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
  });
});
