/** GET admin/reports/xapi: every run's xAPI statements as NDJSON, for a unit without a live LRS (docs/xapi.md). */
import { z } from 'zod';
import { isoDateSchema } from './progress.ts';

export const xapiReportQuerySchema = z
  .strictObject({
    /** A module id: that module's runs only. Unset: every module's. */
    module: z.string().min(1).max(100).optional(),
    /** First day (UTC) a run started on. Unset: from the first run. */
    from: isoDateSchema.optional(),
    /** Last day (UTC) a run started on, included. Unset: up to now. */
    to: isoDateSchema.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type XapiReportQuery = z.infer<typeof xapiReportQuerySchema>;

/** The answer's media type: one statement (JSON) a line. */
export const NDJSON_TYPE = 'application/x-ndjson';
