/**
 * Asks before an editor with unsaved changes closes: closing it by its Close
 * button, its header's ✕ or Escape would otherwise lose the admin's edits; so
 * would reloading, going Back or closing the tab, which ask through the browser.
 */
import { useEffect, useRef, useState } from 'react';
import { holdUnsavedWork } from '../lib/unsaved-work.ts';
import { AppModal } from './app-modal.tsx';

/** `close` runs at once when nothing is unsaved; otherwise after the admin confirms. */
export function useDiscardGuard(unsaved: boolean, close: () => void): { requestClose(): void; guard: React.ReactNode } {
  const [asking, setAsking] = useState(false);
  const latest = useRef(unsaved);
  useEffect(() => {
    latest.current = unsaved;
  });
  useEffect(() => holdUnsavedWork({ unsaved: () => latest.current }), []);
  const guard = asking ? (
    <AppModal
      open
      danger
      size="xs"
      modalHeading="Discard unsaved changes?"
      primaryButtonText="Discard changes"
      secondaryButtonText="Keep editing"
      onRequestSubmit={() => {
        setAsking(false);
        close();
      }}
      onRequestClose={() => setAsking(false)}
    >
      <p>Your changes have not been saved. Closing now loses them.</p>
    </AppModal>
  ) : null;
  return { requestClose: () => (unsaved ? setAsking(true) : close()), guard };
}
