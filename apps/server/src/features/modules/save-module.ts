/** Validating a module for saving: the engine's errors refuse it; its warnings do not. */
import type { Module } from '@airman/contracts/module.ts';
import type { ModuleContent } from '../../db/schema.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { HttpError } from '../../lib/http-error.ts';

/** The module, or a 400 listing every error ('actions.3.results.stamina: unknown gauge'). */
export function checkModule(input: unknown): Module {
  const errors = validateStructure(input).filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new HttpError(
      400,
      errors.map((p) => (p.path.length ? `${p.path.join('.')}: ${p.message}` : p.message)).join('; '),
    );
  }
  return input as Module;
}

/** The rules of a module, as stored: optional fields only when the module has them. */
export function moduleContent(m: Module): ModuleContent {
  const {
    id: _id,
    game_title: _title,
    game_description: _description,
    game_type: _type,
    archived_at: _archived,
    ...content
  } = m;
  return content;
}
