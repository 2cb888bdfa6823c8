/**
 * The module editor (spec §2, §4): settings, gauges, objectives and actions
 * tables. An existing module is edited as GET modules/{id} answers, not as the
 * list had it. Base modules are locked until unlocked; Save is enabled only
 * after a change; an empty id creates, otherwise it updates.
 */
import { useState } from 'react';
import { Button, Checkbox, InlineLoading, InlineNotification, TextArea, TextInput, Toggle } from '@carbon/react';
import { isBaseModule, type Module } from '@airman/contracts/module.ts';
import { DEFAULT_OBJECTIVE_POINTS, DEFAULT_RANGE_DAY_POINTS, starThresholds } from '@airman/engine/score.ts';
import { useToast } from '../../../components/toasts.tsx';
import { saveModule } from '../api/module-calls.ts';
import {
  addChoice,
  addEvent,
  addRow,
  fromEditorModel,
  moveEvent,
  moveRow,
  newAction,
  newGauge,
  newObjective,
  parseInteger,
  removeChoice,
  removeEvent,
  removeRow,
  renameGauge,
  setDailyChange,
  setHealthyRange,
  parseOptionalInteger,
  renameObjective,
  tableErrors,
  toEditorModel,
  updateChoice,
  updateEvent,
  updateScoring,
  type EditorModel,
} from '../module-editor-model.ts';
import { ActionRow } from './action-row.tsx';
import { EventRow } from './event-row.tsx';
import { BASE_MODULE_LOCK_LABEL } from './module-lock.ts';
import { ModuleProblems } from './module-problems.tsx';
import { RowControls } from './row-controls.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { useDiscardGuard } from '../../../components/discard-guard.tsx';
import { PlayTest } from '../../../lib/game/play-test.tsx';

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
  /**
   * Save is enabled from the start: a copy ('Customize A Copy') is already a
   * change. Otherwise (an existing module, or a new one from the default game
   * record) Save is enabled only after a change (spec §4).
   */
  savableUnchanged: boolean;
  onClose(): void;
  onSaved(module: Module): void;
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

export default function ModuleEditorModal({ module, fresh, savableUnchanged, onClose, onSaved }: Props) {
  const toast = useToast();
  const start = fresh ? fresh.data : module;
  const [draft, setDraft] = useState<Draft | null>(() => (start ? draftOf(start) : null));
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // The fresh module arrived after the modal opened: the editor starts from it, once.
  if (!draft && start) setDraft(draftOf(start));
  const setModel = (update: (m: EditorModel) => EditorModel) => setDraft((d) => d && { ...d, model: update(d.model) });
  const current = draft ? fromEditorModel(draft.model) : null;
  const changed = draft !== null && (savableUnchanged || JSON.stringify(current) !== draft.original);
  // Duplicate gauge rows would lose one gauge on the way to the module: no save until fixed.
  const tableProblems = draft ? tableErrors(draft.model) : [];
  const creating = module.id === '';
  // What the admin typed, not a copy's being new: a copy left as it came loses nothing.
  const edited = draft !== null && current !== null && JSON.stringify(current) !== draft.original;
  const { requestClose, guard } = useDiscardGuard(edited && !saving, onClose);

  async function save() {
    if (!current) return;
    setSaving(true);
    setAlert(null);
    try {
      const saved = await saveModule(current);
      toast({ kind: 'success', title: creating ? 'Module created' : 'Module updated' });
      onSaved(saved);
      onClose();
    } catch (error) {
      toast({ kind: 'error', title: creating ? 'Error creating module' : 'Error editing module' });
      setAlert(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  // The guard after the editor: Carbon takes the last open modal in the page for the topmost.
  return (
    <>
      <AppModal
        open
        size="lg"
        modalHeading={creating ? 'New Module' : `Edit Module: ${module.game_title}`}
        primaryButtonText="Save"
        secondaryButtonText="Close"
        primaryButtonDisabled={!changed || saving || tableProblems.length > 0}
        onRequestSubmit={() => void save()}
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
        {draft && current ? (
          <>
            {isBaseModule(current) && (
              <Toggle
                id="module-unlock"
                labelText={BASE_MODULE_LOCK_LABEL}
                labelA="Locked"
                labelB="Unlocked"
                toggled={draft.unlocked}
                onToggle={(unlocked) => setDraft((d) => d && { ...d, unlocked })}
              />
            )}
            <ModuleProblems module={current} tableErrors={tableProblems} />
            <EditorTables model={draft.model} locked={!draft.unlocked} setModel={setModel} />
            {/* After the tables: the modal's first focus is the first field, where editing starts. */}
            <PlayTest module={current} disabled={tableProblems.length > 0} />
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
      {guard}
    </>
  );
}

/** A gauge's healthy range as two fields; both blank: no range, one blank: that end is 0 or 100. */
function HealthyRangeInputs({
  index,
  gauge,
  range,
  disabled,
  setModel,
}: {
  index: number;
  gauge: string;
  range: [number, number] | undefined;
  disabled: boolean;
  setModel(update: (m: EditorModel) => EditorModel): void;
}) {
  const change = (end: 0 | 1, text: string) =>
    setModel((m) => {
      const current = m.healthy_range?.[gauge];
      const other = end === 0 ? current?.[1] : current?.[0];
      const value = parseOptionalInteger(text);
      if (value === null && other === undefined) return setHealthyRange(m, gauge, null);
      const next: [number, number] = end === 0 ? [value ?? 0, other ?? 100] : [other ?? 0, value ?? 100];
      return setHealthyRange(m, gauge, next);
    });
  return (
    <>
      <TextInput
        id={`gauge-${index}-healthy-min`}
        labelText="Healthy from"
        type="number"
        min={0}
        max={100}
        step={1}
        value={range ? String(range[0]) : ''}
        disabled={disabled}
        onChange={(e) => change(0, e.target.value)}
      />
      <TextInput
        id={`gauge-${index}-healthy-max`}
        labelText="Healthy to"
        type="number"
        min={0}
        max={100}
        step={1}
        value={range ? String(range[1]) : ''}
        disabled={disabled}
        onChange={(e) => change(1, e.target.value)}
      />
    </>
  );
}

/** The settings, gauges, objectives and actions tables (spec §2). */
function EditorTables({
  model,
  locked,
  setModel,
}: {
  model: EditorModel;
  locked: boolean;
  setModel(update: (m: EditorModel) => EditorModel): void;
}) {
  const set = (patch: Partial<EditorModel>) => setModel((m) => ({ ...m, ...patch }));
  const gaugeNames = model.gauges.map((g) => g.name);
  const objectiveNames = model.objectives.map((o) => o.name);
  return (
    <>
      <section aria-labelledby="settings-title">
        <h3 id="settings-title">Settings</h3>
        <div className="editor-grid">
          <TextInput
            id="module-title"
            labelText="Title"
            value={model.game_title}
            disabled={locked}
            onChange={(e) => set({ game_title: e.target.value })}
          />
          <TextInput
            id="module-days"
            labelText="Days"
            type="number"
            min={1}
            step={1}
            value={String(model.days)}
            disabled={locked}
            onChange={(e) => set({ days: parseInteger(e.target.value) })}
          />
          <TextInput
            id="module-tokens"
            labelText="Daily time tokens"
            type="number"
            min={1}
            step={1}
            value={String(model.daily_time_tokens)}
            disabled={locked}
            onChange={(e) => set({ daily_time_tokens: parseInteger(e.target.value) })}
          />
        </div>
        <TextArea
          id="module-description"
          labelText="Description"
          rows={3}
          value={model.game_description}
          disabled={locked}
          onChange={(e) => set({ game_description: e.target.value })}
        />
      </section>

      <section aria-labelledby="gauges-title">
        <h3 id="gauges-title">Gauges</h3>
        <p className="editor-note">
          A daily change applies each night. Each day a gauge ends inside its healthy range scores. Leave them blank for
          none.
        </p>
        {model.gauges.map((g, i) => (
          // A group named after its gauge: every row repeats the labels 'Gauge name' and 'Starting value'.
          <div
            key={model.rowKeys.gauges[i] ?? `at-${i}`}
            className="editor-row"
            role="group"
            aria-label={`Gauge ${g.name}`}
          >
            <TextInput
              id={`gauge-${i}-name`}
              labelText="Gauge name"
              value={g.name}
              disabled={locked}
              onChange={(e) => setModel((m) => renameGauge(m, i, e.target.value))}
            />
            <TextInput
              id={`gauge-${i}-value`}
              labelText="Starting value"
              type="number"
              min={0}
              max={100}
              step={1}
              value={String(g.value)}
              disabled={locked}
              onChange={(e) =>
                set({
                  gauges: model.gauges.map((x, j) => (j === i ? { ...x, value: parseInteger(e.target.value) } : x)),
                })
              }
            />
            <TextInput
              id={`gauge-${i}-daily`}
              labelText="Daily change"
              type="number"
              min={-100}
              max={100}
              step={1}
              value={model.daily_change?.[g.ref] === undefined ? '' : String(model.daily_change[g.ref])}
              disabled={locked}
              onChange={(e) => setModel((m) => setDailyChange(m, g.ref, parseOptionalInteger(e.target.value)))}
            />
            <HealthyRangeInputs
              index={i}
              gauge={g.ref}
              range={model.healthy_range?.[g.ref]}
              disabled={locked}
              setModel={setModel}
            />
            <RowControls
              label={`gauge ${g.name}`}
              index={i}
              count={model.gauges.length}
              disabled={locked}
              onMove={(to) => setModel((m) => moveRow(m, 'gauges', i, to))}
              onRemove={() => setModel((m) => removeRow(m, 'gauges', i))}
            />
          </div>
        ))}
        <Button
          kind="tertiary"
          size="sm"
          disabled={locked}
          onClick={() => setModel((m) => addRow(m, 'gauges', newGauge(m.gauges)))}
        >
          Add Gauge
        </Button>
      </section>

      <section aria-labelledby="objectives-title">
        <h3 id="objectives-title">Objectives</h3>
        {model.objectives.map((o, i) => (
          <div
            key={model.rowKeys.objectives[i] ?? `at-${i}`}
            className="editor-row"
            role="group"
            aria-label={`Objective ${o.name}`}
          >
            <TextInput
              id={`objective-${i}-name`}
              labelText="Objective"
              value={o.name}
              disabled={locked}
              onChange={(e) => setModel((m) => renameObjective(m, i, e.target.value))}
            />
            <Checkbox
              id={`objective-${i}-active`}
              labelText="Active"
              checked={o.active}
              disabled={locked}
              onChange={(_, { checked }) =>
                set({ objectives: model.objectives.map((x, j) => (j === i ? { ...x, active: checked } : x)) })
              }
            />
            <Checkbox
              id={`objective-${i}-hidden`}
              labelText="Hidden"
              checked={o.hidden}
              disabled={locked}
              onChange={(_, { checked }) =>
                set({ objectives: model.objectives.map((x, j) => (j === i ? { ...x, hidden: checked } : x)) })
              }
            />
            <RowControls
              label={`objective ${o.name}`}
              index={i}
              count={model.objectives.length}
              disabled={locked}
              onMove={(to) => setModel((m) => moveRow(m, 'objectives', i, to))}
              onRemove={() => setModel((m) => removeRow(m, 'objectives', i))}
            />
          </div>
        ))}
        <Button
          kind="tertiary"
          size="sm"
          disabled={locked}
          onClick={() => setModel((m) => addRow(m, 'objectives', newObjective(m.objectives)))}
        >
          Add Objective
        </Button>
      </section>

      <section aria-labelledby="actions-title">
        <h3 id="actions-title">Actions</h3>
        {model.actions.map((a, i) => (
          <ActionRow
            key={model.rowKeys.actions[i] ?? `at-${i}`}
            action={a}
            index={i}
            count={model.actions.length}
            gauges={gaugeNames}
            objectives={objectiveNames}
            locked={locked}
            onChange={(next) => set({ actions: model.actions.map((x, j) => (j === i ? next : x)) })}
            onMove={(to) => setModel((m) => moveRow(m, 'actions', i, to))}
            onRemove={() => setModel((m) => removeRow(m, 'actions', i))}
          />
        ))}
        <Button
          kind="tertiary"
          size="sm"
          disabled={locked}
          onClick={() => setModel((m) => addRow(m, 'actions', newAction(m.actions)))}
        >
          Add Action
        </Button>
      </section>

      <section aria-labelledby="events-title">
        <h3 id="events-title">Events</h3>
        <p className="editor-note">
          At the start of a day of its window, an event is drawn at its chance (once a run); the player picks one of its
          choices before acting.
        </p>
        {(model.events ?? []).map((e, i) => (
          <EventRow
            key={model.eventKeys[i] ?? `at-${i}`}
            event={e}
            index={i}
            count={model.events?.length ?? 0}
            choiceKeys={model.choiceKeys[i] ?? []}
            gauges={gaugeNames}
            objectives={objectiveNames}
            locked={locked}
            onChange={(patch) => setModel((m) => updateEvent(m, i, patch))}
            onChoiceChange={(choice, patch) => setModel((m) => updateChoice(m, i, choice, patch))}
            onAddChoice={() => setModel((m) => addChoice(m, i))}
            onRemoveChoice={(choice) => setModel((m) => removeChoice(m, i, choice))}
            onMove={(to) => setModel((m) => moveEvent(m, i, to))}
            onRemove={() => setModel((m) => removeEvent(m, i))}
          />
        ))}
        <Button kind="tertiary" size="sm" disabled={locked} onClick={() => setModel(addEvent)}>
          Add Event
        </Button>
      </section>

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
      <h3 id="scoring-title">Scoring</h3>
      <p className="editor-note">
        A completed run earns one, two or three stars by its points. Leave a field blank for the default shown.
      </p>
      <div className="editor-grid">
        <TextInput
          id="scoring-objective-points"
          labelText="Points per objective"
          type="number"
          min={0}
          step={1}
          placeholder={String(DEFAULT_OBJECTIVE_POINTS)}
          value={scoring.objective_points === undefined ? '' : String(scoring.objective_points)}
          disabled={locked}
          onChange={(e) =>
            setModel((m) => updateScoring(m, { objective_points: parseOptionalInteger(e.target.value) ?? undefined }))
          }
        />
        <TextInput
          id="scoring-range-points"
          labelText="Points per gauge-day in range"
          type="number"
          min={0}
          step={1}
          placeholder={String(DEFAULT_RANGE_DAY_POINTS)}
          value={scoring.range_day_points === undefined ? '' : String(scoring.range_day_points)}
          disabled={locked}
          onChange={(e) =>
            setModel((m) => updateScoring(m, { range_day_points: parseOptionalInteger(e.target.value) ?? undefined }))
          }
        />
        <TextInput
          id="scoring-two-stars"
          labelText="Two stars from (points)"
          type="number"
          min={0}
          step={1}
          placeholder={String(two)}
          value={stars ? String(stars[0]) : ''}
          disabled={locked}
          onChange={(e) => setStar(0, e.target.value)}
        />
        <TextInput
          id="scoring-three-stars"
          labelText="Three stars from (points)"
          type="number"
          min={0}
          step={1}
          placeholder={String(three)}
          value={stars ? String(stars[1]) : ''}
          disabled={locked}
          onChange={(e) => setStar(1, e.target.value)}
        />
      </div>
    </section>
  );
}
