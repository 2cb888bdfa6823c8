-- A queued e-mail's secret (the token of a reset or trust-device link, an invite code) is kept
-- apart from its text, which holds '{{link-secret}}' in its place (mail/outbox.ts): the secret
-- leaves with the row once the e-mail is sent and is cleared when it is given up. A message is
-- not sent after its link stops working (send_before).
ALTER TABLE "email_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "send_before" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows queued before: the secret is the link's last part (base64url), in the plain text as in the
-- HTML. Reset links worked 30 minutes, trust-device links 15; an invite's lifetime is the
-- server's setting, unknown here: no limit.
UPDATE "email_outbox" SET
  "secret" = (regexp_match("text_body", '(?:/register/|/reset-password/|/login/trust#)([A-Za-z0-9_-]{16,})'))[1],
  "send_before" = CASE
    WHEN "text_body" ~ '/reset-password/[A-Za-z0-9_-]{16,}' THEN "created_at" + 30 * 60 * 1000
    WHEN "text_body" ~ '/login/trust#[A-Za-z0-9_-]{16,}' THEN "created_at" + 15 * 60 * 1000
    ELSE 0
  END
WHERE "text_body" ~ '(/register/|/reset-password/|/login/trust#)[A-Za-z0-9_-]{16,}';--> statement-breakpoint
-- The text keeps the mark in the secret's place; an e-mail given up keeps no secret at all.
UPDATE "email_outbox" SET
  "subject" = replace("subject", "secret", '{{link-secret}}'),
  "text_body" = replace("text_body", "secret", '{{link-secret}}'),
  "html_body" = replace("html_body", "secret", '{{link-secret}}'),
  "secret" = CASE WHEN "given_up_at" > 0 THEN NULL ELSE "secret" END
WHERE "secret" IS NOT NULL;
