/** The visible toasts: a chunk of its own, out of the login bundle (loaded by toasts.tsx). */
import { ToastNotification } from '@carbon/react';
import { TOAST_DURATION_MS } from '@airman/contracts/constants.ts';
import type { Toast } from './toasts.tsx';
import '../styles/toasts.scss';

export default function ToastStack({
  toasts,
  onClose,
}: {
  toasts: (Toast & { id: number })[];
  onClose(id: number): void;
}) {
  return (
    <div className="toast-stack">
      {toasts.map((t) => (
        <ToastNotification
          key={t.id}
          kind={t.kind}
          title={t.title}
          subtitle={t.subtitle}
          timeout={TOAST_DURATION_MS}
          lowContrast
          role={t.kind === 'error' ? 'alert' : 'status'}
          onClose={() => {
            onClose(t.id);
            return true;
          }}
        />
      ))}
    </div>
  );
}
