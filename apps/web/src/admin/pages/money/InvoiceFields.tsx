import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@rp/shared/rules/money';
import { formatDateTime } from '../../resources/cells';
import type { InvoiceView } from '../money-api';
import { INVOICE_KIND_KEYS, INVOICE_STATUS_KEYS, labelOf, TITLE_TYPE_KEYS } from './labels';
import m from './money.module.css';

/** Every field of a request (the special VAT invoice's business details included). */
export function InvoiceFields({ inv }: { inv: InvoiceView }) {
  const { t } = useTranslation();
  const text = (v: string | null | undefined) => <span className={m.wrapText}>{v || '—'}</span>;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
      items={[
        { key: 'status', label: t('admin:money.status'), children: labelOf(t, INVOICE_STATUS_KEYS, inv.status) },
        { key: 'titleType', label: t('admin:money.titleTypeLabel'), children: labelOf(t, TITLE_TYPE_KEYS, inv.titleType) },
        { key: 'kind', label: t('admin:money.invoiceKindLabel'), children: labelOf(t, INVOICE_KIND_KEYS, inv.kind) },
        { key: 'companyName', label: t('admin:money.companyName'), children: text(inv.companyName) },
        { key: 'taxNo', label: t('admin:money.taxNo'), children: text(inv.taxNo) },
        { key: 'amount', label: t('admin:money.amountFen'), children: formatYuan(inv.amountFen) },
        { key: 'registeredAddress', label: t('admin:money.registeredAddress'), children: text(inv.registeredAddress) },
        { key: 'registeredPhone', label: t('admin:money.registeredPhone'), children: text(inv.registeredPhone) },
        { key: 'bank', label: t('admin:money.bank'), children: text(inv.bank) },
        { key: 'bankAccount', label: t('admin:money.bankAccount'), children: text(inv.bankAccount) },
        { key: 'contact', label: t('admin:money.contact'), children: text(inv.contact) },
        { key: 'receivingAddress', label: t('admin:money.receivingAddress'), children: text(inv.receivingAddress) },
        { key: 'invoiceNo', label: t('admin:money.invoiceNo'), children: text(inv.invoiceNo) },
        { key: 'issuedAt', label: t('admin:money.issuedAt'), children: formatDateTime(inv.issuedAt) },
        ...(inv.rejectReason ? [{ key: 'rejectReason', label: t('admin:money.rejectReasonColumn'), children: text(inv.rejectReason) }] : []),
      ]}
    />
  );
}
