// The name of the admin menu's count of new messages beside Leads: the leads route's handle names
// it, and the boot registers inbox.server's reader under it (admin/shell/nav-badges.server.ts).
export const newMessagesBadge = "new-messages";
