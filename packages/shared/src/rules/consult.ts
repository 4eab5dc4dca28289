/** Consultation rules shared by the server and the help widget (plain data: no zod in the public chunk). */

/** Spec 5 and 9: a question is at most 200 characters; the help panel keeps 100 lines. */
export const QUESTION_MAX = 200;
export const CONSULT_PAGE_SIZE = 100;
/** Spec 9: while the help panel is open, messages are refreshed every 10 s. */
export const HELP_POLL_MS = 10_000;

/** The weak ETag of a conversation whose last line is `lastId`: the widget sends it back as If-None-Match. */
export const consultEtag = (lastId: number) => `W/"c${lastId}"`;
