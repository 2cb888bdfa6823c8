/**
 * The module editor's live check, from the same engine the server and the game
 * use: errors (the server would refuse the module), warnings, and whether the
 * module can be won, with a winning line of play when it can.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Module } from '@airman/contracts/module.ts';
import { missedTargets, type Balance } from '@airman/engine/balance.ts';
import { Button } from '@carbon/react';
import type { Winnability } from '@airman/engine/solver.ts';
import { problemPlace } from '@airman/engine/problem-place.ts';
import type { Problem } from '@airman/engine/validate.ts';
import { useMediaQuery } from '#lib/use-media-query.ts';
import { describeBalance, runBalance } from '../balance/run-balance.ts';
import type { ModuleCheck } from '../use-module-check.ts';

/** Quiet time after an edit before the balance is measured again. */
const BALANCE_PAUSE_MS = 600;

export type BalanceState =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; balance: Balance } | { kind: 'failed'; message: string };

/**
 * The module's balance over many seeds, from workers; restarted when the module changes, stopped when it does again.
 * `module` is the Check's module while it has a verdict (no errors), else null: nothing is measured.
 */
/**
 * The balance of `module`, measured in workers (`measure`: `runBalance`, or figures given by a
 * test). A new module restarts the measure; an edit waits BALANCE_PAUSE_MS first.
 */
export function useBalance(module: Module | null, measure: typeof runBalance = runBalance): BalanceState {
  // The figures with the module they were measured for: for any other module they are stale.
  const [measured, setMeasured] = useState<{ module: Module; state: BalanceState } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!module) return undefined;
    let run: ReturnType<typeof measure> | null = null;
    let live = true;
    // The module as opened is measured at once; after an edit, a pause first, so typing does not start a check per keystroke.
    const pause = started.current ? BALANCE_PAUSE_MS : 0;
    const failed = (error: unknown) =>
      live &&
      setMeasured({
        module,
        state: { kind: 'failed', message: error instanceof Error ? error.message : String(error) },
      });
    const timer = setTimeout(() => {
      started.current = true;
      // A page that cannot start workers (a browser without them) says so, as a failed measure does.
      try {
        run = measure(module);
      } catch (error) {
        failed(error);
        return;
      }
      run.result.then((balance) => live && setMeasured({ module, state: { kind: 'done', balance } }), failed);
    }, pause);
    return () => {
      live = false;
      clearTimeout(timer);
      run?.cancel();
    };
  }, [module, measure]);
  if (!module) return { kind: 'idle' };
  return measured?.module === module ? measured.state : { kind: 'running' };
}

/**
 * The Check is pinned at the top of the scrolling dialog body: the body keeps
 * its height as scroll padding, so a field that Tab or Shift+Tab brings into
 * view is scrolled clear of it, not under it; and when the Check grows over
 * the focused field, the field is scrolled clear again.
 */
function usePinnedHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const check = ref.current;
    const body = check?.closest<HTMLElement>('.cds--modal-content');
    if (!check || !body) return undefined;
    const observer = new ResizeObserver(() => {
      const pinned = check.getBoundingClientRect();
      body.style.setProperty('--module-check-height', `${pinned.height}px`);
      // The Check grew (its verdict or balance arrived) over the focused field: back into view.
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && body.contains(focused) && !check.contains(focused)) {
        if (focused.getBoundingClientRect().top < pinned.bottom) focused.scrollIntoView({ block: 'nearest' });
      }
    });
    observer.observe(check);
    return () => observer.disconnect();
  }, [ref]);
}

const count = (n: number, noun: string) => (n === 0 ? `no ${noun}s` : `${n} ${noun}${n === 1 ? '' : 's'}`);

/** The Check in one sentence, e.g. 'No errors, 2 warnings. The module can be won.' */
function checkStatus(errors: number, warnings: number, winnable: boolean | 'unknown' | undefined): string {
  if (errors > 0) return `The module cannot be saved: ${count(errors, 'error')}, ${count(warnings, 'warning')}.`;
  const won =
    winnable === true
      ? ' The module can be won.'
      : winnable === false
        ? ' The module cannot be won.'
        : winnable === 'unknown'
          ? ' No winning line was found.'
          : '';
  return `No errors, ${count(warnings, 'warning')}.${won}`;
}

/** The id of the Check's sentence, which also says why Save is disabled. */
export const CHECK_STATUS_ID = 'check-status';

/**
 * The Check of the editor's module, as `useModuleCheck` found it, and its balance as `useBalance` measured it
 * (the modal owns both, so each is done once and Save can ask about them).
 */
export function ModuleProblems({ check, balance }: { check: ModuleCheck; balance: BalanceState }) {
  const { module: deferred, problems, verdict, tableErrors } = check;
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  const section = useRef<HTMLElement>(null);
  // Open on a wide screen, folded to its sentence on a phone (where the tables need the room);
  // the admin's own choice holds until the editor closes.
  const narrow = useMediaQuery('(max-width: 40rem)');
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? !narrow;
  usePinnedHeight(section);
  const errorCount = errors.length + tableErrors.length;
  // A verdict other than 'can be won' shows as a warning too, and so does each balance target missed.
  const missed = balance.kind === 'done' ? missedTargets(balance.balance).length : 0;
  const warningCount = warnings.length + (verdict && verdict.winnable !== true ? 1 : 0) + missed;

  return (
    // Pinned at the top of the editor while the tables scroll; scrolls itself when long (so it takes focus).
    <section ref={section} aria-labelledby="check-title" className="module-check" tabIndex={0}>
      <div className="module-check__head">
        <h3 id="check-title">Check</h3>
        <Button
          kind="ghost"
          size="sm"
          aria-expanded={expanded}
          aria-controls="check-details"
          onClick={() => setOpen(!expanded)}
        >
          {expanded ? 'Hide details' : 'Show details'}
        </Button>
      </div>
      {/* The live part: this sentence is read when it changes, not every list on every keystroke. */}
      <p role="status" id={CHECK_STATUS_ID}>
        {checkStatus(errorCount, warningCount, verdict?.winnable)}
      </p>
      <div id="check-details" hidden={!expanded}>
        <CheckDetails
          module={deferred}
          errors={errors}
          tableErrors={tableErrors}
          warnings={warnings}
          verdict={verdict}
          balance={balance}
        />
      </div>
    </section>
  );
}

/** A problem: 'Warning: ' for a warning, where it is in the editor's words (set off to scan by), then what is wrong. */
function ProblemLine({ module, problem }: { module: Module; problem: Problem }) {
  const place = problemPlace(module, problem.path);
  return (
    <li>
      {problem.severity === 'warning' && 'Warning: '}
      {place && <span className="module-check__place">{place}:</span>}
      {place && ' '}
      {problem.message}
    </li>
  );
}

/** The Check's lists under its sentence: what to fix, the warnings, a winning line and the balance. */
function CheckDetails({
  module,
  errors,
  tableErrors,
  warnings,
  verdict,
  balance,
}: {
  /** The module the problems were found in: their places are named from it. */
  module: Module;
  errors: Problem[];
  tableErrors: string[];
  warnings: Problem[];
  verdict: Winnability | null;
  balance: BalanceState;
}) {
  return (
    <>
      {errors.length + tableErrors.length > 0 && (
        <>
          <p className="module-check__errors">The module cannot be saved until these are fixed:</p>
          <ul>
            {tableErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
            {errors.map((p, i) => (
              <ProblemLine key={i} module={module} problem={p} />
            ))}
          </ul>
        </>
      )}
      {warnings.length > 0 && (
        <ul>
          {warnings.map((p, i) => (
            <ProblemLine key={i} module={module} problem={p} />
          ))}
        </ul>
      )}
      {verdict?.winnable === true && (
        <details>
          <summary>
            This module can be won ({verdict.line.length} {verdict.line.length === 1 ? 'move' : 'moves'}). Show a
            winning line of play
          </summary>
          <ol>
            {verdict.line.map((c, i) => (
              <li key={i}>{'end_day' in c ? 'End Day' : 'choose' in c ? `Event: choice ${c.choose + 1}` : c.action}</li>
            ))}
          </ol>
        </details>
      )}
      {verdict && verdict.winnable !== true && <p>Warning: {verdict.reason}</p>}
      {balance.kind !== 'idle' && (
        <p className="module-check__balance" aria-busy={balance.kind === 'running'}>
          <strong>Balance: </strong>
          {balance.kind === 'running'
            ? 'playing the module over many seeds…'
            : balance.kind === 'failed'
              ? `could not be measured (${balance.message}).`
              : describeBalance(balance.balance)}
        </p>
      )}
    </>
  );
}
