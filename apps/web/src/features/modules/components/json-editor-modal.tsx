/** A modal that edits a JSON document (a module, or the questionnaire). */
import { lazy, Suspense, useState } from 'react';
import { InlineLoading, Toggle } from '@carbon/react';
import { AppModal } from '#components/app-modal.tsx';
import { useDiscardGuard } from '#components/discard-guard.tsx';
import { ErrorNotice } from '#components/error-notice.tsx';

const JsonEditor = lazy(() => import('./json-editor.tsx'));

interface Props {
  heading: string;
  /** The document; undefined while it loads (the modal opens at once, loading inside). */
  value: unknown;
  /** Why the document could not be loaded: shown instead of the editor. */
  loadError?: { title: string; detail: string };
  /** Saves the parsed document; throws to show `errorAlert`. */
  onSave(parsed: unknown): Promise<unknown>;
  /** While the save runs (the caller's mutation). */
  saving: boolean;
  errorAlert: string;
  /**
   * The label of a toggle that unlocks the document, read-only until then (a
   * base module, spec §4: locked in the editor as in the table editor).
   */
  lockLabel?: string;
  /** Read only (a unit administrator): no Save, the document shown as it is. */
  readOnly?: boolean;
  onClose(): void;
}

const format = (value: unknown) => JSON.stringify(value, null, 2);

export function JsonEditorModal({
  heading,
  value,
  loadError,
  onSave,
  saving,
  errorAlert,
  lockLabel,
  readOnly = false,
  onClose,
}: Props) {
  const [initial, setInitial] = useState(() => (value === undefined ? undefined : format(value)));
  const [text, setText] = useState(initial ?? '');
  const [unlocked, setUnlocked] = useState(lockLabel === undefined);
  const [alert, setAlert] = useState<{ title: string; detail?: string } | null>(null);
  // The document arrived after the modal opened: the editor starts from it, once.
  if (initial === undefined && value !== undefined) {
    setInitial(format(value));
    setText(format(value));
  }

  const { requestClose, guard } = useDiscardGuard(initial !== undefined && text !== initial && !saving, onClose);

  async function save() {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setAlert({ title: 'Error parsing module.', detail: error instanceof Error ? error.message : undefined });
      return;
    }
    setAlert(null);
    try {
      await onSave(parsed);
      onClose();
    } catch (error) {
      setAlert({ title: errorAlert, detail: error instanceof Error ? error.message : undefined });
    }
  }

  // The guard after the editor: Carbon takes the last open modal in the page for the topmost.
  return (
    <>
      <AppModal
        open
        size="lg"
        modalHeading={heading}
        passiveModal={readOnly}
        primaryButtonText="Save"
        secondaryButtonText="Close"
        primaryButtonDisabled={initial === undefined || !unlocked || saving || text === initial}
        onRequestSubmit={() => void save()}
        onRequestClose={requestClose}
      >
        {alert && <ErrorNotice title={alert.title} subtitle={alert.detail} />}
        {lockLabel !== undefined && !readOnly && (
          <Toggle
            id="json-unlock"
            labelText={lockLabel}
            labelA="Locked"
            labelB="Unlocked"
            toggled={unlocked}
            onToggle={setUnlocked}
          />
        )}
        {initial !== undefined ? (
          <Suspense fallback={<InlineLoading description="Loading the editor" />}>
            <JsonEditor initial={initial} label={heading} readOnly={readOnly || !unlocked} onChange={setText} />
          </Suspense>
        ) : loadError ? (
          <ErrorNotice title={loadError.title} subtitle={loadError.detail} />
        ) : (
          <InlineLoading description={`Loading ${heading}`} />
        )}
      </AppModal>
      {guard}
    </>
  );
}
