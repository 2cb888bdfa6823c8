/**
 * The Progress page's charts (Carbon Charts), in a chunk of their own that
 * only /progress loads. Each chart keeps Carbon Charts' "Show as data-table"
 * control: the same figures as a table, for screen readers and for reading
 * exact numbers.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  GroupedBarChart,
  LineChart,
  ScaleTypes,
  StackedBarChart,
  ToolbarControlTypes,
  TruncationTypes,
  type ChartTabularData,
} from '@carbon/charts-react';
import type { BarChartOptions, LineChartOptions, StackedBarChartOptions } from '@carbon/charts-react';
import { PROGRESS_STATUSES, type ProgressResponse, type StatusCounts } from '@airman/contracts/progress.ts';
import '@carbon/charts-react/styles.css';
import { STATUS_LABELS } from './status-labels.ts';

// Carbon's palette: green for done, blue for under way, grey for not begun, red and magenta for trouble.
const STATUS_COLORS: Record<string, string> = {
  Complete: '#198038',
  'In Progress': '#0f62fe',
  'Not Started': '#8d8d8d',
  Failed: '#da1e28',
  Quit: '#8a3ffc',
  'Past Due': '#9f1853',
};

const toolbar = {
  enabled: true,
  numberOfIcons: 2,
  controls: [{ type: ToolbarControlTypes.SHOW_AS_DATATABLE }, { type: ToolbarControlTypes.EXPORT_CSV }],
};

/**
 * Mends two things of Carbon Charts' markup as it renders, which axe reports:
 * each toolbar control is a button inside a div with role="button" (nested
 * interactive controls: the div's role goes; the button inside is the
 * control), and each chart's title is a heading of level 2 under the page's
 * own level-2 heading of its section (it becomes level 3). HTML_CodeSniffer
 * reports a third: inner SVGs marked role="presentation" with drawn elements
 * inside. One around the chart's labelled groups loses the role (it would hide
 * their meaning); one of lines and backdrops alone is hidden outright.
 */
function ChartFrame({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const mend = () => {
      for (const control of frame.querySelectorAll('.cds--cc--toolbar .toolbar-control[role="button"]')) {
        control.removeAttribute('role');
        control.removeAttribute('aria-label');
        control.removeAttribute('aria-disabled');
      }
      for (const title of frame.querySelectorAll('.cds--cc--title [role="heading"][aria-level="2"]'))
        title.setAttribute('aria-level', '3');
      for (const svg of frame.querySelectorAll('svg[role="presentation"]')) {
        if (svg.querySelector('[role]:not([role="presentation"]):not([role="none"]), [aria-label], [aria-labelledby]'))
          svg.removeAttribute('role');
        else if (svg.childElementCount > 0) svg.setAttribute('aria-hidden', 'true');
      }
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(frame, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['role', 'aria-level'],
    });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={`progress-chart ${className}`.trim()}>
      {children}
    </div>
  );
}

/** What a RowBars chart measures of each row: its assignments by status, or its share current. */
export type RowMeasure = 'status' | 'current';

type Row = StatusCounts & { label: string };

const MEASURES: Record<
  RowMeasure,
  {
    axis: string;
    domain?: [number, number];
    legend: boolean;
    colors: Record<string, string>;
    data(rows: Row[]): ChartTabularData;
  }
> = {
  status: {
    axis: 'Assignments',
    legend: true,
    colors: STATUS_COLORS,
    data: (rows) =>
      rows.flatMap((r) => PROGRESS_STATUSES.map((s) => ({ group: STATUS_LABELS[s], key: r.label, value: r[s] }))),
  },
  // Completed and not expired, over those assigned, on a 0–100 scale.
  current: {
    axis: '% current',
    domain: [0, 100],
    legend: false,
    colors: { Current: '#198038' },
    data: (rows) =>
      rows.map((r) => ({ group: 'Current', key: r.label, value: Math.round(r.current_share * 1000) / 10 })),
  },
};

/**
 * One horizontal bar per row (a module or a unit): stacked by status, or its "% current". Not
 * shown on a phone, where names of up to 40 characters leave the bars no room: the table under
 * it holds the same figures. Drawn afresh whenever its figures change (a filter): Carbon Charts
 * updating its axes in place left the former axis labels drawn under the new ones.
 */
export function RowBars({
  title,
  rows,
  axisTitle,
  measure,
}: {
  title: string;
  rows: Row[];
  axisTitle: string;
  measure: RowMeasure;
}) {
  const m = MEASURES[measure];
  const options: StackedBarChartOptions = {
    title,
    axes: {
      // Whole names up to 40 characters (Carbon cuts them at 14 by default).
      left: {
        mapsTo: 'key',
        scaleType: ScaleTypes.LABELS,
        title: axisTitle,
        // Top to bottom in the table's order (a label scale draws its first entry at the bottom).
        domain: rows.map((r) => r.label).reverse(),
        truncation: { type: TruncationTypes.END_LINE, threshold: 40, numCharacter: 40 },
      },
      bottom: { mapsTo: 'value', stacked: true, title: m.axis, ...(m.domain && { domain: m.domain }) },
    },
    legend: { enabled: m.legend },
    color: { scale: m.colors },
    // Room for the bars, the axes and, where there is one, the legend.
    height: `${Math.max(160, rows.length * 36 + (m.legend ? 130 : 110))}px`,
    toolbar,
  };
  const data = m.data(rows);
  return (
    <ChartFrame className="progress-chart--wide">
      <StackedBarChart key={JSON.stringify(data)} data={data} options={options} />
    </ChartFrame>
  );
}

/** Completions per week, one point a week (drawn afresh when they change, as RowBars). */
export function CompletionsLine({ weeks }: { weeks: ProgressResponse['weeks'] }) {
  const options: LineChartOptions = {
    title: 'Completions per week',
    axes: {
      bottom: { mapsTo: 'date', scaleType: ScaleTypes.TIME, title: 'Week starting (Monday)' },
      left: { mapsTo: 'value', scaleType: ScaleTypes.LINEAR, title: 'Completions' },
    },
    legend: { enabled: false },
    height: '320px',
    toolbar,
  };
  const data = weeks.map((w) => ({ group: 'Completions', date: new Date(`${w.week}T00:00:00`), value: w.completions }));
  return (
    <ChartFrame>
      <LineChart key={JSON.stringify(weeks)} data={data} options={options} />
    </ChartFrame>
  );
}

/** One module's domain means, before and after play and at the follow-up, side by side (drawn afresh when they change). */
export function DomainBars({
  questionnaire,
  later,
}: {
  questionnaire: ProgressResponse['questionnaires'][number];
  /** What the follow-up's point is called ("30 days after"). */
  later: string;
}) {
  const options: BarChartOptions = {
    title: `${questionnaire.title}: mean domain score before play, after play and ${later.toLowerCase()}`,
    axes: {
      left: { mapsTo: 'value', scaleType: ScaleTypes.LINEAR, domain: [0, 100], title: 'Mean score (0–100)' },
      bottom: { mapsTo: 'key', scaleType: ScaleTypes.LABELS, title: 'Domain' },
    },
    height: '320px',
    toolbar,
  };
  const data = questionnaire.domains.flatMap((d) => [
    ...(d.before.mean === null ? [] : [{ group: 'Before', key: d.name, value: d.before.mean }]),
    ...(d.after.mean === null ? [] : [{ group: 'After', key: d.name, value: d.after.mean }]),
    ...(d.followup_mean.mean === null ? [] : [{ group: later, key: d.name, value: d.followup_mean.mean }]),
  ]);
  return (
    <ChartFrame>
      <GroupedBarChart key={JSON.stringify(data)} data={data} options={options} />
    </ChartFrame>
  );
}
