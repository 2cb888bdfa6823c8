/** Validation rules of spec §5 shared by forms and the server. */
import {
  EMAIL_DOMAIN_LABEL_MAX_LENGTH,
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';

// The WHATWG "valid e-mail address" grammar, plus a dot in the domain (an address
// for a trainee must be deliverable; 'name@localhost' is not).
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** True when the address has e-mail format and fits the limits of spec §5. */
export function isValidEmail(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false;
  if (!EMAIL_FORMAT.test(address)) return false;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return address
    .slice(at + 1)
    .split('.')
    .every((label) => label.length <= EMAIL_DOMAIN_LABEL_MAX_LENGTH);
}

/** Splits the invite textarea on whitespace (spec §5); empty pieces are dropped. */
export function splitEmails(text: string): string[] {
  return text.split(/\s+/).filter((s) => s.length > 0);
}

/** The addresses of a list that are not valid, in the order given. */
export function invalidEmails(emails: readonly string[]): string[] {
  return emails.filter((e) => !isValidEmail(e));
}

/** The message of spec §5 for a list with invalid addresses. */
export function invalidEmailsMessage(invalid: readonly string[]): string {
  return `List includes invalid or incomplete email addresses: ${invalid.join(', ')}`;
}

export interface PasswordChecklist {
  minLength: boolean;
  special: boolean;
  number: boolean;
  capital: boolean;
  match: boolean;
}

/** The live checklist of spec §5, item by item. */
export function passwordChecklist(password: string, confirmation: string): PasswordChecklist {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    special: /[^A-Za-z0-9\s]/.test(password),
    number: /[0-9]/.test(password),
    capital: /[A-Z]/.test(password),
    match: password.length > 0 && password === confirmation,
  };
}

/** The labels shown beside each checklist item. */
export const PASSWORD_CHECKLIST_LABELS: Record<keyof PasswordChecklist, string> = {
  minLength: `At least ${PASSWORD_MIN_LENGTH} characters`,
  special: 'A special character',
  number: 'A number',
  capital: 'A capital letter',
  match: 'Both passwords match',
};

/** The password policy alone (no confirmation): what the server enforces. */
export function passwordPolicyProblems(password: string): string[] {
  const c = passwordChecklist(password, password);
  const problems: string[] = [];
  if (!c.minLength) problems.push(`must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`must be at most ${PASSWORD_MAX_LENGTH} characters`);
  if (!c.special) problems.push('must contain a special character');
  if (!c.number) problems.push('must contain a number');
  if (!c.capital) problems.push('must contain a capital letter');
  return problems;
}
