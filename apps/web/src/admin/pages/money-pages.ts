// The money screens as one lazily loaded chunk: one entry in the first load's preload map instead of four.
// Whole modules, so each page's title (meta) and loader come along.
export * as OrderDetail from './OrderDetailPage';
export * as Refunds from './RefundsPage';
export * as Invoices from './InvoicesPage';
export * as Reconciliation from './ReconciliationPage';
