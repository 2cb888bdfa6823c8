/**
 * The invite from a file: a CSV uploaded as the body (Content-Type text/csv),
 * checked (POST admin/invite/file/check) and then applied (POST
 * admin/invite/file), answered with the same report (docs/api.md, "Invite from
 * a file").
 */
import { z } from 'zod';

/** The columns a file may have, in the order a template lists them; `email` is required. */
export const INVITE_FILE_COLUMNS = ['email', 'first_name', 'last_name', 'rank', 'unit', 'module', 'due'] as const;
export type InviteFileColumn = (typeof INVITE_FILE_COLUMNS)[number];

/** Most data rows (lines after the header) one file may have. */
export const INVITE_FILE_MAX_ROWS = 5000;
/** Largest file accepted, bytes. */
export const INVITE_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** The media type of the upload. */
export const INVITE_FILE_MEDIA_TYPE = 'text/csv';

const line = z.number().int().min(1).describe("The file's line number (the header is line 1).");

export const inviteFileInviteeSchema = z.object({
  line,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The rank's abbreviation as stored ('' for none). */
  rank: z.string(),
  unit: z.string(),
  /** The module's id ('' for none) and title. */
  module: z.string(),
  module_title: z.string(),
  /** The due date, YYYY-MM-DD ('' for none). */
  due: z.string(),
});
export type InviteFileInvitee = z.infer<typeof inviteFileInviteeSchema>;

export const inviteFileReportSchema = z.object({
  /** false: a dry run, nothing was stored; true: the invitees were created and their e-mails queued. */
  applied: z.boolean(),
  /** Data rows read (empty lines are not rows). */
  rows: z.number().int().min(0),
  /** To be created (dry run) or created (applied), in the file's order. */
  invitees: z.array(inviteFileInviteeSchema),
  /** Addresses that already have an account: nothing is done for them. */
  existing: z.array(z.object({ line, email: z.string() })),
  /** Rows that cannot be used, with every reason (`; `-separated). */
  invalid: z.array(z.object({ line, email: z.string(), reason: z.string() })),
});
export type InviteFileReport = z.infer<typeof inviteFileReportSchema>;

/** The body as the route declares it: the file's text. */
export const inviteFileBodySchema = z
  .string()
  .describe('The CSV file (UTF-8, or UTF-16 with a byte-order mark): a header row, then one invitee a line.');
