import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AppModal } from './app-modal.tsx';

/** A button that opens a modal with one field; the modal's Close and Escape shut it. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <AppModal open passiveModal modalHeading="A dialog" onRequestClose={() => setOpen(false)}>
          <label>
            Name
            <input />
          </label>
        </AppModal>
      ) : null}
    </>
  );
}

describe('AppModal', () => {
  it('gives focus back to its opener as it closes, with no moment on the page body', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    act(() => opener.click());
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(field);
    // Escape, and nothing after it: no timer has run when focus is looked at.
    act(() => {
      fireEvent.keyDown(field, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
