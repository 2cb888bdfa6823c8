/**
 * What every screen of the play interface draws with: the one polite live region's
 * announcements, the screen's heading (focus lands on it when a screen opens) and
 * Carbon-styled buttons. An unavailable button stays focusable (aria-disabled) and says
 * why when pressed.
 */
import type { Screen } from '../controller.ts';
import { el } from '../dom.ts';

export type Nodes = (Node | null)[];
export type ScreenOf<K extends Screen['kind']> = Extract<Screen, { kind: K }>;

export interface ButtonOptions {
  kind?: 'primary' | 'secondary' | 'tertiary' | 'ghost' | 'danger';
  /** Why it cannot be pressed now; said when it is. */
  unavailable?: string;
  className?: string;
}

export interface ViewParts {
  announce(message: string): void;
  heading(text: string): HTMLElement;
  button(label: Node | string, key: string, onClick: () => void, options?: ButtonOptions): HTMLButtonElement;
}

/** The parts, announcing through `live`. */
export function viewParts(live: HTMLElement): ViewParts {
  const announce = (message: string) => {
    // The same words twice in a row are still read: a no-break space makes them new.
    live.textContent = message === live.textContent ? `${message}\u00a0` : message;
  };

  const button = (
    label: Node | string,
    key: string,
    onClick: () => void,
    options: ButtonOptions = {},
  ): HTMLButtonElement => {
    const kind = options.kind ?? 'secondary';
    const b = el(
      'button',
      {
        type: 'button',
        class: options.className ?? `cds--btn cds--btn--${kind} game__button`,
        'data-key': key,
        'aria-disabled': options.unavailable ? 'true' : undefined,
      },
      label,
    );
    // aria-disabled keeps it focusable, so its reason can be read; pressing it says why.
    b.addEventListener('click', () => (options.unavailable ? announce(options.unavailable) : onClick()));
    return b;
  };

  const heading = (text: string) => el('h2', { class: 'game__heading', tabindex: -1, 'data-key': 'heading' }, text);

  return { announce, heading, button };
}
