/**
 * The Progress page's charts: small SVG drawings of the app's own, no chart library. Each
 * chart is a figure named by its title, its drawing an image of that name, and a "Show as
 * table" button beside the title gives its figures as a table (for screen readers and for
 * reading exact numbers); each bar and point says its figure on hover (its SVG title).
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@carbon/react';
import { PROGRESS_STATUSES, type ProgressStatus } from '@airman/contracts/progress-values.ts';
import type { ProgressResponse, StatusCounts } from '@airman/contracts/progress.ts';
import { SimpleTable } from '#components/simple-table.tsx';
import { STATUS_LABELS } from './status-labels.ts';

// Carbon's palette: green for done, blue for under way, grey for not begun, red and magenta for trouble.
const STATUS_COLORS: Record<ProgressStatus, string> = {
  complete: '#198038',
  in_progress: '#0f62fe',
  not_started: '#8d8d8d',
  failed: '#da1e28',
  quit: '#8a3ffc',
  past_due: '#9f1853',
};
// Before, after and later: blue, teal and purple (each 3:1 or more against white).
const DOMAIN_COLORS: readonly [string, string, string] = ['#0f62fe', '#007d79', '#8a3ffc'];

/** Up to `count` round steps from 0 to at least `max` (0, 5, 10…; 0, 20, 40…). */
export function ticks(max: number, count = 5): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => Math.round(i * step * 1000) / 1000);
}

/** A scale's top step. */
const top = (scale: number[]) => scale[scale.length - 1] ?? 1;

const format = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function Legend({ entries }: { entries: { name: string; color: string }[] }) {
  return (
    <ul className="progress-chart__legend" aria-hidden="true">
      {entries.map((e) => (
        <li key={e.name}>
          <span className="progress-chart__swatch" style={{ background: e.color }} />
          {e.name}
        </li>
      ))}
    </ul>
  );
}

/** A chart's frame: its title, the button that swaps the drawing for its table, and either. */
function ChartFrame({
  title,
  className = '',
  table,
  children,
}: {
  title: string;
  className?: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <figure className={`progress-chart ${className}`.trim()} aria-labelledby={titleId}>
      <div className="progress-chart__head">
        <h3 id={titleId} className="progress-chart__title">
          {title}
        </h3>
        <Button kind="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          Show as table
        </Button>
      </div>
      {asTable ? table : children}
    </figure>
  );
}

/** What a RowBars chart measures of each row: its assignments by status, or its share current. */
export type RowMeasure = 'status' | 'current';

type Row = StatusCounts & { label: string };

interface Segment {
  name: string;
  value: number;
  color: string;
}

const MEASURES: Record<
  RowMeasure,
  { axis: string; legend: boolean; fixedMax?: number; segments(row: Row): Segment[] }
> = {
  status: {
    axis: 'Assignments',
    legend: true,
    segments: (r) => PROGRESS_STATUSES.map((s) => ({ name: STATUS_LABELS[s], value: r[s], color: STATUS_COLORS[s] })),
  },
  // Completed and not expired, over those assigned, on a 0–100 scale.
  current: {
    axis: '% current',
    legend: false,
    fixedMax: 100,
    segments: (r) => [{ name: 'Current', value: Math.round(r.current_share * 1000) / 10, color: '#198038' }],
  },
};

const BAR_WIDTH = 800;
const LABEL_WIDTH = 280;
const ROW_HEIGHT = 32;

/**
 * One horizontal bar per row (a module or a unit), top to bottom in the table's order: stacked
 * by status, or its "% current". Not shown on a phone, where names of up to 40 characters leave
 * the bars no room: the table under it holds the same figures.
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
  const data = rows.map((r) => ({ label: r.label, segments: m.segments(r) }));
  const scale = ticks(m.fixedMax ?? Math.max(0, ...data.map((d) => d.segments.reduce((s, g) => s + g.value, 0))));
  const max = top(scale);
  const plot = BAR_WIDTH - LABEL_WIDTH - 16;
  const x = (v: number) => LABEL_WIDTH + (v / max) * plot;
  const height = data.length * ROW_HEIGHT + 48;
  const names = data[0]?.segments.map((s) => s.name) ?? [];
  const table = (
    <SimpleTable
      caption={title}
      captionHidden
      headers={[axisTitle, ...names]}
      scroll={{ label: `${title}, scrollable` }}
    >
      {data.map((d) => (
        <tr key={d.label}>
          <th scope="row">{d.label}</th>
          {d.segments.map((s) => (
            <td key={s.name}>{format(s.value)}</td>
          ))}
        </tr>
      ))}
    </SimpleTable>
  );
  return (
    <ChartFrame title={title} className="progress-chart--wide" table={table}>
      {m.legend && <Legend entries={(data[0]?.segments ?? []).map((s) => ({ name: s.name, color: s.color }))} />}
      <svg
        viewBox={`0 0 ${BAR_WIDTH} ${height}`}
        role="img"
        aria-label={`${title}: the table under it gives the figures`}
      >
        <g className="axis left">
          {data.map((d, i) => (
            <g key={d.label} className="tick">
              <text x={LABEL_WIDTH - 8} y={i * ROW_HEIGHT + ROW_HEIGHT / 2} textAnchor="end" dominantBaseline="middle">
                {d.label.length > 40 ? `${d.label.slice(0, 40)}…` : d.label}
              </text>
            </g>
          ))}
        </g>
        <g className="axis bottom">
          {scale.map((t) => (
            <g key={t} className="tick">
              <line x1={x(t)} x2={x(t)} y1={0} y2={data.length * ROW_HEIGHT} className="progress-chart__grid" />
              <text x={x(t)} y={data.length * ROW_HEIGHT + 16} textAnchor="middle">
                {format(t)}
              </text>
            </g>
          ))}
          <text x={LABEL_WIDTH + plot / 2} y={data.length * ROW_HEIGHT + 40} textAnchor="middle">
            {m.axis}
          </text>
        </g>
        {data.map((d, i) => {
          let at = 0;
          return (
            <g key={d.label}>
              {d.segments.map((s) => {
                const start = at;
                at += s.value;
                return s.value > 0 ? (
                  <rect
                    key={s.name}
                    x={x(start)}
                    y={i * ROW_HEIGHT + 6}
                    width={x(at) - x(start)}
                    height={ROW_HEIGHT - 12}
                    fill={s.color}
                  >
                    <title>{`${d.label}, ${s.name}: ${format(s.value)}`}</title>
                  </rect>
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}

// Room on the right for the last week's date, drawn centred under its point.
const PLOT = { width: 800, height: 320, left: 56, right: 48, top: 16, bottom: 56 };

/** The frame of a vertical chart: the value axis's grid and labels, and both axes' titles. */
function ValueAxis({ scale, title, bottomTitle }: { scale: number[]; title: string; bottomTitle: string }) {
  const max = top(scale);
  const bottom = PLOT.height - PLOT.bottom;
  const y = (v: number) => bottom - (v / max) * (bottom - PLOT.top);
  return (
    <>
      <g className="axis left">
        {scale.map((t) => (
          <g key={t} className="tick">
            <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={y(t)} y2={y(t)} className="progress-chart__grid" />
            <text x={PLOT.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {format(t)}
            </text>
          </g>
        ))}
        <text transform={`translate(14 ${(PLOT.top + bottom) / 2}) rotate(-90)`} textAnchor="middle">
          {title}
        </text>
      </g>
      <text
        className="axis-title"
        x={(PLOT.left + PLOT.width - PLOT.right) / 2}
        y={PLOT.height - 8}
        textAnchor="middle"
      >
        {bottomTitle}
      </text>
    </>
  );
}

/** Completions per week, one point a week. */
export function CompletionsLine({ weeks }: { weeks: ProgressResponse['weeks'] }) {
  const title = 'Completions per week';
  const scale = ticks(Math.max(0, ...weeks.map((w) => w.completions)));
  const max = top(scale);
  const bottom = PLOT.height - PLOT.bottom;
  const span = PLOT.width - PLOT.left - PLOT.right;
  const x = (i: number) => PLOT.left + (weeks.length > 1 ? (i / (weeks.length - 1)) * span : span / 2);
  const y = (v: number) => bottom - (v / max) * (bottom - PLOT.top);
  const day = (week: string) => new Date(`${week}T00:00:00`).toLocaleDateString();
  // At most about eight date labels under the axis.
  const every = Math.max(1, Math.ceil(weeks.length / 8));
  const table = (
    <SimpleTable caption={title} captionHidden headers={['Week starting (Monday)', 'Completions']} scroll="plain">
      {weeks.map((w) => (
        <tr key={w.week}>
          <th scope="row">{day(w.week)}</th>
          <td>{w.completions}</td>
        </tr>
      ))}
    </SimpleTable>
  );
  return (
    <ChartFrame title={title} table={table}>
      <svg
        viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
        role="img"
        aria-label={`${title}: shown as a table by its button`}
      >
        <ValueAxis scale={scale} title="Completions" bottomTitle="Week starting (Monday)" />
        <g className="axis bottom">
          {weeks.map((w, i) =>
            i % every === 0 ? (
              <g key={w.week} className="tick">
                <text x={x(i)} y={bottom + 18} textAnchor="middle">
                  {day(w.week)}
                </text>
              </g>
            ) : null,
          )}
        </g>
        <polyline
          className="progress-chart__line"
          fill="none"
          stroke="#0f62fe"
          strokeWidth={2}
          points={weeks.map((w, i) => `${x(i)},${y(w.completions)}`).join(' ')}
        />
        {weeks.map((w, i) => (
          <circle key={w.week} cx={x(i)} cy={y(w.completions)} r={4} fill="#0f62fe">
            <title>{`${day(w.week)}: ${w.completions} completions`}</title>
          </circle>
        ))}
      </svg>
    </ChartFrame>
  );
}

/** One module's domain means, before and after play and at the follow-up, side by side. */
export function DomainBars({
  questionnaire,
  later,
}: {
  questionnaire: ProgressResponse['questionnaires'][number];
  /** What the follow-up's point is called ("30 days after"). */
  later: string;
}) {
  const title = `${questionnaire.title}: mean domain score before play, after play and ${later.toLowerCase()}`;
  const groups: readonly [string, string, string] = ['Before', 'After', later];
  const domains = questionnaire.domains.map((d) => ({
    name: d.name,
    values: [d.before.mean, d.after.mean, d.followup_mean.mean],
  }));
  const scale = ticks(100);
  const bottom = PLOT.height - PLOT.bottom;
  const span = PLOT.width - PLOT.left - PLOT.right;
  const band = span / Math.max(1, domains.length);
  const bar = Math.min(40, (band * 0.8) / groups.length);
  const y = (v: number) => bottom - (v / 100) * (bottom - PLOT.top);
  const table = (
    <SimpleTable caption={title} captionHidden headers={['Domain', ...groups]} scroll="plain">
      {domains.map((d) => (
        <tr key={d.name}>
          <th scope="row">{d.name}</th>
          {d.values.map((v, i) => (
            <td key={groups[i]}>{v === null ? '–' : format(v)}</td>
          ))}
        </tr>
      ))}
    </SimpleTable>
  );
  return (
    <ChartFrame title={title} table={table}>
      <Legend entries={groups.map((g, i) => ({ name: g, color: DOMAIN_COLORS[i] ?? DOMAIN_COLORS[0] }))} />
      <svg
        viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
        role="img"
        aria-label={`${title}: shown as a table by its button`}
      >
        <ValueAxis scale={scale} title="Mean score (0–100)" bottomTitle="Domain" />
        {domains.map((d, di) => {
          const left = PLOT.left + di * band + (band - bar * groups.length) / 2;
          return (
            <g key={d.name}>
              {d.values.map((v, gi) =>
                v === null ? null : (
                  <rect
                    key={groups[gi]}
                    x={left + gi * bar}
                    y={y(v)}
                    width={bar - 2}
                    height={bottom - y(v)}
                    fill={DOMAIN_COLORS[gi] ?? DOMAIN_COLORS[0]}
                  >
                    <title>{`${d.name}, ${groups[gi]}: ${format(v)}`}</title>
                  </rect>
                ),
              )}
              <g className="axis bottom tick">
                <text x={PLOT.left + di * band + band / 2} y={bottom + 18} textAnchor="middle">
                  {d.name}
                </text>
              </g>
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
