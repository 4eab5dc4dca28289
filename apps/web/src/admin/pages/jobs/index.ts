// Admin → Background jobs (issue 36) as its own lazily loaded chunk: the one job queue's failed jobs and "retry".
export { default } from './JobsPage';
