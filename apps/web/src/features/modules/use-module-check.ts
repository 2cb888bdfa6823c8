/**
 * The module editor's check, done once per edit for everything that shows it:
 * the Check's lists and verdict, the marks on the fields and whether Save is
 * allowed. It follows the edited model a render behind (useDeferredValue), so
 * typing is never held up by it.
 */
import { useDeferredValue, useMemo } from 'react';
import type { Module } from '@airman/contracts/module.ts';
import { solve, type Winnability } from '@airman/engine/solver.ts';
import { validateStructure, type Problem } from '@airman/engine/validate.ts';
import { fieldErrors, type FieldErrors } from './field-errors.ts';
import { fromEditorModel, tableErrors, type EditorModel } from './module-editor-model.ts';

export interface ModuleCheck {
  /** The module checked: the edited one, or while the admin types, the one of a moment ago. */
  module: Module;
  problems: Problem[];
  /** Problems of the tables that the module itself cannot show (duplicate gauge rows). */
  tableErrors: string[];
  /** Whether the module can be won; null while it has errors. */
  verdict: Winnability | null;
  /** Where the errors show in the tables. */
  fields: FieldErrors;
  /** The errors of both kinds: while there is one, the module cannot be saved. */
  errorCount: number;
}

/** The check of the module made from `model`; null while there is none (the module is loading). */
export function useModuleCheck(model: EditorModel | null): ModuleCheck | null {
  const deferred = useDeferredValue(model);
  return useMemo(() => {
    if (!deferred) return null;
    const module = fromEditorModel(deferred);
    const problems = validateStructure(module);
    const errors = problems.filter((p) => p.severity === 'error').length;
    const fromTables = tableErrors(deferred);
    return {
      module,
      problems,
      tableErrors: fromTables,
      verdict: errors > 0 ? null : solve(module, { maxStates: 50_000 }),
      fields: fieldErrors(deferred, problems),
      errorCount: errors + fromTables.length,
    };
  }, [deferred]);
}
