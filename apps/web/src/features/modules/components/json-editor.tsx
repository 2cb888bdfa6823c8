/** A CodeMirror 6 JSON editor with highlighting and lint (loaded on demand). */
import { useEffect, useRef, useState } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';

interface Props {
  initial: string;
  label: string;
  /** Read-only (still focusable and selectable, with aria-readonly): a locked base module. */
  readOnly?: boolean;
  onChange(text: string): void;
}

export default function JsonEditor({ initial, label, readOnly = false, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  const latestReadOnly = useRef(readOnly);
  const [readOnlyConfig] = useState(() => new Compartment());
  useEffect(() => {
    latest.current = onChange;
    latestReadOnly.current = readOnly;
  });
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: initial,
      parent: host.current,
      extensions: [
        basicSetup,
        json(),
        linter(jsonParseLinter()),
        lintGutter(),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        // A view made afresh (a new document) starts as locked as the one it replaces.
        readOnlyConfig.of(EditorState.readOnly.of(latestReadOnly.current)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [initial, label, readOnlyConfig]);
  // Locking and unlocking keep the view, and with it the text and the cursor.
  useEffect(() => {
    view.current?.dispatch({ effects: readOnlyConfig.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly, readOnlyConfig]);
  return <div ref={host} className="json-editor" />;
}
