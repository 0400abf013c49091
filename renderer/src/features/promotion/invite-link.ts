/** The link an invitee registers through: the Register page fills the invite code from it. */
export const inviteLink = (code: string, origin = window.location.origin) =>
  `${origin}/register?inviteCode=${encodeURIComponent(code)}`;
