/** A CodeMirror 6 JSON editor with highlighting and lint (loaded on demand). */
import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';

interface Props {
  initial: string;
  label: string;
  onChange(text: string): void;
}

export default function JsonEditor({ initial, label, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      doc: initial,
      parent: host.current,
      extensions: [
        basicSetup,
        json(),
        linter(jsonParseLinter()),
        lintGutter(),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current(update.state.doc.toString());
        }),
      ],
    });
    return () => view.destroy();
  }, [initial, label]);
  return <div ref={host} className="json-editor" />;
}
