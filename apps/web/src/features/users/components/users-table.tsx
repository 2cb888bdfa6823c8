/** The users table of spec §2. */
import { Button, TableSelectAll, TableSelectRow, Toggle } from '@carbon/react';
import type { Module } from '@airman/contracts/module.ts';
import { displayName, type User } from '@airman/contracts/user.ts';
import { ModuleTags } from './module-tags.tsx';
import { formatDate } from './assignments-table.tsx';

interface Props {
  users: User[];
  modules: Module[];
  /** Status toggles moved but not yet reloaded: shown as moved. */
  activeShown?: ReadonlyMap<string, boolean>;
  onOpen(user: User): void;
  onToggleActive(user: User, active: boolean): void;
  onResend(user: User): void;
  onCopyLink(user: User): void;
  onDelete(user: User): void;
  /** Rows chosen for a bulk action (ids, across pages). */
  selected: ReadonlySet<string>;
  onSelect(user: User, on: boolean): void;
  /** Select or clear every row of this page. */
  onSelectPage(on: boolean): void;
}

export const USER_COLUMNS = [
  'Rank',
  'Unit',
  'Name',
  'Role',
  'Email',
  'Assigned Modules',
  'Completed Modules',
  'Last Sign-In',
  'Status',
  'Actions',
];

export function UsersTable({
  users,
  modules,
  activeShown,
  onOpen,
  onToggleActive,
  onResend,
  onCopyLink,
  onDelete,
  selected,
  onSelect,
  onSelectPage,
}: Props) {
  const title = (id: string) => modules.find((m) => m.id === id)?.game_title ?? id;
  const onPage = users.filter((u) => selected.has(u.id)).length;
  return (
    <div className="table-scroll">
      <table className="cds--data-table cds--data-table--md users-table" aria-label="Users">
        <thead>
          <tr>
            <TableSelectAll
              id="users-select-page"
              name="users-select-page"
              aria-label="Select every user of this page"
              checked={onPage > 0 && onPage === users.length}
              indeterminate={onPage > 0 && onPage < users.length}
              onSelect={() => onSelectPage(onPage < users.length)}
            />
            {USER_COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => {
            const inactive = !u.pending && u.active_at === 0;
            const completed = u.assignments.filter((a) => a.completed_at > 0).map((a) => title(a.key));
            return (
              <tr
                key={u.id}
                className={inactive ? 'is-inactive' : undefined}
                onDoubleClick={() => onOpen(u)}
                data-user-id={u.id}
              >
                <TableSelectRow
                  id={`select-${u.id}`}
                  name={`select-${u.id}`}
                  aria-label={`Select ${u.pending ? u.user_name : `${displayName(u)} (${u.user_name})`}`}
                  checked={selected.has(u.id)}
                  onSelect={() => onSelect(u, !selected.has(u.id))}
                />
                <td>{u.pending ? '*' : u.rank}</td>
                <td>{u.pending ? '*' : u.unit}</td>
                <td>
                  {u.pending ? (
                    // A pending row has no View action (spec §2): this opens its modal from the keyboard too.
                    <button type="button" className="cds--link users-table__open" onClick={() => onOpen(u)}>
                      Pending Invite<span className="visually-hidden"> {u.user_name}</span>
                    </button>
                  ) : (
                    displayName(u)
                  )}
                </td>
                <td>{u.role}</td>
                <td>{u.user_name}</td>
                <td>
                  <ModuleTags titles={u.assignments.map((a) => title(a.key))} />
                </td>
                <td>
                  <ModuleTags titles={completed} />
                </td>
                <td>{u.last_login_at > 0 ? formatDate(u.last_login_at) : 'Never'}</td>
                <td>
                  {u.pending ? (
                    `Last Invite Sent ${formatDate(u.last_invite_at)}`
                  ) : (
                    // The state in words beside the switch (not its colour alone); the label,
                    // which names the row for a screen reader, is hidden by the table's style
                    // (Carbon's hideLabel would put it where the state goes).
                    <Toggle
                      id={`active-${u.id}`}
                      className="users-table__status"
                      size="sm"
                      labelText={`Status of ${u.user_name}`}
                      labelA="Inactive"
                      labelB="Active"
                      toggled={activeShown?.get(u.id) ?? u.active_at > 0}
                      onToggle={(on) => onToggleActive(u, on)}
                    />
                  )}
                </td>
                <td className="users-table__actions">
                  {u.pending ? (
                    <>
                      <Button kind="ghost" size="sm" onClick={() => onResend(u)}>
                        Resend Invite<span className="visually-hidden"> {u.user_name}</span>
                      </Button>
                      <Button kind="ghost" size="sm" onClick={() => onCopyLink(u)}>
                        Copy Invite Link<span className="visually-hidden"> {u.user_name}</span>
                      </Button>
                    </>
                  ) : (
                    <Button kind="ghost" size="sm" onClick={() => onOpen(u)}>
                      View<span className="visually-hidden"> {u.user_name}</span>
                    </Button>
                  )}
                  <Button kind="danger--ghost" size="sm" onClick={() => onDelete(u)}>
                    Delete<span className="visually-hidden"> {u.user_name}</span>
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
