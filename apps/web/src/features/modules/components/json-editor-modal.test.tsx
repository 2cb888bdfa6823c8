import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EditorView } from 'codemirror';
import type { Module } from '@airman/contracts/module.ts';
import { makeQuestionnaire } from '@airman/contracts/test-questionnaire.ts';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { ModulesScreen } from './modules-screen.tsx';

// CodeMirror measures text through Range rectangles, which jsdom lacks: empty ones here.
Range.prototype.getClientRects ??= () => document.createElement('div').getClientRects();
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const base = makeModule({
  id: 'ready_airman_training',
  game_type: 'ready_airman_training',
  game_title: 'Ready Airman',
});
const copy = makeModule({ id: 'copy-1', game_type: 'ready_airman_training', game_title: 'Fitness Copy', days: 3 });
const QUESTIONNAIRE = 'Comprehensive Airman Fitness';
const questionnaire = makeQuestionnaire({ title: QUESTIONNAIRE });

function serveModules(modules: Module[] = [base, copy]) {
  server.use(http.get('/api/modules', () => HttpResponse.json(modules)));
}

/** The open JSON editor's text. */
function editorText(dialog: HTMLElement): string {
  return within(dialog).getByRole('textbox').textContent ?? '';
}

/** Replaces the open JSON editor's text, as one edit of the editor (CodeMirror takes no typing in jsdom). */
function replaceText(dialog: HTMLElement, text: string): void {
  const editor = dialog.querySelector<HTMLElement>('.cm-editor');
  const view = editor && EditorView.findFromDOM(editor);
  if (!view) throw new Error('no JSON editor open');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

async function openJson(title: string) {
  const rendered = renderWithApp(<ModulesScreen />, { path: '/modules' });
  await screen.findByRole('table', { name: 'Training Modules' });
  const cell = screen.getAllByText(title, { selector: 'td' }).find((c) => (c as HTMLTableCellElement).cellIndex === 0);
  await rendered.user.click(within(cell?.closest('tr') ?? document.body).getByRole('button', { name: /^Edit JSON/ }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: title }) };
}

async function openQuestionnaire() {
  const rendered = renderWithApp(<ModulesScreen />, { path: '/modules' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Edit Questionnaire JSON' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: QUESTIONNAIRE }) };
}

describe("a module's JSON editor", () => {
  it('opens on the module as the server has it now (GET modules/{id}), not the list’s copy', async () => {
    serveModules();
    server.use(http.get('/api/modules/copy-1', () => HttpResponse.json({ ...copy, days: 4 })));
    const sent = recordRequests();
    const { dialog } = await openJson('Fitness Copy');
    // The editor's code loads on its first opening: slow on a busy machine.
    await waitFor(() => expect(editorText(dialog)).toContain('"days": 4,'));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/modules/copy-1');
  });

  it('shows it is loading the module, Save disabled, until the module arrives', async () => {
    serveModules();
    const held = gate();
    server.use(
      http.get('/api/modules/copy-1', async () => {
        await held.wait;
        return HttpResponse.json(copy);
      }),
    );
    const { dialog } = await openJson('Fitness Copy');
    expect(within(dialog).getByText('Loading Fitness Copy')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    held.open();
    await waitFor(() => expect(editorText(dialog)).toContain('"game_title": "Fitness Copy"'));
    expect(within(dialog).queryByText('Loading Fitness Copy')).toBeNull();
  });

  it("says the module could not be loaded, with the server's words, instead of an editor", async () => {
    serveModules();
    server.use(http.get('/api/modules/copy-1', () => errorAnswer(500, 'The database is unreachable.')));
    const { dialog } = await openJson('Fitness Copy');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The module could not be loaded.');
    expect(alert.textContent).toContain('The database is unreachable.');
    expect(dialog.querySelector('.cm-editor')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('refuses text that is not JSON with the parse alert, and sends nothing', async () => {
    serveModules();
    server.use(http.get('/api/modules/copy-1', () => HttpResponse.json(copy)));
    const sent = recordRequests();
    const { dialog, user } = await openJson('Fitness Copy');
    await waitFor(() => expect(editorText(dialog)).toContain('"game_title"'));
    replaceText(dialog, `${editorText(dialog)}oops`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Error parsing module.');
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('keeps a base module locked, Save disabled, until its toggle unlocks it', async () => {
    serveModules();
    server.use(http.get('/api/modules/ready_airman_training', () => HttpResponse.json(base)));
    const { dialog, user } = await openJson('Ready Airman');
    await waitFor(() => expect(editorText(dialog)).toContain('"game_title": "Ready Airman"'));
    expect(within(dialog).getByRole('textbox').getAttribute('aria-readonly')).toBe('true');
    replaceText(dialog, '{"game_title": "Changed"}');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('switch'));
    expect(within(dialog).getByRole('textbox').getAttribute('aria-readonly')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it("says the module was refused, with the server's reason, and keeps the editor open", async () => {
    serveModules();
    server.use(
      http.get('/api/modules/copy-1', () => HttpResponse.json(copy)),
      http.put('/api/modules/copy-1', () => errorAnswer(400, 'days: Too small: expected number to be >=1')),
    );
    const { dialog, user } = await openJson('Fitness Copy');
    await waitFor(() => expect(editorText(dialog)).toContain('"days": 3,'));
    replaceText(dialog, JSON.stringify({ ...copy, days: 0 }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('There was an error updating this module.');
    expect(alert.textContent).toContain('days: Too small: expected number to be >=1');
    expect(await screen.findByText('Error editing module')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Fitness Copy' })).toBe(dialog);
  });
});

/** On the modules screen, the copy's Edit button: its table editor opens (its code loads on first use). */
async function openTableEditor() {
  const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
  await screen.findByRole('table', { name: 'Training Modules' });
  const cell = screen
    .getAllByText('Fitness Copy', { selector: 'td' })
    .find((c) => (c as HTMLTableCellElement).cellIndex === 0);
  await user.click(within(cell?.closest('tr') ?? document.body).getByRole('button', { name: /^Edit\s*Fitness Copy$/ }));
}

describe("a module's table editor", () => {
  it('opens on the module as the server has it now (GET modules/{id}) too', async () => {
    serveModules();
    server.use(http.get('/api/modules/copy-1', () => HttpResponse.json({ ...copy, days: 4 })));
    await openTableEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Module: Fitness Copy' });
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('Days').value).toBe('4'));
  });
});

describe("a module's table editor, loading", () => {
  it('says it is loading the module with Save disabled, then that it could not be loaded', async () => {
    serveModules();
    const held = gate();
    server.use(
      http.get('/api/modules/copy-1', async () => {
        await held.wait;
        return errorAnswer(500, 'The database is unreachable.');
      }),
    );
    await openTableEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Module: Fitness Copy' });
    expect(within(dialog).getByText('Loading the module')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    held.open();
    expect(await within(dialog).findByText('The module could not be loaded.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('the questionnaire’s JSON editor', () => {
  it('says the questionnaire could not be loaded, not that it could not be updated', async () => {
    serveModules();
    server.use(http.get('/api/modules/questionnaire', () => errorAnswer(500, 'The database is unreachable.')));
    const { dialog } = await openQuestionnaire();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The questionnaire could not be loaded.');
    expect(alert.textContent).toContain('The database is unreachable.');
    expect(screen.queryByText('There was an error updating the questionnaire.')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows the update's error alert when the server refuses the questionnaire, and stays open", async () => {
    serveModules();
    server.use(
      http.get('/api/modules/questionnaire', () => HttpResponse.json(questionnaire)),
      http.put('/api/modules/questionnaire', () => errorAnswer(400, 'domains: Required')),
    );
    const sent = recordRequests();
    const { dialog, user } = await openQuestionnaire();
    await waitFor(() => expect(editorText(dialog)).toContain(QUESTIONNAIRE));
    replaceText(dialog, '{}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('There was an error updating the questionnaire.');
    expect(alert.textContent).toContain('domains: Required');
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({});
    expect(screen.queryByText('Questionnaire updated')).toBeNull();
  });

  it('saves the questionnaire as edited, says so and closes', async () => {
    serveModules();
    server.use(
      http.get('/api/modules/questionnaire', () => HttpResponse.json(questionnaire)),
      http.put('/api/modules/questionnaire', async ({ request }) => HttpResponse.json(await request.json())),
    );
    const sent = recordRequests();
    const { dialog, user } = await openQuestionnaire();
    await waitFor(() => expect(editorText(dialog)).toContain(QUESTIONNAIRE));
    replaceText(dialog, JSON.stringify({ ...questionnaire, title: 'Renamed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Questionnaire updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: QUESTIONNAIRE })).toBeNull());
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ ...questionnaire, title: 'Renamed' });
  });
});
