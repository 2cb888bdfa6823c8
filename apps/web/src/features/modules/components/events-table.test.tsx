import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Module } from '@airman/contracts/module.ts';
import { makeModule } from '#testing/fixtures.ts';
import { description, enter, headerRows, messageAt, renderEditorTable } from '#testing/editor-table.tsx';
import { EventsTable } from './events-table.tsx';

// jsdom's name of a heading or button with a visually hidden part drops the space before it.
const CHOICES = /^Choices ?of event Storm$/;

const module: Module = makeModule({
  days: 3,
  starting_gauges: { energy: 50 },
  events: [
    {
      name: 'Storm',
      text: 'A storm rolls in.',
      days: [1, 2],
      chance: 50,
      choices: [{ label: 'Stay in', results: { energy: 5 } }],
    },
  ],
});

describe('the events table', () => {
  it('heads its columns and its choices table with the labels the Check names them by', async () => {
    const { user } = renderEditorTable(EventsTable, module);
    expect(headerRows(screen.getByRole('table', { name: 'Events' }))).toEqual([
      ['Details', 'Event', 'First day', 'Last day', 'Chance (%)', 'Choices', 'Move or remove'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Details of event Storm' }));
    expect(headerRows(screen.getByRole('table', { name: CHOICES }))).toEqual([
      ['Details', 'Choice', 'Risky', 'Lesson', 'Token cost', 'Tokens tomorrow (+/−)', 'Results', 'Remove'],
      ['energy'],
    ]);
  });

  it("puts a typed window, chance and choice's cost into that row's event", async () => {
    const { user, module: edited } = renderEditorTable(EventsTable, module);
    await enter(user, screen.getByRole('spinbutton', { name: 'Last day, event Storm' }), '3');
    await enter(user, screen.getByRole('spinbutton', { name: 'Chance (%), event Storm' }), '70');
    await user.click(screen.getByRole('button', { name: 'Details of event Storm' }));
    await enter(user, screen.getByRole('spinbutton', { name: 'Token cost, choice Stay in of event Storm' }), '1');
    expect(edited().events?.[0]).toMatchObject({
      days: [1, 3],
      chance: 70,
      choices: [{ label: 'Stay in', token_cost: 1, results: { energy: 5 } }],
    });
  });

  it('marks a choice risky with its lesson, and a risky choice without one at its Lesson', async () => {
    const { user, module: edited } = renderEditorTable(EventsTable, module);
    await user.click(screen.getByRole('button', { name: 'Details of event Storm' }));
    await user.click(screen.getByRole('checkbox', { name: 'Risky, choice Stay in of event Storm' }));
    const lesson = screen.getByRole('textbox', { name: 'Lesson, choice Stay in of event Storm' });
    await waitFor(() => expect(lesson.getAttribute('aria-invalid')).toBe('true'));
    const risky = { ...module, events: [{ ...module.events![0]!, choices: [{ label: 'Stay in', risky: true }] }] };
    expect(description(lesson)).toBe(messageAt(risky, 'events.0.choices.0.lesson'));
    await enter(user, lesson, 'Staying in is safe.');
    expect(edited().events?.[0]?.choices).toEqual([
      { label: 'Stay in', results: { energy: 5 }, risky: true, lesson: 'Staying in is safe.' },
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Risky, choice Stay in of event Storm' }));
    expect(edited().events?.[0]?.choices[0]).not.toHaveProperty('risky');
  });

  it("marks the field the Check's error names, and only it", async () => {
    const { user } = renderEditorTable(EventsTable, module);
    const chance = screen.getByRole('spinbutton', { name: 'Chance (%), event Storm' });
    await enter(user, chance, '150');
    await waitFor(() => expect(chance.getAttribute('aria-invalid')).toBe('true'));
    const broken = { ...module, events: [{ ...module.events![0]!, chance: 150 }] };
    expect(description(chance)).toBe(messageAt(broken, 'events.0.chance'));
    expect(screen.getByRole('spinbutton', { name: 'Last day, event Storm' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('puts focus on a new event (its details open), a new choice, and where a removed one was', async () => {
    const { user, module: edited } = renderEditorTable(EventsTable, module);
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    const name = screen.getByRole('textbox', { name: 'Event name, row 2' });
    expect(document.activeElement).toBe(name);
    const details = screen.getByRole('button', { name: `Details of event ${(name as HTMLInputElement).value}` });
    expect(details.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Details of event Storm' }));
    const choices = screen.getByRole('table', { name: CHOICES });
    // An event needs a choice: its only one cannot be removed.
    expect(
      (within(choices).getByRole('button', { name: 'Remove choice Stay in of event Storm' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: /^Add Choice ?to event Storm$/ }));
    const added = screen.getByRole('textbox', { name: 'Choice, row 2 of event Storm' }) as HTMLInputElement;
    expect(document.activeElement).toBe(added);
    expect(edited().events?.[0]?.choices).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: `Remove choice ${added.value} of event Storm` }));
    expect(edited().events?.[0]?.choices).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Choice, row 1 of event Storm' }));
  });
});
