/** A contact message (camelCase), as src/data/inbox maps it. */
export type ContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

/** A contact message as the admin inbox shows it (handled or not). */
export type InboxMessage = ContactMessage & {
  id: string;
  createdAt: string;
  /** When an organiser marked it handled (ISO), or null. */
  handledAt: string | null;
  /** Who did (their auth.users id; the journal names them). */
  handledBy: string | null;
};
