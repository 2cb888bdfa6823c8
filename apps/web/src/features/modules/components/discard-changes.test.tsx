import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EditorView } from 'codemirror';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { ModulesScreen } from './modules-screen.tsx';

// CodeMirror measures text through Range rectangles, which jsdom lacks: empty ones here.
Range.prototype.getClientRects ??= () => document.createElement('div').getClientRects();
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const base = makeModule({ id: 'ready_airman_training', game_title: 'Ready Airman' });
const draft = makeModule({ id: 'copy-1', game_type: 'ready_airman_training', game_title: 'Guarded' });
const GUARD = 'Discard unsaved changes?';

/** The modules screen, its copy read afresh by either editor. */
function renderScreen() {
  server.use(
    http.get('/api/modules', () => HttpResponse.json([base, draft])),
    http.get('/api/modules/copy-1', () => HttpResponse.json(draft)),
  );
  const sent = recordRequests();
  return { ...renderWithApp(<ModulesScreen />, { path: '/modules' }), sent };
}

/** The copy's row's button whose name starts with `name`. */
async function rowButton(name: RegExp): Promise<HTMLElement> {
  await screen.findByRole('table', { name: 'Training Modules' });
  const cell = screen
    .getAllByText('Guarded', { selector: 'td' })
    .find((c) => (c as HTMLTableCellElement).cellIndex === 0);
  return within(cell?.closest('tr') ?? document.body).getByRole('button', { name });
}

async function openEditor(user: ReturnType<typeof renderScreen>['user']) {
  const edit = await rowButton(/^Edit\s*Guarded$/);
  await user.click(edit);
  // The editor's code loads on its first opening: slow on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: 'Edit Module: Guarded' });
  const title = await within(dialog).findByLabelText<HTMLInputElement>('Title');
  return { edit, dialog, title };
}

const writes = (sent: ReturnType<typeof renderScreen>['sent']) => sent.filter((r) => r.method !== 'GET');

describe('closing an editor with unsaved changes', () => {
  it('asks on Escape; Keep editing, focused first, goes back to the field with the edit kept', async () => {
    const { user } = renderScreen();
    const { dialog, title } = await openEditor(user);
    await user.type(title, ' (draft)');
    await user.keyboard('{Escape}');
    const guard = await screen.findByRole('dialog', { name: GUARD });
    expect(within(guard).getByText('Your changes have not been saved. Closing now loses them.')).toBeTruthy();
    const keep = within(guard).getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    expect(await seriousViolations()).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: GUARD })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit Module: Guarded' })).toBe(dialog);
    expect(title.value).toBe('Guarded (draft)');
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('asks on the footer’s Close; Discard changes closes, saves nothing and gives the focus back', async () => {
    const { user, sent } = renderScreen();
    const { edit, dialog, title } = await openEditor(user);
    await user.type(title, ' (draft)');
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closes[closes.length - 1] as HTMLElement);
    const guard = await screen.findByRole('dialog', { name: GUARD });
    await user.click(within(guard).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Edit Module/ })).toBeNull());
    expect(screen.queryByRole('dialog', { name: GUARD })).toBeNull();
    expect(writes(sent)).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('closes at once on Escape when nothing was changed', async () => {
    const { user } = renderScreen();
    const { title } = await openEditor(user);
    await user.click(title);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Module: Guarded' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: GUARD })).toBeNull();
  });

  it('closes at once when the edit was undone by hand', async () => {
    const { user } = renderScreen();
    const { dialog, title } = await openEditor(user);
    await user.type(title, 'X');
    await user.keyboard('{Backspace}');
    expect(title.value).toBe('Guarded');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Module: Guarded' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: GUARD })).toBeNull();
  });

  it('asks in the JSON editor too', async () => {
    const { user, sent } = renderScreen();
    await user.click(await rowButton(/^Edit JSON/));
    const dialog = await screen.findByRole('dialog', { name: 'Guarded' });
    const host = await waitFor(() => {
      const editor = dialog.querySelector<HTMLElement>('.cm-editor');
      if (!editor) throw new Error('no JSON editor yet');
      return editor;
    });
    const view = EditorView.findFromDOM(host);
    act(() => view?.dispatch({ changes: { from: view.state.doc.length, insert: ' ' } }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    const guard = await screen.findByRole('dialog', { name: GUARD });
    await user.click(within(guard).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Guarded' })).toBeNull());
    expect(writes(sent)).toEqual([]);
  });

  it('asks the browser before the page is left with unsaved changes, and not without them', async () => {
    const { user } = renderScreen();
    const { title } = await openEditor(user);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(title, ' (draft)');
    expect(leave()).toBe(true);
  });
});
