/** A CodeMirror 6 JSON editor with highlighting and lint (loaded on demand). */
import { useEffect, useRef, useState } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';

/**
 * The nonce the server gave this page for its style elements (plugins/web-app.ts):
 * CodeMirror injects its styles, and the page's CSP admits only those that carry it.
 */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';

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
        EditorView.cspNonce.of(styleNonce),
        basicSetup,
        // Long strings (a description) wrap instead of running off a phone's screen.
        EditorView.lineWrapping,
        json(),
        linter(jsonParseLinter()),
        lintGutter(),
        // tabindex: focusable by name too (read-only included), so its scroller is keyboard-reachable.
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
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
