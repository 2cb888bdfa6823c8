import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Module } from '@airman/contracts/module.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { staticMediaQueryList } from '#testing/media-query.ts';
import { toEditorModel } from '../module-editor-model.ts';
import { useModuleCheck } from '../use-module-check.ts';
import { ModuleProblems, useBalance } from './module-problems.tsx';

/** A module the server would refuse (so no balance is measured): two actions of one name. */
const broken: Module = { ...readyAirmanModule, actions: [...readyAirmanModule.actions, readyAirmanModule.actions[0]!] };

/** The Check of `module`, as the editor gives it. */
function Check({ module }: { module: Module }) {
  const [model] = useState(() => toEditorModel(module));
  const check = useModuleCheck(model);
  const balance = useBalance(check?.verdict ? check.module : null);
  return check && <ModuleProblems check={check} balance={balance} />;
}

const narrowScreen = (narrow: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => staticMediaQueryList(query, narrow && query.includes('max-width')));

describe('the Check', () => {
  afterEach(() => vi.restoreAllMocks());

  it('folds to its sentence and opens again, saying which it is', async () => {
    narrowScreen(false);
    const user = userEvent.setup();
    render(<Check module={broken} />);
    const toggle = screen.getByRole('button', { name: 'Hide details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listitem').textContent).toBe(
      `Actions: Two actions are named “${readyAirmanModule.actions[0]!.name}”: give each its own name.`,
    );
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Show details');
    // Folded: the list is hidden from everyone (the hidden attribute), not only from sight.
    expect(screen.queryByRole('listitem')).toBeNull();
    // The sentence stays, and says why it cannot be saved.
    expect(screen.getByRole('status').textContent).toMatch(/^The module cannot be saved: 1 error/);
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it("names each problem's place as the editor labels it, the row by its name", () => {
    narrowScreen(false);
    const [first, second, ...rest] = readyAirmanModule.actions;
    const tokens = readyAirmanModule.daily_time_tokens;
    const costly: Module = { ...readyAirmanModule, actions: [{ ...first!, token_cost: tokens + 1 }, second!, ...rest] };
    const { unmount } = render(<Check module={costly} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain(
      `Warning: Actions, “${first!.name}”, Token cost: More than the ${tokens} tokens a day has, so this action can never be taken. Lower it, or raise Daily time tokens in Settings.`,
    );
    unmount();
    const negative: Module = { ...readyAirmanModule, actions: [first!, { ...second!, token_cost: -1 }, ...rest] };
    render(<Check module={negative} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Actions, “${second!.name}”, Token cost: Must be a whole number, 0 or more.`,
    ]);
  });

  it('opens folded on a phone', () => {
    narrowScreen(true);
    render(<Check module={broken} />);
    expect(screen.getByRole('button', { name: 'Show details' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^The module cannot be saved/);
  });
});
