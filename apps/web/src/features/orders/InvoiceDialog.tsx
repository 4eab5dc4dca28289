import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAX_NO_PATTERN } from '@rp/shared/rules/money';
import { formatPrice } from '../../lib/format';
import { antdFieldErrors, splitServerError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { applyInvoice, type OrderView } from './api';
import s from './orders.module.css';

interface Values {
  titleType: 'personal' | 'company';
  kind: 'ordinary' | 'special';
  companyName: string;
  taxNo: string;
  registeredAddress: string;
  registeredPhone: string;
  bank: string;
  bankAccount: string;
  contact: string;
  receivingAddress: string;
}
const FIELDS: readonly string[] = [
  'titleType',
  'kind',
  'companyName',
  'taxNo',
  'registeredAddress',
  'registeredPhone',
  'bank',
  'bankAccount',
  'contact',
  'receivingAddress',
] satisfies (keyof Values)[];
const SPECIAL_ONLY = ['registeredAddress', 'registeredPhone', 'bank', 'bankAccount', 'receivingAddress'] as const;

/** Invoice request for a paid order (spec 3 fields); the server checks the same rules and its messages land under the fields. */
export function InvoiceDialog({ order: o, onClose, onDone }: { order: OrderView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const titleType = Form.useWatch('titleType', form) ?? 'company';
  const kind = Form.useWatch('kind', form) ?? 'ordinary';
  const special = titleType === 'company' && kind === 'special';
  const required = { required: true, whitespace: true, message: t('errors:validation.required') };
  const apply = useMutation({
    mutationFn: (v: Values) => applyInvoice({ ...v, kind: v.titleType === 'company' ? v.kind : 'ordinary', orderNo: o.orderNo }),
    onSuccess: () => {
      notify.success(t('orders:invoice.sent'));
      onDone();
      onClose();
    },
    onError: (e) => form.setFields(antdFieldErrors(splitServerError(e, (n) => FIELDS.includes(n)).fields) as Parameters<typeof form.setFields>[0]),
  });
  const banner = apply.isError ? splitServerError(apply.error, (n) => FIELDS.includes(n)).banner : null;

  return (
    <Modal
      open
      title={t('orders:invoice.title')}
      okText={t('orders:invoice.submit')}
      cancelText={t('orders:close')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: apply.isPending }}
      destroyOnHidden
    >
      <p className={s.muted}>
        {t('orders:invoice.amount', { amount: formatPrice(o.invoiceableFen) })} {o.invoiceableFen < o.balanceFen ? t('orders:invoice.refundsLeftOut') : null}{' '}
        {t('orders:invoice.eta')}
      </p>
      {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 12 }} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => apply.mutate(v)}
        initialValues={{
          titleType: 'company',
          kind: 'ordinary',
          companyName: '',
          taxNo: '',
          registeredAddress: '',
          registeredPhone: '',
          bank: '',
          bankAccount: '',
          contact: '',
          receivingAddress: '',
        }}
      >
        <Form.Item name="titleType" label={t('orders:invoice.titleType')}>
          <Radio.Group
            options={[
              { value: 'company', label: t('orders:invoice.company') },
              { value: 'personal', label: t('orders:invoice.personal') },
            ]}
          />
        </Form.Item>
        {titleType === 'company' ? (
          <Form.Item name="kind" label={t('orders:invoice.kind')}>
            <Radio.Group
              options={[
                { value: 'ordinary', label: t('orders:invoice.ordinary') },
                { value: 'special', label: t('orders:invoice.special') },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="companyName"
          label={titleType === 'company' ? t('orders:invoice.companyName') : t('orders:invoice.personalName')}
          rules={[required, { max: 100, message: t('errors:validation.tooLong') }]}
        >
          <Input maxLength={100} autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="taxNo"
          label={t('orders:invoice.taxNo')}
          extra={t('orders:invoice.taxNoHint')}
          rules={[
            ...(titleType === 'company' ? [required] : []),
            {
              validator: (_, v: string) =>
                !v || TAX_NO_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('orders:invoice.taxNoInvalid'))),
            },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        {SPECIAL_ONLY.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(
              {
                registeredAddress: 'orders:invoice.registeredAddress',
                registeredPhone: 'orders:invoice.registeredPhone',
                bank: 'orders:invoice.bank',
                bankAccount: 'orders:invoice.bankAccount',
                receivingAddress: 'orders:invoice.receivingAddress',
              }[name],
            )}
            rules={special ? [required] : []}
            hidden={!special && name !== 'receivingAddress'}
          >
            <Input maxLength={name === 'registeredPhone' ? 30 : name === 'bankAccount' ? 40 : name === 'bank' ? 100 : 200} />
          </Form.Item>
        ))}
        <Form.Item name="contact" label={t('orders:invoice.contact')} rules={[required, { max: 50, message: t('errors:validation.tooLong') }]}>
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
