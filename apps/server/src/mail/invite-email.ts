/** The invite e-mail. The link is built from PUBLIC_URL, never from a request's Host header. */
export function inviteEmail(publicUrl: string, to: string, code: string) {
  const link = `${publicUrl}/register/${encodeURIComponent(code)}`;
  const text = `You have been invited to Ready Airman Training.\n\nCreate your account here:\n${link}\n\nIf you did not expect this e-mail, you can ignore it.\n`;
  const html = `<p>You have been invited to <strong>Ready Airman Training</strong>.</p><p><a href="${link}">Create your account</a></p><p>Or paste this link into your browser: ${link}</p><p>If you did not expect this e-mail, you can ignore it.</p>`;
  return { to, subject: 'Your invitation to Ready Airman Training', text, html, link };
}
