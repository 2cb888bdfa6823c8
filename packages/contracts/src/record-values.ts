/** The reminder's note limit without the record's schemas (record.ts re-exports it): the pages that send reminders load no zod until they validate. */
/** A reminder's optional note from the administrator: short, one paragraph. */
export const NUDGE_NOTE_MAX = 500;
