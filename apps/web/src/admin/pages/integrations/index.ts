// Admin → Integrations (issue 25) as one lazily loaded chunk: webhooks, API tokens, the outbox.
export { default } from './IntegrationsPage';
