import { useState } from 'react';
import { Descriptions, Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan, REFUND_RATIOS, type RefundRatio } from '@rp/shared/rules/money';
import { RATIO_KEYS } from './labels';
import {
  amountError,
  belowTier,
  checkApproval,
  fenToYuanText,
  perMilleText,
  REASON_MAX,
  rejectionReason,
  SERIAL_MAX,
  SERIAL_MIN,
  transferBody,
  yuanToFen,
  type ApproveBody,
  type RefundBasis,
} from './model';
import s from './money.module.css';

const AMOUNT_ERROR_KEYS = {
  required: 'admin:money.amountRequired',
  invalid: 'admin:money.amountInvalid',
  tooSmall: 'admin:money.amountInvalid',
  tooLarge: 'admin:money.amountTooLarge',
} as const;

/**
 * "Confirm transfer received" of an unpaid bank-transfer order: the amount that arrived, typed in yuan
 * and sent in integer fen (string arithmetic, no float), and the bank's serial number.
 */
export function TransferDialog({
  open,
  orderNo,
  dueFen,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  orderNo: string;
  dueFen: number;
  pending: boolean;
  onSubmit: (body: { amountFen: number; bankSerial: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; bankSerial: string }>();
  const amount = Form.useWatch('amount', form);
  const typed = amountError(amount) ? null : yuanToFen(amount);
  return (
    <Modal
      open={open}
      title={t('admin:money.transferTitle', { orderNo })}
      okText={t('admin:money.transferConfirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin:money.transferIntro', { amount: formatYuan(dueFen) })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ amount: fenToYuanText(dueFen), bankSerial: '' }}
        onFinish={(v) => {
          const body = transferBody(v.amount, v.bankSerial);
          if (body) onSubmit(body);
        }}
        aria-label={t('admin:money.transferTitle', { orderNo })}
      >
        <Form.Item
          name="amount"
          label={t('admin:money.transferAmount')}
          required
          extra={typed !== null && typed !== dueFen ? t('admin:money.transferDiffers', { amount: formatYuan(typed) }) : undefined}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const e = amountError(v);
                return e ? Promise.reject(new Error(t(AMOUNT_ERROR_KEYS[e]))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" autoComplete="off" />
        </Form.Item>
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

const APPROVE_ERROR_KEYS = {
  ratioRequired: 'admin:money.ratioRequired',
  deductRequired: 'admin:money.deductRequired',
  deductInvalid: 'admin:money.amountInvalid',
  nothingToRefund: 'admin:money.nothingToRefund',
  reasonRequired: 'admin:money.decisionReasonMissing',
} as const;

export interface ApproveTarget extends RefundBasis {
  refundNo: string;
  orderNo: string;
  tierPerMille: number;
  requestedFen: number;
  items: { id: number; label: string; priceFen: number }[];
}

/**
 * Approve a refund with one of spec 9's choices: the amount each gives is computed live (exactly as the
 * server will) next to the member's tier amount; 'fixed product deduction' asks for the amount to deduct.
 */
export function ApproveRefundDialog({
  refund,
  initialRatio,
  pending,
  onSubmit,
  onCancel,
}: {
  refund: ApproveTarget | null;
  initialRatio: RefundRatio | null;
  pending: boolean;
  onSubmit: (body: ApproveBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [ratio, setRatio] = useState<RefundRatio | null>(initialRatio);
  const [deduct, setDeduct] = useState('');
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState(false);
  if (!refund) return null;
  const check = checkApproval(refund, ratio, deduct, reason);
  // below the tier amount the member was quoted, the reason becomes required and the dialog says why (issue 24)
  const below = belowTier(refund, check.fen);
  const reasonInvalid = approveError(check, shown) === 'reasonRequired';
  const submit = () => {
    setShown(true);
    if (check.ok) onSubmit(check.body);
  };
  const error = approveError(check, shown);
  return (
    <Modal
      open
      title={t('admin:money.approveTitle', { refundNo: refund.refundNo })}
      okText={check.fen ? t('admin:money.approveConfirmAmount', { amount: formatYuan(check.fen) }) : t('admin:money.approveConfirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        className={s.approveFacts}
        items={[
          { key: 'orderNo', label: t('admin:money.orderNo'), children: refund.orderNo },
          { key: 'items', label: t('admin:money.items'), children: refund.items.map((i) => i.label).join(t('admin:money.listSeparator')) || '—' },
          { key: 'persons', label: t('admin:money.persons'), children: refund.persons },
          { key: 'base', label: t('admin:money.baseFen'), children: formatYuan(refund.baseFen) },
          {
            key: 'tier',
            label: t('admin:money.memberTier'),
            children: t('admin:money.memberTierValue', { percent: perMilleText(refund.tierPerMille), amount: formatYuan(refund.requestedFen) }),
          },
        ]}
      />
      <fieldset className={s.ratios}>
        <legend>{t('admin:money.ratioLegend')}</legend>
        <Radio.Group
          value={ratio}
          onChange={(e) => setRatio(e.target.value as RefundRatio)}
          className={s.ratioGroup}
          aria-describedby={error ? 'refund-approve-error' : undefined}
        >
          {REFUND_RATIOS.map((r) => {
            const each = r === 'fixed' ? null : checkApproval(refund, r);
            return (
              <Radio key={r} value={r} className={s.ratio}>
                <span>{t(RATIO_KEYS[r]!)}</span>
                {each ? <span className={s.ratioAmount}>{formatYuan(each.fen ?? 0)}</span> : null}
              </Radio>
            );
          })}
        </Radio.Group>
        {ratio === 'fixed' ? (
          <div className={s.deduct}>
            <label htmlFor="refund-deduct">{t('admin:money.deductAmount')}</label>
            <Input
              id="refund-deduct"
              prefix="¥"
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              value={deduct}
              onChange={(e) => setDeduct(e.target.value)}
              status={error === 'deductRequired' || error === 'deductInvalid' ? 'error' : undefined}
              aria-invalid={error === 'deductRequired' || error === 'deductInvalid'}
              aria-describedby={error ? 'refund-approve-error' : undefined}
              style={{ maxWidth: 220 }}
            />
          </div>
        ) : null}
      </fieldset>
      <div className={s.decisionReason}>
        <label htmlFor="refund-decision-reason">{below ? t('admin:money.decisionReasonRequired') : t('admin:money.decisionReason')}</label>
        {below && check.fen !== null ? (
          <Typography.Paragraph type="warning" id="refund-decision-why" className={s.reasonWhy}>
            {t('admin:money.decisionReasonWhy', {
              diff: formatYuan(refund.requestedFen - check.fen),
              amount: formatYuan(refund.requestedFen),
              percent: perMilleText(refund.tierPerMille),
            })}
          </Typography.Paragraph>
        ) : null}
        <Input.TextArea
          id="refund-decision-reason"
          rows={2}
          maxLength={REASON_MAX}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          status={reasonInvalid ? 'error' : undefined}
          aria-required={below}
          aria-invalid={reasonInvalid}
          aria-describedby={[below ? 'refund-decision-why' : '', reasonInvalid ? 'refund-approve-error' : ''].filter(Boolean).join(' ') || undefined}
        />
      </div>
      <div className={s.result} aria-live="polite">
        <div>
          {t('admin:money.refundAmount')}{' '}
          <Typography.Text strong className={s.resultAmount}>
            {check.fen === null ? '—' : formatYuan(check.fen)}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary">
            {t('admin:money.tierComparison', { amount: formatYuan(refund.requestedFen), percent: perMilleText(refund.tierPerMille) })}
            {check.fen !== null && check.fen !== refund.requestedFen ? (
              <span className={s.money}> ({`${check.fen > refund.requestedFen ? '+' : ''}${formatYuan(check.fen - refund.requestedFen)}`})</span>
            ) : null}
          </Typography.Text>
        </div>
      </div>
      {error ? (
        <Typography.Text type="danger" id="refund-approve-error" role="alert">
          {t(APPROVE_ERROR_KEYS[error])}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

// a missing choice or reason shows after a try; "nothing would be refunded" shows at once
function approveError(check: ReturnType<typeof checkApproval>, shown: boolean) {
  return check.ok ? null : shown || check.error === 'nothingToRefund' ? check.error : null;
}

/** A rejection with its required reason (spec 5): refunds and invoices. The dialog refuses an empty reason. */
export function ReasonDialog({
  open,
  id,
  title,
  label,
  okText,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  id: string;
  title: string;
  label: string;
  okText: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const confirm = () => {
    const r = rejectionReason(reason);
    if (!r) return setReasonError(true);
    onSubmit(r);
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, loading: pending }}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => {
        setReason('');
        setReasonError(false);
      }}
    >
      <label htmlFor={`${id}-reason`}>{label}</label>
      <Input.TextArea
        id={`${id}-reason`}
        autoFocus
        rows={3}
        maxLength={REASON_MAX}
        showCount
        value={reason}
        status={reasonError ? 'error' : undefined}
        aria-invalid={reasonError}
        aria-required
        aria-describedby={reasonError ? `${id}-error` : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setReasonError(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            confirm();
          }
        }}
      />
      {reasonError ? (
        <Typography.Text type="danger" id={`${id}-error`} role="alert">
          {t('admin:money.reasonRequired')}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
