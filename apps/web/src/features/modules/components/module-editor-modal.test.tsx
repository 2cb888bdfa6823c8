import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { blankAction, type Module } from '@airman/contracts/module.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import ModuleEditorModal from './module-editor-modal.tsx';

/** A copy (not a base module: nothing is locked) with one gauge and one action. */
const drill: Module = makeModule({
  id: 'copy-1',
  game_title: 'Drill',
  days: 3,
  daily_time_tokens: 2,
  starting_gauges: { energy: 50 },
  actions: [{ ...blankAction('Run'), results: { energy: -5 } }],
});

/** The Check's own message for the error at `path` of `module`: the field shows the same words. */
function messageAt(module: Module, path: string): string {
  const problem = validateStructure(module).find((p) => p.severity === 'error' && p.path.join('.') === path);
  if (!problem) throw new Error(`no error at ${path}`);
  return problem.message;
}

/** The text of the elements that describe `element` (aria-describedby), in order. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const openEditor = (module: Module = drill) => {
  const rendered = renderWithApp(<ModuleEditorModal module={module} onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog', { name: module.id === '' ? 'New Module' : 'Edit Module: Drill' });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  return { ...rendered, dialog, save };
};

describe('the module editor', () => {
  it('takes "Recertify every N months" from 1 to 60, empty for once, and refuses 61 beside the field', async () => {
    const { user, dialog, save } = openEditor();
    const months = within(dialog).getByRole('spinbutton', { name: 'Recertify every (months)' });
    expect((months as HTMLInputElement).value).toBe('');
    await user.type(months, '61');
    await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
    expect(description(months)).toContain(messageAt({ ...drill, recertify_months: 61 }, 'recertify_months'));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.type(months, '{Backspace}{Backspace}12');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    expect(months.getAttribute('aria-invalid')).toBeNull();
  });

  it('disables Save while the Check has an error, says why beside it, and enables it once fixed', async () => {
    const { user, dialog, save } = openEditor();
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '0');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    // The reason is next to Save and describes it: the Check's sentence and what to do.
    expect(description(save)).toMatch(/^Save is disabled until the error is fixed/);
    expect(description(save)).toContain('The module cannot be saved: 1 error');
    // The reason's button takes the keyboard to the field at fault.
    await user.click(within(dialog).getByRole('button', { name: 'Go to the first error' }));
    expect(document.activeElement).toBe(days);

    await user.type(days, '{Backspace}2');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    expect(save.getAttribute('aria-describedby')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Go to the first error' })).toBeNull();
  });

  it("marks the field at fault invalid, described by the Check's message, and clears the mark when fixed", async () => {
    const { user, dialog } = openEditor();
    const start = within(dialog).getByRole('spinbutton', { name: 'Starting value, gauge energy' });
    expect(start.getAttribute('aria-invalid')).toBeNull();
    await user.clear(start);
    await user.type(start, '150');
    const expected = messageAt({ ...drill, starting_gauges: { energy: 150 } }, 'starting_gauges.energy');
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('true'));
    expect(description(start)).toBe(expected);
    // Only that field: its row's other fields are not marked.
    expect(within(dialog).getByRole('textbox', { name: 'Gauge name, row 1' }).getAttribute('aria-invalid')).toBeNull();

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(description(title)).toBe(messageAt({ ...drill, game_title: '' }, 'game_title'));

    await user.clear(start);
    await user.type(start, '60');
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBeNull());
    expect(start.getAttribute('aria-describedby')).toBeNull();
    expect(title.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows an error of a whole table under it: a second action's name made the first's", async () => {
    const { user, dialog } = openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Add Action' }));
    const second = within(dialog).getByRole('textbox', { name: 'Action name, row 2' });
    await user.clear(second);
    await user.type(second, 'Run');
    const actions = within(dialog).getByRole('region', { name: 'Actions' });
    const broken = { ...drill, actions: [...drill.actions, blankAction('Run')] };
    await waitFor(() => expect(within(actions).getByText(`Error: ${messageAt(broken, 'actions')}`)).toBeTruthy());
  });

  it("marks a row's first field for an error in its closed details, and the field itself once they are open", async () => {
    const blank: Module = { ...drill, actions: [{ ...drill.actions[0]!, later: [{ in_days: 1, text: ' ' }] }] };
    const message = messageAt(blank, 'actions.0.later.0.text');
    const { user, dialog } = openEditor(blank);
    const name = within(dialog).getByRole('textbox', { name: 'Action name, row 1' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toBe(`in its details: ${message}`);
    await user.click(within(dialog).getByRole('button', { name: 'Details of action Run' }));
    const text = within(dialog).getByRole('textbox', { name: 'What comes back, later consequence 1 of action Run' });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(description(text)).toBe(message);
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    {
      kind: 'an update',
      module: drill,
      method: 'put' as const,
      path: '/api/modules/copy-1',
      toast: 'Error editing module',
    },
    {
      kind: 'a new module',
      module: { ...drill, id: '' },
      method: 'post' as const,
      path: '/api/modules',
      toast: 'Error creating module',
    },
  ])("says the spec's error and the server's reason when the server refuses $kind the Check allowed", async (c) => {
    server.use(http[c.method](c.path, () => errorAnswer(400, 'The server says no.')));
    const { user, dialog, save } = openEditor(c.module);
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '2');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText(c.toast)).toBeTruthy();
    expect(within(dialog).getByText('There was an error updating this module.')).toBeTruthy();
    expect(within(dialog).getByText('The server says no.')).toBeTruthy();
  });

  it('asks before saving a module that cannot be won: Cancel saves nothing and goes back to Save, Save anyway saves', async () => {
    // Every night takes 30 energy from 50: the second night empties it, whatever is played.
    const doomed: Module = { ...drill, daily_change: { energy: -30 } };
    const saved: Module[] = [];
    server.use(
      http.put('/api/modules/copy-1', async ({ request }) => {
        const body = (await request.json()) as Module;
        saved.push(body);
        return Response.json(body);
      }),
    );
    const { user, dialog, save } = openEditor(doomed);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.type(title, ' week');
    await waitFor(() => expect(screen.getByText(/The module cannot be won\./)).toBeTruthy());
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));

    await user.click(save);
    const confirm = await screen.findByRole('dialog', { name: 'Save a module that cannot be won?' });
    // Says why, in the Check's words, as the dialog's description.
    expect(within(confirm).getByText(/^No way of playing completes every shown objective/)).toBeTruthy();
    // Its first focus is Cancel: Enter pressed on without reading saves nothing.
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save a module that cannot be won?' })).toBeNull());
    expect(saved).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(save));
    expect((title as HTMLInputElement).value).toBe('Drill week');

    // Escape is Cancel too.
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Save a module that cannot be won?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save a module that cannot be won?' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(save));
    expect(saved).toEqual([]);

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Save a module that cannot be won?' });
    await user.click(within(again).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ game_title: 'Drill week', daily_change: { energy: -30 } });
  });

  it('saves a module that can be won without asking', async () => {
    const saved: Module[] = [];
    server.use(
      http.put('/api/modules/copy-1', async ({ request }) => {
        const body = (await request.json()) as Module;
        saved.push(body);
        return Response.json(body);
      }),
    );
    const { user, dialog, save } = openEditor();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' week');
    await waitFor(() => expect(screen.getByText(/The module can be won\./)).toBeTruthy());
    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Save a module that cannot be won?' })).toBeNull();
  });
});
