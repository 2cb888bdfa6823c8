/**
 * Renders one table of the module editor as the editor holds it: the model in
 * state, focus put back after a row is added, moved or removed, and the
 * Check's errors marked on their fields (worked out from the model on each
 * render; the editor does it a render behind). Gives the model as it is after
 * the last change, and the Check's message for an error at a path.
 */
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import type { UserEvent } from '@testing-library/user-event';
import type { Module } from '@airman/contracts/module.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { useFocusSoon, type TableProps } from '#features/modules/components/editor-table.tsx';
import { FieldErrorsProvider } from '#features/modules/components/field-errors-context.tsx';
import { fieldErrors } from '#features/modules/field-errors.ts';
import { fromEditorModel, toEditorModel, type EditorModel } from '#features/modules/module-editor-model.ts';
import { renderWithApp, type Rendered } from './render.tsx';

export interface RenderedTable extends Rendered {
  /** The module as the table left it. */
  module(): Module;
}

export function renderEditorTable(
  Table: ComponentType<TableProps>,
  module: Module,
  { locked = false }: { locked?: boolean } = {},
): RenderedTable {
  let latest: EditorModel = toEditorModel(module);
  const keep = (model: EditorModel) => {
    latest = model;
  };
  function Editor() {
    const [model, setModel] = useState(() => toEditorModel(module));
    const focusSoon = useFocusSoon();
    const errors = useMemo(() => fieldErrors(model, validateStructure(fromEditorModel(model))), [model]);
    useEffect(() => keep(model), [model]);
    return (
      <FieldErrorsProvider errors={errors}>
        <Table model={model} locked={locked} setModel={setModel} focusSoon={focusSoon} />
      </FieldErrorsProvider>
    );
  }
  const rendered = renderWithApp(<Editor />);
  return { ...rendered, module: () => fromEditorModel(latest) };
}

/** The Check's own message for the error at `path` (dot-separated) of `module`: the field shows the same words. */
export function messageAt(module: Module, path: string): string {
  const problem = validateStructure(module).find((p) => p.severity === 'error' && p.path.join('.') === path);
  if (!problem) throw new Error(`no error at ${path}`);
  return problem.message;
}

/** The text of the elements that describe `element` (aria-describedby, else Carbon's checkbox's aria-description). */
export function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (ids.length === 0) return element.getAttribute('aria-description') ?? '';
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** A table's header cells' texts, row by row. */
export function headerRows(table: HTMLElement): string[][] {
  return [...table.querySelectorAll('thead tr')].map((tr) =>
    [...tr.querySelectorAll('th')].map((th) => th.textContent ?? ''),
  );
}

/** Replaces a field's text with `text`, typed over it all (a number field shows 0 once cleared). */
export async function enter(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  const { value } = field as HTMLInputElement;
  await user.type(field, text, { initialSelectionStart: 0, initialSelectionEnd: value.length });
}
