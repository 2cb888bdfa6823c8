/**
 * The Check's errors where the admin types (docs/decisions/013): a field an
 * error names is marked the Carbon way (`invalid` with its message, which sets
 * aria-invalid and describes the field by the message), a table's own errors
 * show under it. Given by the editor from the same deferred check as the
 * Check's, so the marks come and go as the admin types, a render behind.
 */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { FieldErrors } from '../field-errors.ts';

const NONE: FieldErrors = { fields: new Map(), details: new Map(), tables: new Map() };
const FieldErrorsContext = createContext<FieldErrors>(NONE);
/** Whether the row the fields are in has its details closed (a row without details has none to close). */
const DetailsClosedContext = createContext(false);

export function FieldErrorsProvider({ errors, children }: { errors: FieldErrors; children: ReactNode }) {
  return <FieldErrorsContext.Provider value={errors}>{children}</FieldErrorsContext.Provider>;
}

/** Around a row's own cells: while its details are closed, its first field shows the errors in them. */
export function DetailsClosed({ closed, children }: { closed: boolean; children: ReactNode }) {
  return <DetailsClosedContext.Provider value={closed}>{children}</DetailsClosedContext.Provider>;
}

/** The messages of field `id`'s errors, and of those in its row's details while they are closed. */
function useMessages(id: string): string | undefined {
  const errors = useContext(FieldErrorsContext);
  const closed = useContext(DetailsClosedContext);
  const hidden = closed ? (errors.details.get(id) ?? []) : [];
  const messages = [...(errors.fields.get(id) ?? []), ...hidden.map((m) => `in its details: ${m}`)];
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/** Carbon's message under an invalid field (its TextInput and TextArea give it this id). */
const messageId = (id: string) => `${id}-error-msg`;

/**
 * A TextInput's props for field `id`: invalid, with its errors' messages, when the Check names it.
 * Carbon points aria-errormessage at the message, which few screen readers read: it describes the
 * field too.
 */
export function useInvalid(id: string) {
  const text = useMessages(id);
  return { invalid: text !== undefined, invalidText: text, 'aria-describedby': text ? messageId(id) : undefined };
}

/** A TextArea's props for field `id`, as `useInvalid`'s (Carbon's TextArea sets its own description: the ref does). */
export function useInvalidTextArea(id: string) {
  const text = useMessages(id);
  const describedBy = text === undefined ? null : messageId(id);
  const ref = useCallback(
    (area: HTMLTextAreaElement | null) => {
      if (!area) return;
      if (describedBy) area.setAttribute('aria-describedby', describedBy);
      else area.removeAttribute('aria-describedby');
    },
    [describedBy],
  );
  return { invalid: text !== undefined, invalidText: text, ref };
}

/** A Checkbox's props for field `id`: Carbon shows the message but neither marks nor describes the box, so these do. */
export function useInvalidCheckbox(id: string) {
  const text = useMessages(id);
  return {
    invalid: text !== undefined,
    invalidText: text,
    'aria-invalid': text !== undefined,
    'aria-description': text,
  };
}

/** A table's own errors (a duplicate name, too many rows), under it; nothing while it has none. */
export function TableErrors({ id }: { id: string }) {
  const messages = useContext(FieldErrorsContext).tables.get(id) ?? [];
  if (messages.length === 0) return null;
  return (
    // Focusable by script only: 'Go to the first error' brings the keyboard here.
    <ul id={`${id}-errors`} className="editor-errors" tabIndex={-1}>
      {messages.map((m, i) => (
        <li key={i}>Error: {m}</li>
      ))}
    </ul>
  );
}
