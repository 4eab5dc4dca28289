import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@rp/shared/rules/money';
import { errorMessage } from '../../../lib/api-client';
import { markTransferredMutation, recordPayeeMutation, revealPayeeMutation, type AdminRefund, type PayeeBody } from '../money-api';
import { SERIAL_MAX, SERIAL_MIN } from './model';
import s from './money.module.css';

/**
 * A bank-paid refund (issue 34): nothing goes back until staff transfer it from the organiser's bank. While
 * it is processing this says what to transfer to whom (the account number masked; its whole number on
 * request, audited), records the payee when the family's account is not known yet, and takes the bank serial
 * of the transfer, which completes the refund. A completed one shows its serial.
 */
export function BankRefundTransfer({ refund }: { refund: AdminRefund }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<'payee' | 'serial' | null>(null);
  const [whole, setWhole] = useState<string | null>(null);
  const payee = useMutation(recordPayeeMutation);
  const reveal = useMutation(revealPayeeMutation);
  const transferred = useMutation(markTransferredMutation);
  const bank = refund.bankTransfer;
  if (!bank) return <>—</>;
  if (refund.status === 'success') return <span className={s.money}>{t('admin:money.bankRefund.serialShown', { serial: bank.serial ?? '—' })}</span>;
  if (refund.status !== 'processing') return <>—</>;
  const failed = (e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')));
  const amount = formatYuan(refund.amountFen ?? 0);
  // the button's name starts with what it shows (WCAG 2.5.3)
  const payeeAction = bank.payee ? t('admin:money.bankRefund.payeeChange') : t('admin:money.bankRefund.payeeRecord');
  return (
    <div className={s.bankRefund}>
      {bank.payee ? (
        <span className={s.wrapText}>
          {t('admin:money.bankRefund.instruction', {
            amount,
            name: bank.payee.name,
            bank: bank.payee.bank,
            account: whole ?? bank.payee.accountMasked,
          })}
        </span>
      ) : (
        <span className={s.wrapText}>
          <Tag color="warning">{t('admin:money.bankRefund.payeeMissing')}</Tag> {t('admin:money.bankRefund.payeeMissingHint', { amount })}
        </span>
      )}
      <Space size={4} wrap>
        {bank.payee && whole === null ? (
          <Button
            size="small"
            type="link"
            loading={reveal.isPending}
            aria-label={t('admin:money.bankRefund.revealOf', { refundNo: refund.refundNo })}
            onClick={() => reveal.mutate(refund.id, { onSuccess: setWhole, onError: failed })}
          >
            {t('admin:money.bankRefund.reveal')}
          </Button>
        ) : null}
        <Button
          size="small"
          aria-label={t('admin:money.bankRefund.payeeOf', { action: payeeAction, refundNo: refund.refundNo })}
          onClick={() => setDialog('payee')}
        >
          {payeeAction}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!bank.payee}
          aria-label={t('admin:money.bankRefund.transferredOf', { refundNo: refund.refundNo })}
          onClick={() => setDialog('serial')}
        >
          {t('admin:money.bankRefund.transferred')}
        </Button>
      </Space>
      <PayeeDialog
        open={dialog === 'payee'}
        refundNo={refund.refundNo}
        initial={bank.payee ? { name: bank.payee.name, bank: bank.payee.bank } : null}
        pending={payee.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(body) =>
          payee.mutate(
            { id: refund.id, payee: body },
            {
              onSuccess: (res) => {
                message.success(res.resultStr);
                setWhole(null);
                setDialog(null);
              },
              onError: failed,
            },
          )
        }
      />
      <SerialDialog
        open={dialog === 'serial'}
        refundNo={refund.refundNo}
        amount={amount}
        pending={transferred.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(bankSerial) =>
          transferred.mutate(
            { id: refund.id, bankSerial },
            {
              onSuccess: (res) => {
                message.success(res.resultStr);
                setDialog(null);
              },
              onError: failed,
            },
          )
        }
      />
    </div>
  );
}

function PayeeDialog({
  open,
  refundNo,
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  refundNo: string;
  initial: { name: string; bank: string } | null;
  pending: boolean;
  onSubmit: (body: PayeeBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PayeeBody>();
  const title = t('admin:money.bankRefund.payeeTitle', { refundNo });
  return (
    <Modal
      open={open}
      title={title}
      okText={t('admin:money.bankRefund.payeeSave')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin:money.bankRefund.payeeIntro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={{ name: initial?.name ?? '', bank: initial?.bank ?? '', accountNo: '' }}
        onFinish={(v) => onSubmit({ name: v.name.trim(), bank: v.bank.trim(), accountNo: v.accountNo.replace(/[\s-]/g, '') })}
      >
        <Form.Item
          name="name"
          label={t('admin:money.bankRefund.payeeName')}
          rules={[{ required: true, whitespace: true, message: t('admin:money.bankRefund.payeeNameRequired') }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="bank"
          label={t('admin:money.bankRefund.payeeBank')}
          rules={[{ required: true, whitespace: true, min: 2, message: t('admin:money.bankRefund.payeeBankRequired') }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="accountNo"
          label={t('admin:money.bankRefund.payeeAccount')}
          required
          rules={[
            {
              validator: (_, v: string | undefined) =>
                /^[0-9A-Za-z]{6,34}$/.test((v ?? '').replace(/[\s-]/g, ''))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin:money.bankRefund.payeeAccountInvalid'))),
            },
          ]}
        >
          <Input inputMode="numeric" maxLength={48} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SerialDialog({
  open,
  refundNo,
  amount,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  refundNo: string;
  amount: string;
  pending: boolean;
  onSubmit: (bankSerial: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ bankSerial: string }>();
  const title = t('admin:money.bankRefund.transferredTitle', { refundNo });
  return (
    <Modal
      open={open}
      title={title}
      okText={t('admin:money.bankRefund.transferredConfirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin:money.bankRefund.transferredIntro', { amount })}</Typography.Paragraph>
      <Form form={form} layout="vertical" aria-label={title} initialValues={{ bankSerial: '' }} onFinish={(v) => onSubmit(v.bankSerial.trim())}>
        <Form.Item
          name="bankSerial"
          label={t('admin:money.bankSerial')}
          rules={[
            { required: true, whitespace: true, message: t('admin:money.bankSerialRequired') },
            { min: SERIAL_MIN, max: SERIAL_MAX, message: t('admin:money.bankSerialLength', { min: SERIAL_MIN, max: SERIAL_MAX }) },
          ]}
        >
          <Input maxLength={SERIAL_MAX} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
