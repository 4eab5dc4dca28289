import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { notify } from '../../lib/notify';
import { refundPreview, requestRefund, type OrderView } from './api';
import { percent, refundableItems } from './model';
import s from './orders.module.css';

const REASON_MAX = 200;

/** Ask for a refund of a paid order or of some of its players: the tier amount is shown before sending (spec 9). */
export function RefundDialog({ order: o, onClose, onDone }: { order: OrderView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const items = refundableItems(o);
  const [ids, setIds] = useState<number[]>(items.map((i) => i.id));
  const [reason, setReason] = useState('');
  const preview = useQuery({
    queryKey: ['refund-preview', o.orderNo, ids],
    queryFn: () => refundPreview(o.orderNo, ids),
    enabled: ids.length > 0,
  });
  const send = useMutation({
    mutationFn: () => requestRefund({ orderNo: o.orderNo, itemIds: ids, reason: reason.trim() }),
    onSuccess: () => {
      notify.success(t('orders:refund.sent'));
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('orders:refund.title')}
      okText={t('orders:refund.submit')}
      cancelText={t('orders:close')}
      onCancel={onClose}
      onOk={() => send.mutate()}
      okButtonProps={{ disabled: ids.length === 0 || !preview.data, loading: send.isPending }}
      destroyOnHidden
    >
      <div className={s.panel}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={s.muted}>{t('orders:refund.which')}</legend>
          <Checkbox.Group value={ids} onChange={(v) => setIds(v as number[])} style={{ display: 'grid', gap: 6 }}>
            {items.map((i) => (
              <Checkbox key={i.id} value={i.id}>
                {i.label} · {formatPrice(i.priceFen - i.refundedFen)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </fieldset>
        {ids.length === 0 ? <Alert type="warning" showIcon title={t('orders:refund.pickOne')} /> : null}
        {preview.isFetching && !preview.data ? <Spin /> : null}
        {preview.isError ? <Alert type="error" showIcon title={errorMessage(preview.error, t('orders:loadFailed'))} /> : null}
        {preview.data && ids.length > 0 ? (
          <Alert
            type={preview.data.fen > 0 ? 'info' : 'warning'}
            showIcon
            data-testid="refund-preview"
            title={t('orders:refund.preview', {
              amount: formatPrice(preview.data.fen),
              base: formatPrice(preview.data.baseFen),
              percent: percent(preview.data.perMille),
              days: Math.max(0, preview.data.daysBefore),
            })}
            description={t('orders:refund.previewNote')}
          />
        ) : null}
        <label htmlFor="refund-reason">{t('orders:refund.reason')}</label>
        {/* the count sits under the box (antd places it 22 px below): room for it above the buttons (issue 34) */}
        <Input.TextArea
          id="refund-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={REASON_MAX}
          showCount
          rows={3}
          style={{ marginBottom: 22 }}
        />
        {send.isError ? <Alert type="error" showIcon title={errorMessage(send.error, t('orders:refund.failed'))} /> : null}
      </div>
    </Modal>
  );
}
