import { describe, expect, it } from 'vitest';
import { isUnitWithin, unitPath, unitTree } from './units.ts';

describe('unitPath', () => {
  it('trims each segment and ignores case', () => {
    expect(unitPath(' 655 ISRW / Det 2 ')).toBe('655 isrw/det 2/');
    expect(unitPath('655 isrw/det 2')).toBe(unitPath('655 ISRW/Det 2'));
  });

  it('is empty for no unit', () => {
    expect(unitPath('  ')).toBe('');
  });
});

describe('isUnitWithin', () => {
  it('holds for the unit and those under it, not for a unit whose name only starts the same', () => {
    expect(isUnitWithin('655 ISRW', '655 isrw')).toBe(true);
    expect(isUnitWithin('655 ISRW/Det 2/Flight A', '655 ISRW')).toBe(true);
    expect(isUnitWithin('655 ISRWX', '655 ISRW')).toBe(false);
    expect(isUnitWithin('655 ISRW', '655 ISRW/Det 2')).toBe(false);
    expect(isUnitWithin('', '655 ISRW')).toBe(false);
  });
});

describe('unitTree', () => {
  it('puts each unit under its parent, counts sub-units in the total and adds missing parents', () => {
    const tree = unitTree([
      { unit: '655 ISRW/Det 2', users: 3 },
      { unit: '1 AS', users: 1 },
      { unit: '655 ISRW', users: 2 },
      { unit: '655 isrw', users: 1 },
      { unit: '70 ISRW/Det 1/Flight B', users: 4 },
    ]);
    expect(tree).toEqual([
      { unit: '1 AS', users: 1, total: 1, depth: 0 },
      { unit: '655 ISRW', users: 3, total: 6, depth: 0 },
      { unit: '655 ISRW/Det 2', users: 3, total: 3, depth: 1 },
      { unit: '70 ISRW', users: 0, total: 4, depth: 0 },
      { unit: '70 ISRW/Det 1', users: 0, total: 4, depth: 1 },
      { unit: '70 ISRW/Det 1/Flight B', users: 4, total: 4, depth: 2 },
    ]);
  });
});
