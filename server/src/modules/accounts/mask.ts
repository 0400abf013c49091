/** Masks a phone for display: 138****8000. */
export function maskPhone(phone: string | null): string {
  if (!phone) return '';
  if (phone.length <= 4) return '*'.repeat(phone.length);
  const keep = Math.max(0, Math.min(3, phone.length - 5));
  return `${phone.slice(0, keep)}${'*'.repeat(phone.length - keep - 4)}${phone.slice(-4)}`;
}

/** Masks an email for display: a***@example.com. */
export function maskEmail(email: string | null): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return `${email[0]}***${email.slice(at)}`;
}
