import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import { renderWithApp } from '#testing/render.tsx';
import { seriousViolations } from '#testing/axe.ts';
import { CompletionsLine, DomainBars, RowBars, ticks } from './progress-charts.tsx';

const counts = {
  assigned: 10,
  not_started: 2,
  in_progress: 3,
  complete: 4,
  failed: 1,
  quit: 0,
  past_due: 0,
  current: 4,
  current_share: 0.4,
  completion: 0.4,
};

const mean = (value: number | null) => ({ mean: value, n: value === null ? 0 : 5 });
const change = { n: 0, mean_change: null, ci95: null, improved_share: null };
const questionnaire: ProgressResponse['questionnaires'][number] = {
  module: 'fitness',
  title: 'Fitness Basics',
  domains: [
    {
      id: 'm',
      name: 'Mental',
      before: mean(40),
      after: mean(62.5),
      followup_mean: mean(55),
      paired: change,
      followup: null,
    },
    {
      id: 'p',
      name: 'Physical',
      before: mean(50),
      after: mean(null),
      followup_mean: mean(null),
      paired: change,
      followup: null,
    },
  ],
};

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('ticks', () => {
  it('steps from 0 to at least the largest value in round steps', () => {
    expect(ticks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(ticks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(ticks(0)).toEqual([0, 1]);
  });
});

describe('RowBars', () => {
  it('draws a bar per row top to bottom in the rows’ order, each status its own length, and shows the figures as a table', async () => {
    const rows = [
      { ...counts, label: 'Fitness Basics' },
      { ...counts, complete: 0, in_progress: 7, label: 'Ready Airman Training' },
    ];
    const { user } = renderWithApp(
      <RowBars measure="status" title="Assignments by module and status" axisTitle="Module" rows={rows} />,
    );
    const figure = screen.getByRole('figure', { name: 'Assignments by module and status' });
    const drawing = within(figure).getByRole('img', { name: /^Assignments by module and status/ });
    const labels = [...drawing.querySelectorAll('.axis.left .tick text')].map((t) => t.textContent);
    expect(labels).toEqual(['Fitness Basics', 'Ready Airman Training']);
    // Each bar's part says its figure; none drawn for a status at 0.
    const parts = [...drawing.querySelectorAll('rect title')].map((t) => t.textContent);
    expect(parts).toEqual([
      'Fitness Basics, Complete: 4',
      'Fitness Basics, In Progress: 3',
      'Fitness Basics, Not Started: 2',
      'Fitness Basics, Failed: 1',
      'Ready Airman Training, In Progress: 7',
      'Ready Airman Training, Not Started: 2',
      'Ready Airman Training, Failed: 1',
    ]);
    // Lengths in proportion: 7 in progress is over twice 3.
    const widths = [...drawing.querySelectorAll('rect')].map((r) => Number(r.getAttribute('width')));
    expect((widths[4] ?? 0) / (widths[1] ?? 1)).toBeCloseTo(7 / 3);
    expect(await seriousViolations(figure)).toEqual([]);

    const toggle = within(figure).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = within(figure).getByRole('table', { name: 'Assignments by module and status' });
    expect(cells(table)).toEqual([
      ['Fitness Basics', '4', '3', '2', '1', '0', '0'],
      ['Ready Airman Training', '0', '7', '2', '1', '0', '0'],
    ]);
    expect(within(figure).queryByRole('img')).toBeNull();
    expect(await seriousViolations(figure)).toEqual([]);
    await user.click(toggle);
    expect(within(figure).getByRole('img')).toBeTruthy();
  });

  it('measures the share current on a scale to 100', () => {
    renderWithApp(
      <RowBars measure="current" title="% current by unit" axisTitle="Unit" rows={[{ ...counts, label: '99 ABW' }]} />,
    );
    const drawing = screen.getByRole('img', { name: /^% current by unit/ });
    expect([...drawing.querySelectorAll('.axis.bottom .tick text')].map((t) => t.textContent)).toEqual([
      '0',
      '20',
      '40',
      '60',
      '80',
      '100',
    ]);
    expect(drawing.querySelector('rect title')?.textContent).toBe('99 ABW, Current: 40');
  });
});

describe('CompletionsLine', () => {
  it('draws a point a week and gives the weeks as a table', async () => {
    const weeks = [
      { week: '2026-01-05', completions: 3 },
      { week: '2026-01-12', completions: 0 },
      { week: '2026-01-19', completions: 8 },
    ];
    const { user } = renderWithApp(<CompletionsLine weeks={weeks} />);
    const figure = screen.getByRole('figure', { name: 'Completions per week' });
    const points = [...figure.querySelectorAll('circle')];
    expect(points.map((p) => p.querySelector('title')?.textContent)).toEqual([
      `${new Date('2026-01-05T00:00:00').toLocaleDateString()}: 3 completions`,
      `${new Date('2026-01-12T00:00:00').toLocaleDateString()}: 0 completions`,
      `${new Date('2026-01-19T00:00:00').toLocaleDateString()}: 8 completions`,
    ]);
    // Higher is more: the 8 above the 3 above the 0.
    const ys = points.map((p) => Number(p.getAttribute('cy')));
    expect(ys[2]).toBeLessThan(ys[0] ?? 0);
    expect(ys[0]).toBeLessThan(ys[1] ?? 0);
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    expect(cells(within(figure).getByRole('table', { name: 'Completions per week' })).map((r) => r[1])).toEqual([
      '3',
      '0',
      '8',
    ]);
  });
});

describe('DomainBars', () => {
  it('draws the means before, after and later side by side, none where nobody answered', async () => {
    const { user } = renderWithApp(<DomainBars questionnaire={questionnaire} later="30 days after" />);
    const title = 'Fitness Basics: mean domain score before play, after play and 30 days after';
    const figure = screen.getByRole('figure', { name: title });
    expect([...figure.querySelectorAll('rect title')].map((t) => t.textContent)).toEqual([
      'Mental, Before: 40',
      'Mental, After: 62.5',
      'Mental, 30 days after: 55',
      'Physical, Before: 50',
    ]);
    expect(await seriousViolations(figure)).toEqual([]);
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    expect(cells(within(figure).getByRole('table', { name: title }))).toEqual([
      ['Mental', '40', '62.5', '55'],
      ['Physical', '50', '–', '–'],
    ]);
  });
});
