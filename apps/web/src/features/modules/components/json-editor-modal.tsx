/** A modal that edits a JSON document (a module, or the questionnaire). */
import { lazy, Suspense, useState } from 'react';
import { InlineNotification, Loading, Modal } from '@carbon/react';

const JsonEditor = lazy(() => import('./json-editor.tsx'));

interface Props {
  heading: string;
  value: unknown;
  /** Saves the parsed document; throws to show `errorAlert`. */
  onSave(parsed: unknown): Promise<void>;
  errorAlert: string;
  onClose(): void;
}

export function JsonEditorModal({ heading, value, onSave, errorAlert, onClose }: Props) {
  const [initial] = useState(() => JSON.stringify(value, null, 2));
  const [text, setText] = useState(initial);
  const [alert, setAlert] = useState<{ title: string; detail?: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setAlert({ title: 'Error parsing module.', detail: error instanceof Error ? error.message : undefined });
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      await onSave(parsed);
      onClose();
    } catch (error) {
      setAlert({ title: errorAlert, detail: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      size="lg"
      modalHeading={heading}
      primaryButtonText="Save"
      secondaryButtonText="Close"
      primaryButtonDisabled={saving || text === initial}
      onRequestSubmit={() => void save()}
      onRequestClose={onClose}
    >
      {alert && (
        <InlineNotification kind="error" title={alert.title} subtitle={alert.detail} lowContrast hideCloseButton role="alert" />
      )}
      <Suspense fallback={<Loading withOverlay={false} small description="Loading the editor" />}>
        <JsonEditor initial={initial} label={heading} onChange={setText} />
      </Suspense>
    </Modal>
  );
}
