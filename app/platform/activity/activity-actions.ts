// The kinds of entry in the activity log and how the Activity screen names them. Shared by the
// server (which writes them) and the screen's filter.
export const activityActions = {
  login: "Signed in",
  "login-failed": "Sign-in failed",
  "login-locked": "Sign-in locked",
  logout: "Signed out",
  "content-save": "Content saved",
  "content-restore": "Content restored",
  "image-upload": "Image uploaded",
  "image-edit": "Image edited",
  delete: "Deleted",
  export: "Exported",
  "admin-create": "Admin added",
  "admin-delete": "Admin removed",
  "admin-password": "Password changed",
  "admin-sessions-revoked": "Signed out everywhere",
  // Publishing; deletions use "delete"
  "article-save": "Article saved",
  "article-restore": "Article restored",
  "case-study-save": "Case study saved",
  "case-study-restore": "Case study restored",
  "page-save": "Page saved",
  "page-restore": "Page restored",
  // The writer's desk: the site settings, and a scheduled item going live by itself
  "settings-save": "Settings saved",
  "publish-on-schedule": "Published on schedule",
  "take-down-on-schedule": "Taken down on schedule",
  // The newsletter; erasing a subscriber is a "delete"
  "newsletter-send": "Newsletter sent",
  "newsletter-schedule": "Newsletter scheduled",
  "newsletter-reschedule": "Newsletter rescheduled",
  "newsletter-unschedule": "Newsletter schedule cancelled",
  "newsletter-send-on-schedule": "Newsletter sent on schedule",
  "subscriber-topics": "Subscriber's topics changed",
  // The leads inbox: a message's moves (deletions use "delete"), a contact's erasure,
  // a test email; entries name a message by number and a contact by count, never by contents
  "message-handled": "Message marked handled",
  "message-new": "Message marked new",
  "message-spam": "Message moved to spam",
  "message-not-spam": "Message marked not spam",
  "contact-erase": "Contact erased",
  "mail-test": "Test email sent",
  // The email flows (a reset password is an "admin-password", an accepted invite an
  // "admin-create")
  "admin-reset-requested": "Password reset requested",
  "admin-invite": "Admin invited",
  "admin-invite-cancel": "Invitation cancelled",
  // Roles and devices: an admin's role changed, a device signed out from the account
  // screen (one session, or every other one)
  "admin-role": "Role changed",
  "session-end": "Device signed out",
  // Two-factor sign-in; each change also signs the admin out of their other sessions
  "two-factor-on": "Two-factor turned on",
  "two-factor-off": "Two-factor turned off",
  "recovery-codes-renew": "Recovery codes renewed",
  "passkey-add": "Passkey added",
  "passkey-remove": "Passkey removed",
  "two-factor-require": "Two-factor requirement changed",
  // Redirect rules (an item's automatic redirects are part of its save)
  "redirect-add": "Redirect added",
  "redirect-edit": "Redirect changed",
  "redirect-delete": "Redirect deleted",
  "redirect-import": "Redirects imported",
  "redirect-restore": "Redirect restored",
  "redirect-automatic-delete": "Automatic redirect removed",
} as const;

/** How long entries are kept. */
export const activityRetentionDays = 365;

export type ActivityAction = keyof typeof activityActions;

export function isActivityAction(value: string): value is ActivityAction {
  return Object.hasOwn(activityActions, value);
}

/** Labels for actions other features add later (publishing's deletions, for instance). */
export function describeActivityAction(action: string): string {
  return isActivityAction(action) ? activityActions[action] : action;
}
