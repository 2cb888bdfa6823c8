/**
 * The module editor (spec §2, §4): settings, gauges, objectives and actions
 * tables. An existing module is edited as GET modules/{id} answers, not as the
 * list had it. Base modules are locked until unlocked; Save is enabled only
 * after a change; an empty id creates, otherwise it updates.
 */
import { useLayoutEffect, useMemo, useState } from 'react';
import { Button, InlineLoading, InlineNotification, TextArea, TextInput, Toggle } from '@carbon/react';
import { useNavigate } from 'react-router';
import { isBaseModule, RECERTIFY_MONTHS_MAX, type Module } from '@airman/contracts/module.ts';
import { SCORING_LABELS, SECTION_LABELS, SETTINGS_LABELS } from '@airman/contracts/module-labels.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { DEFAULT_OBJECTIVE_POINTS, DEFAULT_RANGE_DAY_POINTS, starThresholds } from '@airman/engine/score.ts';
import { useToast } from '#components/toasts.tsx';
import { useSaveModule } from '../api/save-module.ts';
import {
  fromEditorModel,
  parseInteger,
  parseOptionalInteger,
  tableErrors,
  toEditorModel,
  updateScoring,
  type EditorModel,
} from '../module-editor-model.ts';
import { useModuleCheck, type ModuleCheck } from '../use-module-check.ts';
import { ActionsTable } from './actions-table.tsx';
import { useFocusSoon } from './editor-table.tsx';
import { FieldErrorsProvider, TableErrors, useInvalid, useInvalidTextArea } from './field-errors-context.tsx';
import { EventsTable } from './events-table.tsx';
import { GaugesTable } from './gauges-table.tsx';
import { BASE_MODULE_LOCK_LABEL } from './module-lock.ts';
import { CHECK_STATUS_ID, ModuleProblems, useBalance, type BalanceState } from './module-problems.tsx';
import { ObjectivesTable } from './objectives-table.tsx';
import { VersionsModal } from './versions-modal.tsx';
import { AppModal } from '#components/app-modal.tsx';
import { useDiscardGuard } from '#components/discard-guard.tsx';
import { PlayTest } from '#lib/game/play-test.tsx';

interface Props {
  /**
   * The module the screen has: for an existing module the list's copy (the
   * heading names it), else the default game record or a copy.
   */
  module: Module;
  /**
   * An existing module as GET modules/{id} answers (spec §7): the editor starts
   * from it once it has loaded, since the list's copy may be a refresh old.
   */
  fresh?: { data: Module | undefined; error: Error | null };
  onClose(): void;
  /** After a save (the module list is read again by the save itself). */
  onSaved?(module: Module): void;
  /**
   * Read and play-test only (a unit administrator): every field locked, no Save, no versions or
   * history (a full administrator's).
   */
  readOnly?: boolean;
}

/** What the editor edits, from the module it started from. */
interface Draft {
  original: string;
  model: EditorModel;
  unlocked: boolean;
}

// The original as the tables give it back (the module format's order of fields), so opening changes nothing.
const draftOf = (m: Module): Draft => {
  const model = toEditorModel(m);
  return { original: JSON.stringify(fromEditorModel(model)), model, unlocked: !isBaseModule(m) };
};

export default function ModuleEditorModal({ module, fresh, onClose, onSaved, readOnly = false }: Props) {
  const toast = useToast();
  const start = fresh ? fresh.data : module;
  const [draft, setDraft] = useState<Draft | null>(() => (start ? draftOf(start) : null));
  const saving = useSaveModule();
  const [alert, setAlert] = useState<string | null>(null);
  // The fresh module arrived after the modal opened: the editor starts from it, once.
  if (!draft && start) setDraft(draftOf(start));
  const setModel = (update: (m: EditorModel) => EditorModel) => setDraft((d) => d && { ...d, model: update(d.model) });
  const model = draft?.model ?? null;
  // One module per edit (not per render): the Check's balance is measured again only when it changes.
  const current = useMemo(() => (model ? fromEditorModel(model) : null), [model]);
  // Save only after a change (spec §4), a copy's too: it was made from the module's own contents.
  const changed = draft !== null && JSON.stringify(current) !== draft.original;
  // The Check, done once per edit and a render behind the typing: its errors mark the fields and hold Save
  // (duplicate gauge rows too: they would lose one gauge on the way to the module).
  const check = useModuleCheck(model);
  // Measured only while the Check has a verdict (no errors): Save asks first when it shows no way to win.
  const balance = useBalance(check?.verdict ? check.module : null);
  const unwinnable = check ? unwinnableReason(check, balance) : null;
  // Save pressed on a module that cannot be won: the reason the confirmation gives, until it is answered.
  const [confirming, setConfirming] = useState<string | null>(null);
  const errorCount = check?.errorCount ?? 0;
  const saveDisabled = !changed || saving.isPending || errorCount > 0;
  useSaveReason(errorCount > 0);
  const creating = module.id === '';
  // What the admin typed, not a copy's being new: a copy left as it came loses nothing.
  const edited = draft !== null && current !== null && JSON.stringify(current) !== draft.original;
  const { requestClose, guard } = useDiscardGuard(edited && !saving.isPending, onClose);
  // The History link leaves the screen: unsaved changes are asked about first, as on closing.
  const navigate = useNavigate();
  const historyUrl = `/audit?target_kind=module&target_id=${encodeURIComponent(module.id)}`;
  const history = useDiscardGuard(edited && !saving.isPending, () => void navigate(historyUrl));
  const [versionsOpen, setVersionsOpen] = useState(false);

  /** A version restored: the editor shows the module as the server now has it. */
  function restored(saved: Module) {
    setDraft(draftOf(saved));
    setAlert(null);
    onSaved?.(saved);
  }

  async function save() {
    if (!current || !model) return;
    // Pressed before the Check caught up with the last keystroke: the module as it is now decides.
    if (validateStructure(current).some((p) => p.severity === 'error') || tableErrors(model).length > 0) return;
    setAlert(null);
    try {
      const saved = await saving.mutateAsync(current);
      toast({ kind: 'success', title: creating ? 'Module created' : 'Module updated' });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toast({ kind: 'error', title: creating ? 'Error creating module' : 'Error editing module' });
      setAlert(error instanceof Error ? error.message : String(error));
    }
  }

  // The guard after the editor: Carbon takes the last open modal in the page for the topmost.
  return (
    <>
      <AppModal
        open
        size="lg"
        modalHeading={
          readOnly ? `Module: ${module.game_title}` : creating ? 'New Module' : `Edit Module: ${module.game_title}`
        }
        // Read only: nothing to save, the dialog's own Close button (and Escape) closes it.
        passiveModal={readOnly}
        primaryButtonText="Save"
        secondaryButtonText="Close"
        primaryButtonDisabled={saveDisabled}
        onRequestSubmit={() => (unwinnable ? setConfirming(unwinnable) : void save())}
        onRequestClose={requestClose}
        className="module-editor"
      >
        {alert && (
          <InlineNotification
            kind="error"
            title="There was an error updating this module."
            subtitle={alert}
            lowContrast
            hideCloseButton
            role="alert"
          />
        )}
        {draft && current && check ? (
          <>
            {readOnly ? (
              <p className="editor-note">Read only: modules are changed by a full administrator.</p>
            ) : (
              isBaseModule(current) && (
                <Toggle
                  id="module-unlock"
                  labelText={BASE_MODULE_LOCK_LABEL}
                  labelA="Locked"
                  labelB="Unlocked"
                  toggled={draft.unlocked}
                  onToggle={(unlocked) => setDraft((d) => d && { ...d, unlocked })}
                />
              )
            )}
            <ModuleProblems check={check} balance={balance} />
            <FieldErrorsProvider errors={check.fields}>
              <EditorTables model={draft.model} locked={readOnly || !draft.unlocked} setModel={setModel} />
            </FieldErrorsProvider>
            {/* After the tables: the modal's first focus is the first field, where editing starts. */}
            <PlayTest module={current} disabled={check.tableErrors.length > 0} />
            {!creating && !readOnly && (
              <section aria-labelledby="module-history-title" className="module-history">
                <h3 id="module-history-title">Versions and history</h3>
                <div className="button-row module-history__links">
                  <Button id="module-versions" kind="tertiary" size="md" onClick={() => setVersionsOpen(true)}>
                    Versions
                  </Button>
                  <a
                    className="cds--link"
                    href={historyUrl}
                    onClick={(event) => {
                      // A new tab (Ctrl, Shift, Cmd or the middle button) leaves the editor as it is.
                      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      history.requestClose();
                    }}
                  >
                    History<span className="visually-hidden"> of {module.game_title} on the Audit screen</span>
                  </a>
                </div>
              </section>
            )}
            {errorCount > 0 && <SaveReason errors={errorCount} />}
          </>
        ) : fresh?.error ? (
          <InlineNotification
            kind="error"
            title="The module could not be loaded."
            subtitle={fresh.error.message}
            lowContrast
            hideCloseButton
            role="alert"
          />
        ) : (
          <InlineLoading description="Loading the module" />
        )}
      </AppModal>
      {versionsOpen && (
        <VersionsModal
          moduleId={module.id}
          title={current?.game_title ?? module.game_title}
          unsaved={edited}
          onRestored={restored}
          onClose={() => setVersionsOpen(false)}
        />
      )}
      {confirming !== null && (
        // Over the editor (rendered after it): Cancel or Escape goes back to Save, the edits as they were.
        // Danger: its first focus is Cancel, so Enter pressed on without reading saves nothing.
        <AppModal
          open
          danger
          size="xs"
          describedByBody
          modalHeading={UNWINNABLE_HEADING}
          primaryButtonText="Save anyway"
          secondaryButtonText="Cancel"
          onRequestSubmit={() => {
            setConfirming(null);
            void save();
          }}
          onRequestClose={() => setConfirming(null)}
        >
          <p>{confirming}</p>
          <p>
            A trainee assigned this module could never complete it. Cancel keeps editing, with your changes as they are.
          </p>
        </AppModal>
      )}
      {guard}
      {history.guard}
    </>
  );
}

const UNWINNABLE_HEADING = 'Save a module that cannot be won?';

/**
 * Why the module as the Check last saw it cannot be won, or null: the solver's proof that no line of play wins,
 * or the balance's planner (which sees each week's events coming) winning on none of its seeds.
 */
function unwinnableReason(check: ModuleCheck, balance: BalanceState): string | null {
  if (check.verdict?.winnable === false) return check.verdict.reason;
  if (balance.kind === 'done' && balance.balance.solver_win === 0)
    return `Played over ${balance.balance.seeds} seeds, even the planner, which sees each week's events coming, wins none of them.`;
  return null;
}

const SAVE_REASON_ID = 'module-save-reason';

/** Carbon's Save button, which takes no props of ours: `describedBy` sets or clears its description. */
function useSaveReason(describedBy: boolean) {
  useLayoutEffect(() => {
    const save = document.querySelector('.module-editor .cds--modal-footer .cds--btn--primary');
    if (!save) return;
    if (describedBy) save.setAttribute('aria-describedby', `${SAVE_REASON_ID} ${CHECK_STATUS_ID}`);
    else save.removeAttribute('aria-describedby');
  });
}

/**
 * Why Save is disabled, next to it (pinned at the bottom of the dialog's body, right over the
 * footer) and describing it; its button takes the keyboard to the first field marked, else to a
 * table's own errors, else to the Check.
 */
function SaveReason({ errors }: { errors: number }) {
  const goToFirst = () => {
    const body = document.getElementById(SAVE_REASON_ID)?.closest('.cds--modal-content');
    const first =
      body?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled), .editor-errors') ??
      document.getElementById(CHECK_STATUS_ID)?.closest<HTMLElement>('section');
    first?.focus();
  };
  return (
    <div id={SAVE_REASON_ID} className="module-editor__save-reason">
      <p>Save is disabled until {errors === 1 ? 'the error is' : `the ${errors} errors are`} fixed.</p>
      <Button kind="ghost" size="sm" onClick={goToFirst}>
        Go to the first error
      </Button>
    </div>
  );
}

/** The settings, gauges, objectives, actions and events tables (spec §2), and the scoring. */
function EditorTables({
  model,
  locked,
  setModel,
}: {
  model: EditorModel;
  locked: boolean;
  setModel(update: (m: EditorModel) => EditorModel): void;
}) {
  const focusSoon = useFocusSoon();
  const set = (patch: Partial<EditorModel>) => setModel((m) => ({ ...m, ...patch }));
  const tables = { model, locked, setModel, focusSoon };
  const titleInvalid = useInvalid('module-title');
  const descriptionInvalid = useInvalidTextArea('module-description');
  return (
    <>
      <section aria-labelledby="settings-title">
        <h3 id="settings-title">{SECTION_LABELS.settings}</h3>
        <div className="editor-grid editor-grid--settings">
          <TextInput
            id="module-title"
            labelText={SETTINGS_LABELS.game_title}
            value={model.game_title}
            disabled={locked}
            {...titleInvalid}
            // The dialog opens here, on its first field, not on the Check's button above it.
            data-modal-primary-focus={locked ? undefined : true}
            onChange={(e) => set({ game_title: e.target.value })}
          />
          <NumberField
            id="module-days"
            label={SETTINGS_LABELS.days}
            min={1}
            value={model.days}
            disabled={locked}
            onChange={(text) => set({ days: parseInteger(text) })}
          />
          <NumberField
            id="module-tokens"
            label={SETTINGS_LABELS.daily_time_tokens}
            min={1}
            value={model.daily_time_tokens}
            disabled={locked}
            onChange={(text) => set({ daily_time_tokens: parseInteger(text) })}
          />
          <NumberField
            id="module-recertify"
            label={SETTINGS_LABELS.recertify_months}
            // A locked module's field cannot change: no hint (Carbon draws a disabled hint below 4.5:1).
            helperText={
              locked
                ? undefined
                : 'Empty: completed once, for good. 1–60: a completion lapses after that many months and the module is due again.'
            }
            min={1}
            max={RECERTIFY_MONTHS_MAX}
            value={model.recertify_months ?? undefined}
            disabled={locked}
            onChange={(text) => set({ recertify_months: parseOptionalInteger(text) })}
          />
          <TextArea
            id="module-description"
            className="editor-grid__wide"
            labelText={SETTINGS_LABELS.game_description}
            rows={3}
            value={model.game_description}
            disabled={locked}
            {...descriptionInvalid}
            onChange={(e) => set({ game_description: e.target.value })}
          />
        </div>
      </section>
      <GaugesTable {...tables} />
      <ObjectivesTable {...tables} />
      <ActionsTable {...tables} />
      <EventsTable {...tables} />
      <ScoringSection model={model} locked={locked} setModel={setModel} />
    </>
  );
}

/** Points per objective and per day in range, and the stars' thresholds; blank fields take the defaults shown. */
function ScoringSection({
  model,
  locked,
  setModel,
}: {
  model: EditorModel;
  locked: boolean;
  setModel(update: (m: EditorModel) => EditorModel): void;
}) {
  const scoring = model.scoring ?? {};
  const [two, three] = starThresholds(fromEditorModel({ ...model, scoring: { ...scoring, stars: undefined } }));
  const stars = scoring.stars;
  // Thresholds come as a pair: typing one keeps the other as shown; clearing either goes back to the defaults.
  const setStar = (end: 0 | 1, text: string) =>
    setModel((m) => {
      const value = parseOptionalInteger(text);
      if (value === null) return updateScoring(m, { stars: undefined });
      const current = m.scoring?.stars ?? [two, three];
      return updateScoring(m, { stars: end === 0 ? [value, current[1]] : [current[0], value] });
    });
  return (
    <section aria-labelledby="scoring-title">
      <h3 id="scoring-title">{SECTION_LABELS.scoring}</h3>
      <p className="editor-note">
        A completed run earns one, two or three stars by its points. Leave a field blank for the default shown.
      </p>
      <div className="editor-grid">
        <NumberField
          id="scoring-objective-points"
          label={SCORING_LABELS.objective_points}
          min={0}
          placeholder={DEFAULT_OBJECTIVE_POINTS}
          value={scoring.objective_points}
          disabled={locked}
          onChange={(text) =>
            setModel((m) => updateScoring(m, { objective_points: parseOptionalInteger(text) ?? undefined }))
          }
        />
        <NumberField
          id="scoring-range-points"
          label={SCORING_LABELS.range_day_points}
          min={0}
          placeholder={DEFAULT_RANGE_DAY_POINTS}
          value={scoring.range_day_points}
          disabled={locked}
          onChange={(text) =>
            setModel((m) => updateScoring(m, { range_day_points: parseOptionalInteger(text) ?? undefined }))
          }
        />
        <NumberField
          id="scoring-two-stars"
          label={SCORING_LABELS.two_stars}
          min={0}
          placeholder={two}
          value={stars?.[0]}
          disabled={locked}
          onChange={(text) => setStar(0, text)}
        />
        <NumberField
          id="scoring-three-stars"
          label={SCORING_LABELS.three_stars}
          min={0}
          placeholder={three}
          value={stars?.[1]}
          disabled={locked}
          onChange={(text) => setStar(1, text)}
        />
      </div>
      <TableErrors id="scoring" />
    </section>
  );
}

/** A whole number of the settings or the scoring, its label shown; blank while it has none, showing `placeholder`. */
function NumberField({
  id,
  label,
  min,
  max,
  helperText,
  placeholder,
  value,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  min: number;
  max?: number;
  helperText?: string;
  /** What a blank field stands for: the default. */
  placeholder?: number;
  value: number | undefined;
  disabled: boolean;
  /** The field's text as typed: the caller parses it. */
  onChange(text: string): void;
}) {
  const invalid = useInvalid(id);
  return (
    <TextInput
      id={id}
      labelText={label}
      type="number"
      min={min}
      max={max}
      helperText={helperText}
      step={1}
      placeholder={placeholder === undefined ? undefined : String(placeholder)}
      value={value === undefined ? '' : String(value)}
      disabled={disabled}
      {...invalid}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
