// The award screens as one lazily loaded chunk: one entry in the first load's preload map instead of three.
export { default as JudgingAdminPage } from './JudgingAdminPage';
export { default as CertificatesAdminPage } from './CertificatesAdminPage';
export { default as TemplatesAdminPage } from './TemplatesAdminPage';
