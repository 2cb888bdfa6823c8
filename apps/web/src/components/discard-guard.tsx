/**
 * Asks before a modal with unsaved input closes: closing it by its Close or
 * Cancel button, its header's ✕, Escape or a click outside it would otherwise
 * lose what the admin typed or chose; so would reloading, going Back or closing
 * the tab, which ask through the browser.
 *
 * The question is a modal over the modal (decision 010): 'Keep editing' is its
 * first focus and what Escape does, and goes back into the modal where the focus
 * was (AppModal); 'Discard changes' closes both, focus going to what opened the
 * modal, and says so to a screen reader.
 */
import { useEffect, useRef, useState } from 'react';
import { announce, prepareAnnouncer } from '../lib/announce.ts';
import { holdUnsavedWork } from '../lib/unsaved-work.ts';
import { AppModal } from './app-modal.tsx';

export const DISCARD_HEADING = 'Discard unsaved changes?';
export const DISCARDED = 'Changes discarded.';
const DEFAULT_MESSAGE = 'Your changes have not been saved. Closing now loses them.';

/** `close` runs at once when nothing is unsaved; otherwise after the admin confirms. */
export function useDiscardGuard(
  unsaved: boolean,
  close: () => void,
  { message = DEFAULT_MESSAGE }: { message?: string } = {},
): { requestClose(): void; guard: React.ReactNode } {
  const [asking, setAsking] = useState(false);
  const latest = useRef(unsaved);
  useEffect(() => {
    latest.current = unsaved;
  });
  useEffect(() => holdUnsavedWork({ unsaved: () => latest.current }), []);
  // The live region is in the page before anything is said in it, or the first message is not heard.
  useEffect(() => prepareAnnouncer(), []);
  const guard = asking ? (
    <AppModal
      open
      danger
      size="xs"
      describedByBody
      modalHeading={DISCARD_HEADING}
      primaryButtonText="Discard changes"
      secondaryButtonText="Keep editing"
      onRequestSubmit={() => {
        setAsking(false);
        close();
        announce(DISCARDED);
      }}
      onRequestClose={() => setAsking(false)}
    >
      <p>{message}</p>
    </AppModal>
  ) : null;
  return { requestClose: () => (latest.current ? setAsking(true) : close()), guard };
}
