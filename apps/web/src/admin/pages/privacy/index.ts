// Admin → Privacy (issue 37) as one lazily loaded chunk: the requests queue, the retention preview, the yearly audit.
export { default as PrivacyRequestsPage } from './PrivacyRequestsPage';
export { default as RetentionPage } from './RetentionPage';
export { default as AuditReportPage } from './AuditReportPage';
