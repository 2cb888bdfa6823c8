/** A day as the users list and the user editor show it; '—' for none (0). */
export function formatDate(ms: number): string {
  return ms > 0 ? new Date(ms).toLocaleDateString() : '—';
}
