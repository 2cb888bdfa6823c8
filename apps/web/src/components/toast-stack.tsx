/** The visible toasts: a chunk of its own, out of the login bundle (loaded by toasts.tsx). */
import { createPortal } from 'react-dom';
import { ToastNotification } from '@carbon/react';
import { TOAST_DURATION_MS } from '@airman/contracts/constants.ts';
import type { Toast } from './toasts.tsx';
import '../styles/toasts.scss';

export default function ToastStack({
  toasts,
  slot,
  onClose,
}: {
  toasts: (Toast & { id: number })[];
  /** The open modal's slot to show in (modal-toast-slots.ts), or null: over the page. */
  slot: HTMLElement | null;
  onClose(id: number): void;
}) {
  const stack = (
    <div className={slot ? 'toast-stack toast-stack--in-modal' : 'toast-stack'}>
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
  return slot ? createPortal(stack, slot) : stack;
}
