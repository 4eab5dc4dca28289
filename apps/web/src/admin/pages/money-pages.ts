// The money screens as one lazily loaded chunk: one entry in the first load's preload map instead of four.
// Whole modules, so each page's loader comes along (the titles are in the route table, app/admin-routes.tsx).
export * as OrderDetail from './OrderDetailPage';
export * as Refunds from './RefundsPage';
export * as Invoices from './InvoicesPage';
export * as Reconciliation from './ReconciliationPage';
