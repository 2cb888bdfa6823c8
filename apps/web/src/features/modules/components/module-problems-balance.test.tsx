import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { Module } from '@airman/contracts/module.ts';
import type { Balance } from '@airman/engine/balance.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { staticMediaQueryList } from '#testing/media-query.ts';
import { toEditorModel } from '../module-editor-model.ts';
import { useModuleCheck } from '../use-module-check.ts';
import { ModuleProblems, useBalance } from './module-problems.tsx';

/** Figures that meet every target but one: a risky answer that pays. */
const measured: Balance = {
  module: readyAirmanModule.id,
  seeds: 30,
  random_win: 0,
  greedy_win: 0,
  solver_win: 1,
  solver_stars_3: 0.6,
  min_win_stars: 1,
  median_decisions_per_day: 4,
  careful_win: 1,
  careful_stars_3: 0.1,
  short_rule_stars_3: 0.3,
  combined_habit_stars_3: 0.5,
  first_choice_win: 1,
  dominant_choice_max: 0.5,
  dominant_choice: null,
  shortcut_gain: -10,
  other_rules: {},
  answers: {},
  risky_pays: [{ event: 'Car trouble', choice: 'Borrow from a payday lender', healthy_choice: 'Ride along', gain: 5 }],
  event_share: {},
};

// The workers are not started in a test: the measure answers at once with the figures above.
const measure = () => ({ result: Promise.resolve(measured), cancel: () => undefined });

function Check({ module }: { module: Module }) {
  const [model] = useState(() => toEditorModel(module));
  const check = useModuleCheck(model);
  const balance = useBalance(check?.verdict ? check.module : null, measure);
  return check && <ModuleProblems check={check} balance={balance} />;
}

describe("the Check's sentence", () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts each balance target missed as a warning', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => staticMediaQueryList(query, false));
    render(<Check module={readyAirmanModule} />);
    await waitFor(() => expect(screen.getByText(/risk pays: in 'Car trouble'/)).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe('No errors, 1 warning. The module can be won.');
  });
});
