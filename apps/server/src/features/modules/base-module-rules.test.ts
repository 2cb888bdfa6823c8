import { describe, expect, it } from 'vitest';
import { HttpError } from '#lib/http-error.ts';
import { checkArchivable, checkSavedType } from './base-module-rules.ts';

const base = { id: 'ready_airman_training', game_type: 'ready_airman_training' };
const copy = { id: 'm_copy', game_type: 'ready_airman_training' };

function refusal(f: () => void): { status: number; message: string } | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.statusCode, message: e.message };
    throw e;
  }
}

describe('checkSavedType', () => {
  it('lets a base module be saved with its own type', () => {
    expect(refusal(() => checkSavedType(base, { game_type: 'ready_airman_training' }))).toBeNull();
  });

  it('refuses a base module another type', () => {
    expect(refusal(() => checkSavedType(base, { game_type: 'm_copy' }))).toEqual({
      status: 400,
      message: 'Module JSON, “game_type”: A base module keeps its own type: put back “ready_airman_training”.',
    });
  });

  it('lets a copy keep or change the base module it copies', () => {
    expect(refusal(() => checkSavedType(copy, { game_type: 'ready_airman_training' }))).toBeNull();
    expect(refusal(() => checkSavedType(copy, { game_type: 'another_base' }))).toBeNull();
  });

  it('refuses a copy its own id as type: it would become a base module', () => {
    expect(refusal(() => checkSavedType(copy, { game_type: 'm_copy' }))).toEqual({
      status: 400,
      message:
        'Module JSON, “game_type”: Only a base module is its own type: put back the type it was copied from, “ready_airman_training”.',
    });
  });
});

describe('checkArchivable', () => {
  it('refuses to archive a base module', () => {
    expect(refusal(() => checkArchivable(base))).toEqual({ status: 409, message: 'Base modules cannot be archived' });
  });

  it('lets a copy be archived', () => {
    expect(refusal(() => checkArchivable(copy))).toBeNull();
  });
});
