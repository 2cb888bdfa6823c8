/**
 * What the last bulk action or file invite did: counts, and each user skipped
 * with the reason. Announced (a live region that is always there), and it takes
 * the focus when it appears: the bar and the modal that led here are gone.
 */
import { useEffect, useRef } from 'react';
import { Button } from '@carbon/react';

export interface Outcome {
  title: string;
  skipped: { who: string; reason: string }[];
}

interface Props {
  outcome: Outcome | null;
  onDismiss(): void;
}

export function BulkOutcome({ outcome, onDismiss }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);
  return (
    <div role="status" aria-live="polite" className="bulk-outcome-region">
      {outcome && (
        <section className="bulk-outcome" aria-labelledby="bulk-outcome-title">
          <h2 id="bulk-outcome-title" ref={heading} tabIndex={-1} className="bulk-outcome__title">
            {outcome.title}
          </h2>
          {outcome.skipped.length > 0 && (
            <details className="bulk-outcome__details" open={outcome.skipped.length <= 10}>
              <summary>Not done ({outcome.skipped.length.toLocaleString()})</summary>
              <ul className="bulk-outcome__list">
                {outcome.skipped.map((s, i) => (
                  <li key={i}>
                    {s.who}: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <Button
            kind="ghost"
            size="sm"
            onClick={() => {
              onDismiss();
              document.getElementById('users-search')?.focus();
            }}
          >
            Dismiss
          </Button>
        </section>
      )}
    </div>
  );
}
