/** The users table of spec §2. */
import { OverflowMenu, OverflowMenuItem, TableSelectAll, TableSelectRow, Toggle } from '@carbon/react';
import type { Module } from '@airman/contracts/module.ts';
import { displayName } from '@airman/contracts/user-values.ts';
import type { User } from '@airman/contracts/user.ts';
import { ModuleTags } from './module-tags.tsx';
import { formatDate } from './format-date.ts';

interface Props {
  users: User[];
  modules: Module[];
  /** Status toggles moved but not yet reloaded: shown as moved. */
  activeShown?: ReadonlyMap<string, boolean>;
  onOpen(user: User): void;
  onToggleActive(user: User, active: boolean): void;
  onResend(user: User): void;
  onCopyLink(user: User): void;
  /** Absent for a unit administrator, who cannot delete users: the row offers no Delete. */
  onDelete?(user: User): void;
  /** Rows chosen for a bulk action (ids, across pages). */
  selected: ReadonlySet<string>;
  onSelect(user: User, on: boolean): void;
  /** Select or clear every row of this page. */
  onSelectPage(on: boolean): void;
}

/** The id of a row's actions button: focus goes back to it, or to the next row's, after an action. */
export const rowActionsId = (userId: string) => `user-actions-${userId}`;

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
  const moduleIds = modules.map((m) => m.id);
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
            const assigned = u.assignments.map((a) => ({ key: a.key, title: title(a.key) }));
            const completed = u.assignments
              .filter((a) => a.completed_at > 0)
              .map((a) => ({ key: a.key, title: title(a.key) }));
            const who = u.pending ? u.user_name : `${displayName(u)} (${u.user_name})`;
            const active = activeShown?.get(u.id) ?? u.active_at > 0;
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
                  aria-label={`Select ${who}`}
                  checked={selected.has(u.id)}
                  onSelect={() => onSelect(u, !selected.has(u.id))}
                />
                <td>{u.pending ? '*' : u.rank}</td>
                <td className="users-table__text">{u.pending ? '*' : u.unit}</td>
                <td className="users-table__text users-table__name">{u.pending ? 'Pending Invite' : displayName(u)}</td>
                <td>{u.role}</td>
                <td className="users-table__text users-table__email">{u.user_name}</td>
                <td>
                  <ModuleTags modules={assigned} moduleIds={moduleIds} />
                </td>
                <td>
                  <ModuleTags modules={completed} moduleIds={moduleIds} />
                </td>
                <td className="users-table__date">{u.last_login_at > 0 ? formatDate(u.last_login_at) : 'Never'}</td>
                <td className="users-table__date">
                  {u.pending ? (
                    `Last Invite Sent ${formatDate(u.last_invite_at)}`
                  ) : (
                    // The state in words beside the switch (not its colour alone); the label,
                    // which names the row for a screen reader, is hidden by the table's style
                    // (Carbon's hideLabel would put it where the state goes). Out of the Tab order:
                    // the row's actions menu has Activate or Deactivate, so a row is two Tab stops.
                    <Toggle
                      tabIndex={-1}
                      id={`active-${u.id}`}
                      className="users-table__status"
                      size="sm"
                      labelText={`Status of ${u.user_name}`}
                      labelA="Inactive"
                      labelB="Active"
                      toggled={active}
                      onToggle={(on) => onToggleActive(u, on)}
                    />
                  )}
                </td>
                <td className="users-table__actions">
                  {/* Every action of the row in one menu: one Tab stop, always in view (spec §2's actions, and View and the status for every row). */}
                  <OverflowMenu
                    id={rowActionsId(u.id)}
                    size="sm"
                    flipped
                    aria-label={`Actions for ${who}`}
                    iconDescription={`Actions for ${who}`}
                  >
                    {[
                      <OverflowMenuItem key="view" itemText="View" onClick={() => onOpen(u)} />,
                      ...(u.pending
                        ? [
                            <OverflowMenuItem key="resend" itemText="Resend Invite" onClick={() => onResend(u)} />,
                            <OverflowMenuItem key="copy" itemText="Copy Invite Link" onClick={() => onCopyLink(u)} />,
                          ]
                        : [
                            <OverflowMenuItem
                              key="status"
                              itemText={active ? 'Deactivate' : 'Activate'}
                              onClick={() => onToggleActive(u, !active)}
                            />,
                          ]),
                      ...(onDelete
                        ? [
                            <OverflowMenuItem
                              key="delete"
                              itemText="Delete"
                              isDelete
                              hasDivider
                              onClick={() => onDelete(u)}
                            />,
                          ]
                        : []),
                    ]}
                  </OverflowMenu>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
