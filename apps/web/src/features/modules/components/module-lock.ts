/** The toggle that unlocks a base module (spec §4), the same in the table and the JSON editor. */
export const BASE_MODULE_LOCK_LABEL = 'Base module: locked against accidental edits';
