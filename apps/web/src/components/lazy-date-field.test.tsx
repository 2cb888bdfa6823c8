import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LazyDateField as LazyDateFieldComponent } from './lazy-date-field.tsx';

// Each test starts with the date field's code not loaded, and its code arrives when the test
// lets it: after what the user did before.
let arrive: () => void;
let LazyDateField: typeof LazyDateFieldComponent;
beforeEach(async () => {
  vi.resetModules();
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock('./date-field.tsx', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  ({ LazyDateField } = await import('./lazy-date-field.tsx'));
});

function renderField(initial: Date) {
  const onChange = vi.fn<(date: Date | undefined) => void>();
  function Form() {
    const [value, setValue] = useState<Date | undefined>(initial);
    return (
      <>
        <button type="button">Before</button>
        <LazyDateField
          id="due"
          labelText="Due date"
          value={value}
          onChange={(date) => {
            onChange(date);
            setValue(date);
          }}
        />
      </>
    );
  }
  const user = userEvent.setup();
  render(<Form />);
  return { user, onChange };
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Due date' });

describe('LazyDateField before its date field has loaded', () => {
  it('types over the date selected before the code was there, as Ctrl+A then typing does', async () => {
    const { user, onChange } = renderField(new Date(2026, 2, 4));
    const standIn = field();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(document.activeElement).toBe(standIn);
    await user.keyboard('{Control>}a{/Control}');
    expect([standIn.selectionStart, standIn.selectionEnd]).toEqual([0, '03/04/2026'.length]);
    arrive();
    await waitFor(() => expect(field()).not.toBe(standIn));
    await waitFor(() => expect(document.activeElement).toBe(field()));
    await user.keyboard('12/31/2026{Enter}');
    expect(field().value).toBe('12/31/2026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 11, 31)));
  });

  it('keeps the part of a date typed before the code was there, the rest typed after', async () => {
    const { user, onChange } = renderField(new Date(2026, 2, 4));
    const standIn = field();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    // Tab selects the field's text: typing replaces it.
    await user.keyboard('12/31/20');
    arrive();
    await waitFor(() => expect(field()).not.toBe(standIn));
    await waitFor(() => expect(document.activeElement).toBe(field()));
    // Carbon sets its picker up twice as it mounts, the second time after a render of its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field().value).toBe('12/31/20');
    await user.keyboard('26{Enter}');
    expect(field().value).toBe('12/31/2026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 11, 31)));
  });

  it('opens the calendar for a click made before the code was there, the focus in the field', async () => {
    const { user } = renderField(new Date(2026, 2, 4));
    const standIn = field();
    await user.click(standIn);
    arrive();
    await waitFor(() => expect(field()).not.toBe(standIn));
    await waitFor(() => expect(document.querySelector('.flatpickr-calendar.open')).not.toBeNull());
    expect(document.activeElement).toBe(field());
  });

  it('waits for a press to end before the date field takes its place, and the click opens the calendar', async () => {
    const { user } = renderField(new Date(2026, 2, 4));
    const standIn = field();
    await user.pointer({ keys: '[MouseLeft>]', target: standIn });
    arrive();
    // The code has arrived and run (a few ticks): the plain input stays while the button is down.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(field()).toBe(standIn);
    await user.pointer({ keys: '[/MouseLeft]', target: standIn });
    await waitFor(() => expect(field()).not.toBe(standIn));
    await waitFor(() => expect(document.querySelector('.flatpickr-calendar.open')).not.toBeNull());
    expect(document.activeElement).toBe(field());
  });
});
