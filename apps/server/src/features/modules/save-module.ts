/** Validating a module for saving: the engine's errors refuse it; its warnings do not. */
import type { FastifyRequest } from 'fastify';
import type { Module } from '@airman/contracts/module.ts';
import type { ModuleContent } from '#db/schema.ts';
import type { ModuleFields } from './repository.ts';
import { describeProblem } from '@airman/engine/problem-place.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { HttpError } from '#lib/http-error.ts';

/**
 * Every error of a module, as the editor's Check lists them: 'Actions, “Run”,
 * Token cost: Must be a whole number, 0 or more. Gauges: …'; '' when it has none.
 */
export function moduleErrors(input: unknown): string {
  return validateStructure(input)
    .filter((p) => p.severity === 'error')
    .map((p) => describeProblem(input, p))
    .join(' ');
}

/** The module, or a 400 listing every error. */
export function checkModule(input: unknown): Module {
  const errors = moduleErrors(input);
  if (errors !== '') throw new HttpError(400, errors);
  return input as Module;
}

/**
 * The module routes take their validation errors (`attachValidation`): a body
 * their schema refuses is told by checkModule, in the editor's words; a
 * refused part other than the body is refused here, as on every route.
 */
export function refuseInvalidParts(request: FastifyRequest): void {
  const error = request.validationError;
  if (error && error.validationContext !== 'body') throw error;
}

/** A module as its row stores it: its names, and its rules as the content. */
export function moduleFields(m: Module): ModuleFields {
  return {
    game_title: m.game_title,
    game_description: m.game_description,
    game_type: m.game_type,
    content: moduleContent(m),
  };
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
