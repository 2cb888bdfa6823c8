/**
 * What may be done to a base module (spec §4): a module whose type is its own id, such as
 * ready_airman_training. It keeps its type on every save and is never archived; no other
 * module may become one by taking its own id as its type.
 */
import { isBaseModule, type Module } from '@airman/contracts/module.ts';
import { say } from '@airman/engine/check-messages.ts';
import { describeProblem } from '@airman/engine/problem-place.ts';
import { HttpError } from '#lib/http-error.ts';

type Typed = Pick<Module, 'id' | 'game_type'>;

/** A refusal of the type, told as the Check tells a problem (the type is a field of the JSON only). */
const typeRefusal = (message: string) => describeProblem(null, { path: ['game_type'], message });

/** A save keeps a base module a base module and a copy a copy (400 otherwise). */
export function checkSavedType(existing: Typed, input: Pick<Module, 'game_type'>): void {
  if (isBaseModule(existing) && input.game_type !== existing.game_type)
    throw new HttpError(400, typeRefusal(say('baseKeepsType', { type: existing.game_type })));
  // Taking its own id as type would make a copy a base module, which can never be archived.
  if (!isBaseModule(existing) && input.game_type === existing.id)
    throw new HttpError(400, typeRefusal(say('copyOwnType', { type: existing.game_type })));
}

/** A base module is never archived (409). */
export function checkArchivable(existing: Typed): void {
  if (isBaseModule(existing)) throw new HttpError(409, 'Base modules cannot be archived');
}
