import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('gives focus back into the modal beneath when its opener was not known, never to the page', async () => {
    function Stacked() {
      const [over, setOver] = useState(false);
      return (
        <>
          <main id="main" tabIndex={-1} />
          <AppModal open passiveModal modalHeading="Editor" onRequestClose={() => undefined}>
            <label>
              First
              <input />
            </label>
            <label>
              Second
              <input />
            </label>
            <button type="button" onClick={() => setOver(true)}>
              Ask
            </button>
          </AppModal>
          {over ? (
            <AppModal open danger size="xs" modalHeading="Question" onRequestClose={() => setOver(false)}>
              <p>Sure?</p>
            </AppModal>
          ) : null}
        </>
      );
    }
    render(<Stacked />);
    const second = screen.getByRole('textbox', { name: 'Second' });
    act(() => second.focus());
    // Focus left for the page's body (a press outside any control) before the question opened.
    act(() => second.blur());
    act(() => screen.getByRole('button', { name: 'Ask' }).click());
    const question = screen.getByRole('dialog', { name: 'Question' });
    await waitFor(() => expect(question.contains(document.activeElement)).toBe(true));
    act(() => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Question' })).toBeNull());
    // Where the editor's focus last was: its second field.
    await waitFor(() => expect(document.activeElement).toBe(second));
  });
});
