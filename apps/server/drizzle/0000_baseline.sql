-- The schema that migrations 0000 to 0048 built step by step (to commit 91ab24b), in one step:
-- a fresh database starts here, and one that has them all applied skips it (its journal entry
-- keeps 0048's `when`). Each function is its file in apps/server/sql/, included (`--> include`,
-- docs/architecture.md, "SQL functions"); the seed rows are the last statements.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TYPE progress_item AS (
	user_id text,
	module_id text,
	unit text,
	rank text,
	started_at bigint,
	completed_at bigint,
	due_at bigint,
	game_status integer,
	answers_before jsonb,
	answers_after jsonb
);
--> include sql/unit_path.sql
--> include sql/unit_path_end.sql
--> statement-breakpoint
CREATE TABLE users (
    id text NOT NULL,
    user_name text NOT NULL,
    password_hash text,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    rank text DEFAULT ''::text NOT NULL,
    unit text DEFAULT ''::text NOT NULL,
    sex text DEFAULT ''::text NOT NULL,
    role text DEFAULT 'user'::text NOT NULL,
    active_at bigint DEFAULT 0 NOT NULL,
    pending boolean DEFAULT false NOT NULL,
    invite_code text,
    last_invite_at bigint DEFAULT 0 NOT NULL,
    token_version integer DEFAULT 0 NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    listing text DEFAULT ''::text NOT NULL,
    email_digest boolean DEFAULT true NOT NULL,
    last_login_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT users_invite_code_unique UNIQUE (invite_code),
    CONSTRAINT users_pkey PRIMARY KEY (id),
    CONSTRAINT users_user_name_unique UNIQUE (user_name)
);
--> statement-breakpoint
ALTER TABLE users ALTER COLUMN password_hash SET STATISTICS 0, ALTER COLUMN listing SET STATISTICS 0;
--> statement-breakpoint
CREATE TABLE admin_units (
    user_id text NOT NULL,
    unit text NOT NULL,
    CONSTRAINT admin_units_user_id_unit_pk PRIMARY KEY (user_id, unit)
);
--> statement-breakpoint
CREATE TABLE assignment_search (
    user_id text NOT NULL,
    module_id text NOT NULL,
    sort_key text NOT NULL COLLATE "C",
    unit text NOT NULL,
    started boolean NOT NULL,
    completed boolean NOT NULL,
    game_status integer NOT NULL,
    due_at bigint NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT assignment_search_user_id_module_id_pk PRIMARY KEY (user_id, module_id)
);
--> statement-breakpoint
CREATE TABLE assignments (
    user_id text NOT NULL,
    module_id text NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    started_at bigint DEFAULT 0 NOT NULL,
    completed_at bigint DEFAULT 0 NOT NULL,
    revoked_at bigint DEFAULT 0 NOT NULL,
    due_at bigint DEFAULT 0 NOT NULL,
    game_status integer DEFAULT 0 NOT NULL,
    run_final_gauges jsonb,
    run_objectives_completed jsonb,
    run_answers_before jsonb,
    run_answers_after jsonb,
    run_score_points integer,
    run_stars integer,
    run_module_version integer,
    renews_at bigint DEFAULT 0 NOT NULL,
    run_days_in_range jsonb,
    CONSTRAINT assignments_user_id_module_id_pk PRIMARY KEY (user_id, module_id)
);
--> statement-breakpoint
ALTER TABLE assignments ALTER COLUMN run_final_gauges SET STATISTICS 0, ALTER COLUMN run_objectives_completed SET STATISTICS 0, ALTER COLUMN run_answers_before SET STATISTICS 0, ALTER COLUMN run_answers_after SET STATISTICS 0, ALTER COLUMN run_days_in_range SET STATISTICS 0;
--> statement-breakpoint
CREATE TABLE audit_log (
    id bigserial NOT NULL,
    at bigint DEFAULT 0 NOT NULL,
    actor_id text,
    actor_name text DEFAULT ''::text NOT NULL,
    action text NOT NULL,
    target_kind text NOT NULL,
    target_id text DEFAULT ''::text NOT NULL,
    target_name text DEFAULT ''::text NOT NULL,
    before jsonb,
    after jsonb,
    address text DEFAULT ''::text NOT NULL,
    request_id text DEFAULT ''::text NOT NULL,
    CONSTRAINT audit_log_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE audit_purge_permits (
    xact bigint NOT NULL,
    stream text NOT NULL,
    cutoff bigint NOT NULL,
    CONSTRAINT audit_purge_permits_stream_check CHECK ((stream = ANY (ARRAY['audit_log'::text, 'sign_in_log'::text]))),
    CONSTRAINT audit_purge_permits_pk PRIMARY KEY (xact, stream)
);
--> statement-breakpoint
CREATE TABLE audit_retention (
    stream text NOT NULL,
    days integer,
    CONSTRAINT audit_retention_days_check CHECK (((days >= 1) AND (days <= 36500))),
    CONSTRAINT audit_retention_stream_check CHECK ((stream = ANY (ARRAY['audit_log'::text, 'sign_in_log'::text]))),
    CONSTRAINT audit_retention_pkey PRIMARY KEY (stream)
);
--> statement-breakpoint
CREATE TABLE certificates (
    code text NOT NULL,
    user_id text,
    module_id text NOT NULL,
    run_id text,
    holder_name text NOT NULL,
    module_title text NOT NULL,
    completed_at bigint NOT NULL,
    due_at bigint DEFAULT 0 NOT NULL,
    expires_at bigint DEFAULT 0 NOT NULL,
    issued_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT certificates_pkey PRIMARY KEY (code)
);
--> statement-breakpoint
CREATE TABLE device_trusts (
    token_hash text NOT NULL,
    user_id text NOT NULL,
    browser_hash text NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    expires_at bigint DEFAULT 0 NOT NULL,
    used_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT device_trusts_pkey PRIMARY KEY (token_hash)
);
--> statement-breakpoint
CREATE TABLE digests (
    admin_id text NOT NULL,
    period bigint NOT NULL,
    email_id text NOT NULL,
    queued_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT digests_admin_id_period_pk PRIMARY KEY (admin_id, period)
);
--> statement-breakpoint
CREATE TABLE email_log (
    id text NOT NULL,
    user_id text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    delivered_at bigint DEFAULT 0 NOT NULL,
    refused_at bigint DEFAULT 0 NOT NULL,
    cancelled_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT email_log_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE email_outbox (
    id text NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at bigint DEFAULT 0 NOT NULL,
    locked_until bigint DEFAULT 0 NOT NULL,
    last_error text,
    created_at bigint DEFAULT 0 NOT NULL,
    given_up_at bigint DEFAULT 0 NOT NULL,
    secret text,
    send_before bigint DEFAULT 0 NOT NULL,
    CONSTRAINT email_outbox_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE followups (
    user_id text NOT NULL,
    module_id text NOT NULL,
    completed_at bigint NOT NULL,
    sent_at bigint NOT NULL,
    answered_at bigint DEFAULT 0 NOT NULL,
    counted boolean DEFAULT false NOT NULL,
    answers jsonb,
    scores jsonb,
    changes jsonb,
    CONSTRAINT followups_user_id_module_id_completed_at_pk PRIMARY KEY (user_id, module_id, completed_at)
);
--> statement-breakpoint
CREATE TABLE game_runs (
    id text NOT NULL,
    user_id text NOT NULL,
    module_id text NOT NULL,
    seed integer NOT NULL,
    module_snapshot json NOT NULL,
    log jsonb DEFAULT '[]'::jsonb NOT NULL,
    status text DEFAULT 'in_progress'::text NOT NULL,
    final_gauges jsonb,
    objectives_completed jsonb,
    answers_before jsonb,
    answers_after jsonb,
    started_at bigint DEFAULT 0 NOT NULL,
    finished_at bigint DEFAULT 0 NOT NULL,
    score_points integer,
    stars integer,
    module_version integer,
    CONSTRAINT game_runs_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
ALTER TABLE game_runs ALTER COLUMN module_snapshot SET STATISTICS 0, ALTER COLUMN log SET STATISTICS 0, ALTER COLUMN final_gauges SET STATISTICS 0, ALTER COLUMN objectives_completed SET STATISTICS 0, ALTER COLUMN answers_before SET STATISTICS 0, ALTER COLUMN answers_after SET STATISTICS 0;
--> statement-breakpoint
CREATE TABLE idempotency_keys (
    caller text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    running_until bigint DEFAULT 0 NOT NULL,
    committed_at bigint DEFAULT 0 NOT NULL,
    status integer DEFAULT 0 NOT NULL,
    content_type text DEFAULT ''::text NOT NULL,
    body text DEFAULT ''::text NOT NULL,
    claimed_by text DEFAULT ''::text NOT NULL,
    CONSTRAINT idempotency_keys_caller_key_pk PRIMARY KEY (caller, key)
);
--> statement-breakpoint
CREATE TABLE login_failures (
    key text NOT NULL,
    at bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE module_versions (
    module_id text NOT NULL,
    version integer NOT NULL,
    module json NOT NULL,
    questionnaire jsonb,
    author_id text,
    author_name text DEFAULT ''::text NOT NULL,
    saved_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT module_versions_module_id_version_pk PRIMARY KEY (module_id, version)
);
--> statement-breakpoint
CREATE TABLE modules (
    id text NOT NULL,
    game_title text NOT NULL,
    game_description text DEFAULT ''::text NOT NULL,
    game_type text DEFAULT ''::text NOT NULL,
    archived_at bigint DEFAULT 0 NOT NULL,
    content json NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    updated_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT modules_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE nudges (
    user_id text NOT NULL,
    nudged_at bigint NOT NULL,
    email_id text NOT NULL,
    CONSTRAINT nudges_pkey PRIMARY KEY (user_id)
);
--> statement-breakpoint
CREATE TABLE oidc_handoffs (
    code_hash text NOT NULL,
    browser_hash text NOT NULL,
    user_id text NOT NULL,
    step text NOT NULL,
    issuer text NOT NULL,
    subject text NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    expires_at bigint DEFAULT 0 NOT NULL,
    used_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT oidc_handoffs_pkey PRIMARY KEY (code_hash)
);
--> statement-breakpoint
CREATE TABLE oidc_links (
    issuer text NOT NULL,
    subject text NOT NULL,
    user_id text NOT NULL,
    linked_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT oidc_links_issuer_subject_pk PRIMARY KEY (issuer, subject)
);
--> statement-breakpoint
CREATE TABLE password_resets (
    token_hash text NOT NULL,
    user_id text NOT NULL,
    expires_at bigint DEFAULT 0 NOT NULL,
    used_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT password_resets_pkey PRIMARY KEY (token_hash)
);
--> statement-breakpoint
CREATE TABLE progress_answers (
    module_id text NOT NULL,
    unit text NOT NULL,
    rank text NOT NULL,
    phase text NOT NULL,
    domain text NOT NULL,
    score_sum numeric NOT NULL,
    n bigint NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT progress_answers_module_id_unit_rank_phase_domain_pk PRIMARY KEY (module_id, unit, rank, phase, domain)
)
WITH (fillfactor='70');
--> statement-breakpoint
ALTER TABLE progress_answers CLUSTER ON progress_answers_module_id_unit_rank_phase_domain_pk;
--> statement-breakpoint
CREATE TABLE progress_changes (
    module_id text NOT NULL,
    unit text NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    rank text NOT NULL,
    domain text NOT NULL,
    n bigint NOT NULL,
    change_sum numeric NOT NULL,
    change_squares numeric NOT NULL,
    improved bigint NOT NULL,
    CONSTRAINT progress_changes_module_id_unit_rank_domain_pk PRIMARY KEY (module_id, unit, rank, domain)
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE progress_completions (
    module_id text NOT NULL,
    unit text NOT NULL,
    rank text NOT NULL,
    day integer NOT NULL,
    n bigint NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT progress_completions_module_id_unit_rank_day_pk PRIMARY KEY (module_id, unit, rank, day)
)
WITH (fillfactor='70');
--> statement-breakpoint
ALTER TABLE progress_completions CLUSTER ON progress_completions_module_id_unit_rank_day_pk;
--> statement-breakpoint
CREATE TABLE progress_completions_by_unit (
    module_id text NOT NULL,
    unit text NOT NULL,
    day integer NOT NULL,
    n bigint NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT progress_completions_by_unit_module_id_unit_day_pk PRIMARY KEY (module_id, unit, day)
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE progress_followups (
    module_id text NOT NULL,
    unit text NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    rank text NOT NULL,
    kind text NOT NULL,
    domain text NOT NULL,
    n bigint NOT NULL,
    total numeric NOT NULL,
    squares numeric NOT NULL,
    CONSTRAINT progress_followups_module_id_unit_rank_kind_domain_pk PRIMARY KEY (module_id, unit, rank, kind, domain)
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE progress_status (
    module_id text NOT NULL,
    unit text NOT NULL,
    rank text NOT NULL,
    started boolean NOT NULL,
    completed boolean NOT NULL,
    game_status integer NOT NULL,
    due_at bigint NOT NULL,
    n bigint NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT progress_status_module_id_unit_rank_started_completed_game_stat PRIMARY KEY (module_id, unit, rank, started, completed, game_status, due_at)
)
WITH (fillfactor='70');
--> statement-breakpoint
ALTER TABLE progress_status CLUSTER ON progress_status_module_id_unit_rank_started_completed_game_stat;
--> statement-breakpoint
CREATE TABLE progress_status_by_unit (
    module_id text NOT NULL,
    unit text NOT NULL,
    started boolean NOT NULL,
    completed boolean NOT NULL,
    game_status integer NOT NULL,
    due_at bigint NOT NULL,
    n bigint NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT progress_status_by_unit_module_id_unit_started_completed_game_s PRIMARY KEY (module_id, unit, started, completed, game_status, due_at)
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE questionnaires (
    module_id text NOT NULL,
    content jsonb NOT NULL,
    updated_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT questionnaires_pkey PRIMARY KEY (module_id)
);
--> statement-breakpoint
CREATE TABLE reminders (
    user_id text NOT NULL,
    module_id text NOT NULL,
    kind text NOT NULL,
    due_at bigint DEFAULT 0 NOT NULL,
    email_id text NOT NULL,
    queued_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT reminders_user_id_module_id_kind_pk PRIMARY KEY (user_id, module_id, kind)
);
--> statement-breakpoint
CREATE TABLE report_tokens (
    token_hash text NOT NULL,
    module_id text NOT NULL,
    admin_id text NOT NULL,
    expires_at bigint DEFAULT 0 NOT NULL,
    used_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT report_tokens_pkey PRIMARY KEY (token_hash)
);
--> statement-breakpoint
CREATE TABLE sign_in_log (
    id bigserial NOT NULL,
    at bigint DEFAULT 0 NOT NULL,
    user_id text,
    user_name text NOT NULL,
    outcome text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    request_id text DEFAULT ''::text NOT NULL,
    method text DEFAULT 'password'::text NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    CONSTRAINT sign_in_log_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE user_count (
    id integer NOT NULL,
    n bigint NOT NULL,
    CONSTRAINT user_count_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE user_search (
    id text NOT NULL,
    sort_key text NOT NULL COLLATE "C",
    haystack text NOT NULL,
    user_name text DEFAULT ''::text NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    rank text DEFAULT ''::text NOT NULL,
    unit text DEFAULT ''::text NOT NULL,
    pending boolean DEFAULT false NOT NULL,
    role text DEFAULT 'user'::text NOT NULL,
    active_at bigint DEFAULT 0 NOT NULL,
    unit_path text GENERATED ALWAYS AS (unit_path(unit)) STORED NOT NULL COLLATE "C",
    CONSTRAINT user_search_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE user_search_version (
    id integer NOT NULL,
    n bigint NOT NULL,
    CONSTRAINT user_search_version_pkey PRIMARY KEY (id)
);
--> statement-breakpoint
CREATE TABLE xapi_outbox (
    id text NOT NULL,
    run_id text NOT NULL,
    statement text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at bigint DEFAULT 0 NOT NULL,
    locked_until bigint DEFAULT 0 NOT NULL,
    last_error text,
    given_up_at bigint DEFAULT 0 NOT NULL,
    created_at bigint DEFAULT 0 NOT NULL,
    CONSTRAINT xapi_outbox_pkey PRIMARY KEY (id)
);
--> include sql/assignment_search_inserted.sql
--> include sql/assignment_search_updated.sql
--> include sql/assignment_search_user_changed.sql
--> include sql/audit_append_only.sql
--> include sql/audit_apply_retention.sql
--> include sql/cancel_unsent_reminders.sql
--> include sql/progress_item_deltas.sql
--> include sql/progress_change.sql
--> include sql/progress_count.sql
--> include sql/progress_item_changes.sql
--> include sql/progress_item_scores.sql
--> include sql/progress_score_change.sql
--> include sql/progress_score.sql
--> include sql/progress_assignments_deleted.sql
--> include sql/progress_assignments_inserted.sql
--> include sql/progress_assignments_updated.sql
--> include sql/progress_followup_change.sql
--> include sql/progress_followups_changed.sql
--> include sql/progress_followups_user_deleting.sql
--> include sql/progress_followups_user_moved.sql
--> include sql/progress_questionnaire_saved.sql
--> include sql/progress_user_deleting.sql
--> include sql/progress_user_moved.sql
--> include sql/user_count_deleted.sql
--> include sql/user_count_inserted.sql
--> include sql/user_listing_json.sql
--> include sql/user_search_row.sql
--> include sql/user_search_version_bump.sql
--> include sql/users_changed_notify.sql
--> include sql/users_listing_new_assignments.sql
--> include sql/users_listing_old_assignments.sql
--> include sql/users_listing_row.sql
REVOKE ALL ON FUNCTION audit_apply_retention(p_stream text, p_now bigint) FROM PUBLIC;
--> statement-breakpoint
CREATE INDEX assignment_search_order_idx ON assignment_search USING btree (module_id, sort_key, user_id COLLATE "C", unit_path, started, completed, game_status, due_at);
--> statement-breakpoint
CREATE INDEX assignments_completed_idx ON assignments USING btree (completed_at) WHERE (completed_at > 0);
--> statement-breakpoint
CREATE INDEX assignments_module_idx ON assignments USING btree (module_id);
--> statement-breakpoint
CREATE INDEX assignments_open_due_idx ON assignments USING btree (due_at, user_id, module_id) WHERE ((due_at > 0) AND (completed_at = 0) AND (revoked_at = 0));
--> statement-breakpoint
CREATE INDEX assignments_overdue_idx ON assignments USING btree (due_at, user_id, module_id) WHERE ((completed_at = 0) AND (due_at > 0));
--> statement-breakpoint
CREATE INDEX assignments_overdue_user_idx ON assignments USING btree (user_id, due_at, module_id) WHERE ((completed_at = 0) AND (due_at > 0));
--> statement-breakpoint
CREATE INDEX assignments_renews_idx ON assignments USING btree (renews_at, user_id, module_id) WHERE (renews_at > 0);
--> statement-breakpoint
CREATE INDEX assignments_renews_user_idx ON assignments USING btree (user_id, renews_at, module_id) WHERE (renews_at > 0);
--> statement-breakpoint
CREATE INDEX audit_log_action_idx ON audit_log USING btree (action, at, id);
--> statement-breakpoint
CREATE INDEX audit_log_actor_idx ON audit_log USING btree (actor_id, at, id);
--> statement-breakpoint
CREATE INDEX audit_log_actor_name_idx ON audit_log USING btree (actor_name, at, id);
--> statement-breakpoint
CREATE INDEX audit_log_at_idx ON audit_log USING btree (at, id);
--> statement-breakpoint
CREATE INDEX audit_log_target_idx ON audit_log USING btree (target_kind, target_id, at, id);
--> statement-breakpoint
CREATE INDEX certificates_user_module_idx ON certificates USING btree (user_id, module_id, completed_at);
--> statement-breakpoint
CREATE INDEX device_trusts_user_idx ON device_trusts USING btree (user_id, created_at);
--> statement-breakpoint
CREATE INDEX email_log_user_idx ON email_log USING btree (user_id, created_at);
--> statement-breakpoint
CREATE INDEX email_outbox_due_idx ON email_outbox USING btree (next_attempt_at);
--> statement-breakpoint
CREATE INDEX followups_answered_idx ON followups USING btree (module_id) WHERE (answered_at > 0);
--> statement-breakpoint
CREATE INDEX game_runs_started_idx ON game_runs USING btree (started_at, id);
--> statement-breakpoint
CREATE INDEX game_runs_user_module_idx ON game_runs USING btree (user_id, module_id, started_at);
--> statement-breakpoint
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys USING btree (created_at);
--> statement-breakpoint
CREATE INDEX login_failures_key_at_idx ON login_failures USING btree (key, at);
--> statement-breakpoint
CREATE INDEX oidc_handoffs_expires_idx ON oidc_handoffs USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX oidc_handoffs_user_idx ON oidc_handoffs USING btree (user_id);
--> statement-breakpoint
CREATE INDEX oidc_links_user_idx ON oidc_links USING btree (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX oidc_links_user_issuer_idx ON oidc_links USING btree (user_id, issuer);
--> statement-breakpoint
CREATE INDEX progress_completions_by_unit_day_idx ON progress_completions_by_unit USING btree (day);
--> statement-breakpoint
CREATE INDEX progress_completions_day_idx ON progress_completions USING btree (day);
--> statement-breakpoint
CREATE INDEX sign_in_log_at_idx ON sign_in_log USING btree (at);
--> statement-breakpoint
CREATE INDEX sign_in_log_user_idx ON sign_in_log USING btree (user_name, id);
--> statement-breakpoint
CREATE INDEX user_search_role_idx ON user_search USING btree (role);
--> statement-breakpoint
CREATE INDEX user_search_sort_key_id_idx ON user_search USING btree (sort_key, id);
--> statement-breakpoint
CREATE INDEX user_search_trgm_idx ON user_search USING gin (haystack gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX user_search_unit_path_order_idx ON user_search USING btree (unit_path, sort_key, id COLLATE "C", role);
--> statement-breakpoint
CREATE INDEX user_search_unit_path_rank_idx ON user_search USING btree (unit_path, rank);
--> statement-breakpoint
CREATE INDEX user_search_unit_path_rank_order_idx ON user_search USING btree (unit_path, COALESCE(array_position(ARRAY['Civ'::text, 'AB'::text, 'Amn'::text, 'A1C'::text, 'SrA'::text, 'SSgt'::text, 'TSgt'::text, 'MSgt'::text, 'SMSgt'::text, 'CMSgt'::text, 'CCM'::text, 'CMSAF'::text, '2d Lt'::text, '1st Lt'::text, 'Capt'::text, 'Maj'::text, 'Lt Col'::text, 'Col'::text, 'Brig Gen'::text, 'Maj Gen'::text, 'Lt Gen'::text, 'Gen'::text, 'CSAF'::text, 'GAF'::text], rank), 25), sort_key, id COLLATE "C");
--> statement-breakpoint
CREATE INDEX user_search_unit_rank_idx ON user_search USING btree (unit, rank);
--> statement-breakpoint
CREATE INDEX users_last_login_order_idx ON users USING btree (((- last_login_at)), id COLLATE "C");
--> statement-breakpoint
CREATE INDEX users_name_order_idx ON users USING btree ((
CASE
    WHEN pending THEN (chr(2) || lower(user_name))
    ELSE (((((chr(1) || lower(last_name)) || chr(1)) || lower(first_name)) || chr(1)) || lower(user_name))
END) COLLATE "C", id);
--> statement-breakpoint
CREATE INDEX xapi_outbox_due_idx ON xapi_outbox USING btree (next_attempt_at) WHERE (given_up_at = 0);
--> statement-breakpoint
CREATE TRIGGER assignments_cancel_reminders_on_change AFTER UPDATE OF due_at, completed_at, revoked_at ON assignments FOR EACH ROW WHEN (((new.due_at IS DISTINCT FROM old.due_at) OR ((new.completed_at > 0) AND (old.completed_at = 0)) OR ((new.revoked_at > 0) AND (old.revoked_at = 0)))) EXECUTE FUNCTION cancel_unsent_reminders();
--> statement-breakpoint
CREATE TRIGGER assignments_cancel_reminders_on_delete BEFORE DELETE ON assignments FOR EACH ROW EXECUTE FUNCTION cancel_unsent_reminders();
--> statement-breakpoint
CREATE TRIGGER assignments_listing_delete AFTER DELETE ON assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_listing_old_assignments();
--> statement-breakpoint
CREATE TRIGGER assignments_listing_insert AFTER INSERT ON assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_listing_new_assignments();
--> statement-breakpoint
CREATE TRIGGER assignments_listing_update AFTER UPDATE ON assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_listing_new_assignments();
--> statement-breakpoint
CREATE TRIGGER assignments_progress_delete AFTER DELETE ON assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION progress_assignments_deleted();
--> statement-breakpoint
CREATE TRIGGER assignments_progress_insert AFTER INSERT ON assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION progress_assignments_inserted();
--> statement-breakpoint
CREATE TRIGGER assignments_progress_update AFTER UPDATE ON assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION progress_assignments_updated();
--> statement-breakpoint
CREATE TRIGGER assignments_search_insert AFTER INSERT ON assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assignment_search_inserted();
--> statement-breakpoint
CREATE TRIGGER assignments_search_update AFTER UPDATE OF started_at, completed_at, game_status, due_at ON assignments FOR EACH ROW WHEN ((((old.started_at > 0) IS DISTINCT FROM (new.started_at > 0)) OR ((old.completed_at > 0) IS DISTINCT FROM (new.completed_at > 0)) OR (old.game_status IS DISTINCT FROM new.game_status) OR (old.due_at IS DISTINCT FROM new.due_at))) EXECUTE FUNCTION assignment_search_updated();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER followups_progress AFTER INSERT OR DELETE OR UPDATE ON followups FOR EACH ROW EXECUTE FUNCTION progress_followups_changed();
--> statement-breakpoint
CREATE TRIGGER module_versions_append_only BEFORE DELETE OR UPDATE ON module_versions FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER module_versions_no_truncate BEFORE TRUNCATE ON module_versions FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER questionnaires_progress AFTER INSERT OR UPDATE OF content ON questionnaires FOR EACH ROW EXECUTE FUNCTION progress_questionnaire_saved();
--> statement-breakpoint
CREATE TRIGGER sign_in_log_append_only BEFORE DELETE OR UPDATE ON sign_in_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER sign_in_log_no_truncate BEFORE TRUNCATE ON sign_in_log FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER user_search_assignments AFTER UPDATE OF sort_key, unit ON user_search FOR EACH ROW WHEN (((old.sort_key IS DISTINCT FROM new.sort_key) OR (old.unit IS DISTINCT FROM new.unit))) EXECUTE FUNCTION assignment_search_user_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_search_version AFTER INSERT OR DELETE OR UPDATE ON user_search DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION user_search_version_bump();
--> statement-breakpoint
CREATE TRIGGER user_search_version_truncate AFTER TRUNCATE ON user_search FOR EACH STATEMENT EXECUTE FUNCTION user_search_version_bump();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION users_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_count_deleted();
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_count_inserted();
--> statement-breakpoint
CREATE TRIGGER users_followups_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION progress_followups_user_deleting();
--> statement-breakpoint
CREATE TRIGGER users_followups_move AFTER UPDATE OF unit, rank ON users FOR EACH ROW WHEN (((old.unit IS DISTINCT FROM new.unit) OR (old.rank IS DISTINCT FROM new.rank))) EXECUTE FUNCTION progress_followups_user_moved();
--> statement-breakpoint
CREATE TRIGGER users_listing BEFORE INSERT OR UPDATE OF id, user_name, first_name, last_name, rank, unit, sex, role, active_at, pending, invite_code, last_invite_at, last_login_at ON users FOR EACH ROW EXECUTE FUNCTION users_listing_row();
--> statement-breakpoint
CREATE TRIGGER users_progress_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION progress_user_deleting();
--> statement-breakpoint
CREATE TRIGGER users_progress_move AFTER UPDATE OF unit, rank ON users FOR EACH ROW WHEN (((old.unit IS DISTINCT FROM new.unit) OR (old.rank IS DISTINCT FROM new.rank))) EXECUTE FUNCTION progress_user_moved();
--> statement-breakpoint
CREATE TRIGGER users_search AFTER INSERT OR UPDATE OF first_name, last_name, user_name, rank, unit, pending, role, active_at ON users FOR EACH ROW EXECUTE FUNCTION user_search_row();
--> statement-breakpoint
ALTER TABLE admin_units ADD CONSTRAINT admin_units_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE assignment_search ADD CONSTRAINT assignment_search_user_id_module_id_assignments_user_id_module_ FOREIGN KEY (user_id, module_id) REFERENCES assignments(user_id, module_id) ON UPDATE CASCADE ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE assignments ADD CONSTRAINT assignments_module_id_modules_id_fk FOREIGN KEY (module_id) REFERENCES modules(id);
--> statement-breakpoint
ALTER TABLE assignments ADD CONSTRAINT assignments_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE certificates ADD CONSTRAINT certificates_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE device_trusts ADD CONSTRAINT device_trusts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE digests ADD CONSTRAINT digests_admin_id_users_id_fk FOREIGN KEY (admin_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE email_log ADD CONSTRAINT email_log_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE followups ADD CONSTRAINT followups_module_id_fkey FOREIGN KEY (module_id) REFERENCES modules(id);
--> statement-breakpoint
ALTER TABLE followups ADD CONSTRAINT followups_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE game_runs ADD CONSTRAINT game_runs_module_id_modules_id_fk FOREIGN KEY (module_id) REFERENCES modules(id);
--> statement-breakpoint
ALTER TABLE game_runs ADD CONSTRAINT game_runs_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE module_versions ADD CONSTRAINT module_versions_module_id_modules_id_fk FOREIGN KEY (module_id) REFERENCES modules(id);
--> statement-breakpoint
ALTER TABLE nudges ADD CONSTRAINT nudges_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE oidc_handoffs ADD CONSTRAINT oidc_handoffs_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE oidc_links ADD CONSTRAINT oidc_links_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE password_resets ADD CONSTRAINT password_resets_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE questionnaires ADD CONSTRAINT questionnaires_module_id_modules_id_fk FOREIGN KEY (module_id) REFERENCES modules(id);
--> statement-breakpoint
ALTER TABLE reminders ADD CONSTRAINT reminders_user_id_module_id_assignments_user_id_module_id_fk FOREIGN KEY (user_id, module_id) REFERENCES assignments(user_id, module_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE report_tokens ADD CONSTRAINT report_tokens_admin_id_users_id_fk FOREIGN KEY (admin_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE user_search ADD CONSTRAINT user_search_id_users_id_fk FOREIGN KEY (id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
INSERT INTO user_count (id, n) VALUES (1, 0);
--> statement-breakpoint
INSERT INTO user_search_version (id, n) VALUES (1, 0);
--> statement-breakpoint
INSERT INTO audit_retention (stream, days) VALUES ('audit_log', NULL), ('sign_in_log', 90);
