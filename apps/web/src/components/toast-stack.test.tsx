import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppModal } from './app-modal.tsx';
import { ToastProvider, useToast } from './toasts.tsx';

/** A modal with a button that raises a toast and one that closes the modal. */
function Screen() {
  const [open, setOpen] = useState(true);
  const toast = useToast();
  return open ? (
    <AppModal open passiveModal modalHeading="A dialog" onRequestClose={() => setOpen(false)}>
      <button type="button" onClick={() => toast({ kind: 'success', title: 'Invite resent' })}>
        Resend
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Done
      </button>
    </AppModal>
  ) : (
    <p>The page</p>
  );
}

describe('ToastStack', () => {
  it('shows a toast raised in a modal inside it, and over the page once the modal closes', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Screen />
      </ToastProvider>,
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    // In the dialog, where a screen reader in it hears the toast and nothing of the modal is covered.
    const toast = await within(dialog).findByRole('status');
    expect(toast.textContent).toContain('Invite resent');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Resend' }));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Invite resent');
    expect(screen.getByRole('status').closest('.toast-stack--in-modal')).toBeNull();
  });
});
