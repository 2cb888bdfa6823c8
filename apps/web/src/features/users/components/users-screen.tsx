/**
 * The Users screen (spec §2): search, count, invite, table, pagination, modals.
 * The filters and order live in the URL, so a view can be shared and survives a reload.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Button,
  DataTableSkeleton,
  Loading,
  Search,
  TableBatchAction,
  TableBatchActions,
  TableToolbar,
} from '@carbon/react';
import { Add, Calendar, Email, Locked, Notification, Subtract, type CarbonIconType } from '@carbon/icons-react';
import { BULK_ACTIONS, type BulkAction } from '@airman/contracts/bulk-users-values.ts';
import type { BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import type { NudgeResponse } from '@airman/contracts/record.ts';
import type { InviteFileReport } from '@airman/contracts/invite-file.ts';
import type { User } from '@airman/contracts/user.ts';
import { useToast } from '#components/toasts.tsx';
import { useCurrentUser } from '#lib/auth/current-user.tsx';
import { isFullAdmin } from '#lib/roles.ts';
import { useModules } from '#lib/modules.ts';
import { useUnits } from '#lib/units.ts';
import { useUrlFilters } from '#lib/url-filters.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useRefreshUsers, useUsers, usersFiltersFrom, usersFiltersSearch } from '../api/get-users.ts';
import { useActiveToggles } from '../hooks/use-active-toggles.ts';
import { useDebouncedSearch } from '../hooks/use-debounced-search.ts';
import { useInviteActions } from '../hooks/use-invite-actions.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { useFocusOnArrival, useUsersPaging } from '../hooks/use-users-paging.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { BULK_LABELS, usersCount } from './bulk-labels.ts';
import { nudgeOutcome } from '#lib/nudge.ts';
import { BulkOutcome, type Outcome } from './bulk-outcome.tsx';
import { UsersFiltersBar } from './users-filters.tsx';
import { USER_COLUMNS, UsersTable, rowActionsId } from './users-table.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/admin.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

// The modals (date fields, the record, the file reader) load when one is first opened: the list
// comes first, on a slow link too.
const UserModal = lazy(() => import('./user-modal.tsx').then((m) => ({ default: m.UserModal })));
const BulkModal = lazy(() => import('./bulk-modal.tsx').then((m) => ({ default: m.BulkModal })));
const NudgeModal = lazy(() => import('#components/nudge-modal.tsx').then((m) => ({ default: m.NudgeModal })));
const InviteModal = lazy(() => import('./invite-modal.tsx').then((m) => ({ default: m.InviteModal })));
const DeleteModal = lazy(() => import('./delete-modal.tsx').then((m) => ({ default: m.DeleteModal })));
const InviteFileModal = lazy(() => import('./invite-file-modal.tsx').then((m) => ({ default: m.InviteFileModal })));

const BULK_ICONS: Record<BulkAction, CarbonIconType> = {
  assign: Add,
  due_date: Calendar,
  unassign: Subtract,
  reinvite: Email,
  deactivate: Locked,
};

export function UsersScreen() {
  const me = useCurrentUser();
  const toast = useToast();
  const refresh = useRefreshUsers();
  const searchBox = useDebouncedSearch();
  const search = searchBox.search;
  const [open, setOpen] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const deleteUser = useDeleteUser();
  const { resend, copyLink } = useInviteActions();
  // Where focus goes once a modal opened from a row has gone (by id): the row's actions
  // button, the next row's after a delete, or the list's heading when no row is left. The
  // menu item that opened the modal is gone by then, so the modal cannot return there itself.
  const [focusAfter, setFocusAfter] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusAfter) document.getElementById(focusAfter.id)?.focus();
  }, [focusAfter]);
  const [inviting, setInviting] = useState(false);
  const [invitingFile, setInvitingFile] = useState(false);
  const { selected, select, selectAll, clear: clearSelection } = useSelection();
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [nudging, setNudging] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const modules = useModules();
  const units = useUnits();
  const [filters, changeFilters] = useUrlFilters(usersFiltersFrom, usersFiltersSearch);
  // New filters or order, chosen here or opened from a link: from the first page again.
  const filtered = usersFiltersSearch(filters).toString();
  const paging = useUsersPaging(filtered);
  const { page, cursors, results, goTo } = paging;
  const searching = search !== '';
  const users = useUsers({ search, cursor: searching ? undefined : paging.cursor, ...filters });
  useFocusOnArrival(paging, users.data !== undefined && !users.isPlaceholderData, users.data);
  const nextCursor = users.data?.cursor;
  const { activeShown, toggleActive } = useActiveToggles(users.data);

  // The button goes with the empty state: focus goes back to the search box.
  function clearSearch() {
    searchBox.clear();
    document.getElementById('users-search')?.focus();
  }
  // Likewise for filters that match nobody: focus goes to the first filter.
  function clearFilters() {
    changeFilters({});
    document.getElementById('users-filter-unit')?.focus();
  }
  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync({ id: deleting.id });
      toast({ kind: 'success', title: 'User successfully deleted' });
      const rows = users.data?.users ?? [];
      const at = rows.findIndex((u) => u.id === deleting.id);
      const next = at === -1 ? undefined : rows[at + 1];
      setFocusAfter({ id: next ? rowActionsId(next.id) : 'users-title' });
      setDeleting(null);
    } catch {
      toast({ kind: 'error', title: 'Error deleting user' });
    }
  }

  function bulkDone(result: BulkUsersResponse) {
    const action = BULK_LABELS[result.action].button;
    setBulk(null);
    clearSelection();
    setOutcome({
      title: `${action}: ${result.done.toLocaleString()} done, ${result.skipped.toLocaleString()} skipped`,
      skipped: result.results
        .filter((r) => r.outcome === 'skipped')
        .map((r) => ({ who: r.user_name, reason: r.reason ?? '' })),
    });
  }

  function nudgeDone(result: NudgeResponse) {
    setNudging(false);
    clearSelection();
    setOutcome({ title: `Send a reminder: ${nudgeOutcome(result)}`, skipped: [] });
  }

  function fileApplied(report: InviteFileReport) {
    setInvitingFile(false);
    setOutcome({
      title: `Invited ${usersCount(report.invitees.length)} from the file; ${report.existing.length.toLocaleString()} already had an account, ${report.invalid.length.toLocaleString()} invalid lines were not used`,
      skipped: [
        ...report.existing.map((r) => ({ who: `Line ${r.line}: ${r.email}`, reason: 'already has an account' })),
        ...report.invalid.map((r) => ({ who: `Line ${r.line}${r.email ? `: ${r.email}` : ''}`, reason: r.reason })),
      ],
    });
  }

  const moduleList = modules.data ?? [];
  // Filtered by a module: the reminder is about that module's overdue training only.
  const filteredModule = filters.module ? moduleList.find((m) => m.id === filters.module) : undefined;
  const nudgeModule = filteredModule ? { id: filteredModule.id, title: filteredModule.game_title } : undefined;
  return (
    <section aria-labelledby="users-title">
      <PageHeading id="users-title">Users</PageHeading>
      <div className="toolbar">
        <Search
          id="users-search"
          labelText="Search by player name"
          placeholder="Search by player name"
          size="lg"
          value={searchBox.text}
          onChange={(e) => searchBox.setText(e.target.value)}
        />
        <p aria-live="polite">{users.data ? `${users.data.count} Users` : ''}</p>
        <div className="toolbar__buttons">
          {/* Inviting from a file is a full administrator's (its rows may name any unit and role). */}
          {isFullAdmin(me.role) && (
            <Button kind="tertiary" onClick={() => setInvitingFile(true)}>
              Invite from file
            </Button>
          )}
          <Button onClick={() => setInviting(true)}>Invite User +</Button>
        </div>
      </div>
      <UsersFiltersBar filters={filters} modules={modules.data} units={units.data} onChange={changeFilters} />
      <BulkOutcome outcome={outcome} onDismiss={() => setOutcome(null)} />
      <div className="users-batch">
        <TableToolbar aria-label="Actions on the selected users">
          <TableBatchActions
            shouldShowBatchActions={selected.size > 0}
            totalSelected={selected.size}
            onCancel={() => {
              clearSelection();
              // The bar goes away with its button: the search box takes the focus.
              document.getElementById('users-search')?.focus();
            }}
          >
            {BULK_ACTIONS.map((action) => (
              <TableBatchAction
                key={action}
                tabIndex={selected.size > 0 ? 0 : -1}
                renderIcon={BULK_ICONS[action]}
                onClick={() => setBulk(action)}
              >
                {BULK_LABELS[action].button}
              </TableBatchAction>
            ))}
            <TableBatchAction
              tabIndex={selected.size > 0 ? 0 : -1}
              renderIcon={Notification}
              onClick={() => setNudging(true)}
            >
              Send a reminder
            </TableBatchAction>
          </TableBatchActions>
        </TableToolbar>
      </div>
      {users.isError && <ErrorNotice title="The users could not be loaded." subtitle={users.error.message} />}
      {users.isPending && (
        <div className="table-scroll">
          <DataTableSkeleton
            headers={USER_COLUMNS.map((header) => ({ header }))}
            rowCount={10}
            showHeader={false}
            showToolbar={false}
            aria-label="Loading users"
          />
        </div>
      )}
      {users.data && users.data.users.length === 0 ? (
        searching ? (
          <EmptyState
            title={`No users match '${search}'`}
            text="Check the spelling, or search by another part of the name or e-mail."
            action={{ label: 'Clear search', onClick: clearSearch }}
          />
        ) : filtered !== '' ? (
          <EmptyState
            title="No users match these filters"
            text="Change the filters above, or clear them to see every user."
            action={{ label: 'Clear filters', onClick: clearFilters }}
          />
        ) : (
          <EmptyState title="No users yet" text="Invite users by e-mail to get started." />
        )
      ) : (
        users.data && (
          <div ref={results} tabIndex={-1} className="users-results" aria-label={`Users, page ${page + 1}`}>
            <UsersTable
              users={users.data.users}
              modules={moduleList}
              activeShown={activeShown}
              onOpen={setOpen}
              onToggleActive={(u, on) => void toggleActive(u, on)}
              onResend={(u) => void resend(u)}
              onCopyLink={(u) => void copyLink(u)}
              onDelete={isFullAdmin(me.role) ? setDeleting : undefined}
              selected={new Set(selected.keys())}
              onSelect={select}
              onSelectPage={(on) => selectAll(users.data?.users ?? [], on)}
            />
          </div>
        )
      )}
      {!searching && (
        <nav className="pagination" aria-label="Pages">
          {cursors.map((_, i) => (
            <Button
              key={i}
              kind={i === page ? 'primary' : 'tertiary'}
              size="sm"
              aria-current={i === page ? 'page' : undefined}
              onClick={() => goTo(i)}
            >
              Page {i + 1}
            </Button>
          ))}
          {nextCursor && (
            <Button kind="tertiary" size="sm" onClick={() => paging.goNext(nextCursor)}>
              Next 50
            </Button>
          )}
        </nav>
      )}
      <Suspense fallback={<Loading description="Loading" />}>
        {open && (
          <UserModal
            key={open.id}
            user={open}
            currentUserId={me.id}
            fullAdmin={isFullAdmin(me.role)}
            modules={moduleList}
            onClose={() => {
              setFocusAfter({ id: rowActionsId(open.id) });
              setOpen(null);
            }}
            onChanged={refresh}
          />
        )}
        {bulk && (
          <BulkModal
            action={bulk}
            ids={[...selected.keys()]}
            modules={moduleList}
            onClose={() => setBulk(null)}
            onDone={bulkDone}
          />
        )}
        {nudging && (
          <NudgeModal
            userIds={[...selected.keys()]}
            module={nudgeModule}
            onClose={() => setNudging(false)}
            onDone={nudgeDone}
          />
        )}
        {invitingFile && <InviteFileModal onClose={() => setInvitingFile(false)} onApplied={fileApplied} />}
        {inviting && (
          <InviteModal
            modules={moduleList}
            scope={me.role === 'unit_admin' ? (me.admin_units ?? []) : undefined}
            onClose={() => setInviting(false)}
          />
        )}
        {deleting && (
          <DeleteModal
            user={deleting}
            isSelf={deleting.id === me.id}
            busy={deleteUser.isPending}
            onConfirm={() => void confirmDelete()}
            onClose={() => {
              setFocusAfter({ id: rowActionsId(deleting.id) });
              setDeleting(null);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
