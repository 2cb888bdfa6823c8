import { describe, expect, it } from 'vitest';
import { usersFiltersFrom, usersFiltersSearch } from './get-users.ts';

const from = (search: string) => usersFiltersFrom(new URLSearchParams(search));

describe('usersFiltersFrom', () => {
  it('reads every filter and the order the server takes', () => {
    expect(
      from(
        'unit=99+ABW&role=admin&status=pending&module=ready_airman_training&assignment_status=past_due&sort=last_login',
      ),
    ).toEqual({
      unit: '99 ABW',
      role: 'admin',
      status: 'pending',
      module: 'ready_airman_training',
      assignment_status: 'past_due',
      sort: 'last_login',
    });
    expect(from('sort=name')).toEqual({ sort: 'name' });
    expect(from('')).toEqual({});
  });

  it('keeps a unit exactly as given', () => {
    expect(from(`unit=${encodeURIComponent(' Ops & Plans ')}`)).toEqual({ unit: ' Ops & Plans ' });
  });

  it('leaves out values the server would refuse, and empty ones', () => {
    expect(from('role=owner&status=Active&assignment_status=done&sort=age&module=m')).toEqual({ module: 'm' });
    expect(from(`unit=${'u'.repeat(101)}&module=${'m'.repeat(101)}`)).toEqual({});
    expect(from(`unit=${'u'.repeat(100)}`)).toEqual({ unit: 'u'.repeat(100) });
    expect(from('unit=&role=&sort=')).toEqual({});
  });

  it('leaves out an assignment status without a module', () => {
    expect(from('assignment_status=complete')).toEqual({});
    expect(from('module=&assignment_status=complete')).toEqual({});
  });

  it('takes the first of a repeated parameter, and ignores parameters it does not know', () => {
    expect(from('status=inactive&status=active&page=3&search=lee')).toEqual({ status: 'inactive' });
  });
});

describe('usersFiltersSearch', () => {
  it('writes the filters in effect, in a fixed order, and nothing for empty ones', () => {
    expect(usersFiltersSearch({ sort: 'rank', unit: 'A B', role: undefined }).toString()).toBe('unit=A+B&sort=rank');
    expect(usersFiltersSearch({}).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const filters = { unit: 'x&y', status: 'active', module: 'm1', assignment_status: 'quit', sort: 'unit' } as const;
    expect(usersFiltersFrom(usersFiltersSearch(filters))).toEqual(filters);
  });
});
