import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { UnitCount } from '@airman/contracts/api.ts';
import type { UnitFilter as UnitFilterComponent } from './unit-filter.tsx';

const UNITS: UnitCount[] = [
  { unit: '1655 Sq', users: 4, total: 4, depth: 0 },
  { unit: '655 ISRW', users: 3, total: 3, depth: 0 },
  { unit: 'Ops', users: 7, total: 7, depth: 0 },
];

// Each test starts with the combo box's code not loaded (the stand-in is what the page shows
// first), and its code arrives when the test lets it: after what the user did before.
let arrive: () => void;
let UnitFilter: typeof UnitFilterComponent;
beforeEach(async () => {
  vi.resetModules();
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock('./unit-filter-combo.tsx', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  ({ UnitFilter } = await import('./unit-filter.tsx'));
});

/** The filter as a list holds it, with what it was last told. */
function renderFilter(initial?: string, loaded: 'units' | 'loading' = 'units') {
  const units = loaded === 'units' ? UNITS : undefined;
  const onChange = vi.fn<(unit: string | undefined) => void>();
  function Screen() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <button type="button">Before</button>
        <UnitFilter
          id="unit"
          label="Unit"
          value={value}
          units={units}
          onChange={(unit) => {
            onChange(unit);
            setValue(unit);
          }}
        />
      </>
    );
  }
  const user = userEvent.setup();
  render(<Screen />);
  return { user, onChange };
}

const field = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Unit' });
/** The combo box's code arrives; it is in place once its list has a menu id of downshift's. */
const swapped = () => {
  // What the user did, the stand-in took.
  expect(field().getAttribute('aria-controls')).toBe('unit-menu');
  arrive();
  return waitFor(() => expect(field().getAttribute('aria-controls')).toMatch(/^downshift-/));
};
/** Tab from the button before it: the field has the focus. */
async function tabToField(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Before' }));
  await user.tab();
  expect(document.activeElement).toBe(field());
}
const options = () => screen.queryAllByRole('option').map((o) => o.querySelector('.unit-filter__name')?.textContent);

describe('UnitFilter before its combo box has loaded', () => {
  it('shows the unit in the combo box markup, with the list loading said', () => {
    renderFilter('655 ISRW', 'loading');
    expect(field().value).toBe('655 ISRW');
    expect(field().getAttribute('aria-controls')).toBe('unit-menu');
    expect(field().closest('.cds--combo-box')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Clear selected item' })).toBeTruthy();
    expect(screen.getByText('Loading units…').id).toBe(field().getAttribute('aria-describedby'));
  });

  it('keeps the focus and every key typed from the first, Tab and typing with no wait, and Enter chooses', async () => {
    const { user, onChange } = renderFilter();
    await tabToField(user);
    await user.keyboard('isr');
    await swapped();
    expect(document.activeElement).toBe(field());
    expect(field().value).toBe('isr');
    await waitFor(() => expect(options()).toEqual(['655 ISRW']));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('655 ISRW');
  });

  it('types over the unit selected before the code was there, as Ctrl+A then typing does', async () => {
    const { user } = renderFilter('655 ISRW');
    await tabToField(user);
    await user.keyboard('{Control>}a{/Control}');
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, '655 ISRW'.length]);
    await swapped();
    expect(document.activeElement).toBe(field());
    await user.keyboard('Ops');
    expect(field().value).toBe('Ops');
    await waitFor(() => expect(options()).toEqual(['Ops']));
  });

  it('opens the list for the arrow key pressed before the code was there', async () => {
    const { user } = renderFilter();
    await tabToField(user);
    await user.keyboard('{ArrowDown}');
    await swapped();
    await waitFor(() => expect(options()).toEqual(['1655 Sq', '655 ISRW', 'Ops']));
    expect(field().getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the list for a click on the field', async () => {
    const { user } = renderFilter();
    await user.click(field());
    await swapped();
    await waitFor(() => expect(options()).toEqual(['1655 Sq', '655 ISRW', 'Ops']));
    expect(document.activeElement).toBe(field());
  });

  it('waits for a press to end before the combo box takes its place, and the click opens the list', async () => {
    const { user } = renderFilter();
    await user.pointer({ keys: '[MouseLeft>]', target: field() });
    arrive();
    // The code has arrived and run (a few ticks): the stand-in stays while the button is down.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(field().getAttribute('aria-controls')).toBe('unit-menu');
    await user.pointer({ keys: '[/MouseLeft]', target: field() });
    await waitFor(() => expect(field().getAttribute('aria-controls')).toMatch(/^downshift-/));
    await waitFor(() => expect(options()).toEqual(['1655 Sq', '655 ISRW', 'Ops']));
    expect(document.activeElement).toBe(field());
  });

  it('clears the unit for Escape on the closed field, as the combo box does', async () => {
    const { user, onChange } = renderFilter('Ops');
    await tabToField(user);
    await user.keyboard('{Escape}');
    await swapped();
    await waitFor(() => expect(onChange).toHaveBeenCalledExactlyOnceWith(undefined));
    expect(field().value).toBe('');
  });

  it('clears the unit for its clear button, the focus in the field', async () => {
    const { user, onChange } = renderFilter('Ops');
    await user.click(screen.getByRole('button', { name: 'Clear selected item' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(undefined);
    await swapped();
    expect(field().value).toBe('');
    expect(document.activeElement).toBe(field());
  });
});
