/** The "Expired / due for recertification" filter of Progress and the users list (`recert=due`). */
export const RECERT_DUE_LABEL = 'Expired / due for recertification';
