import { Button, Input, Modal, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import s from './review.module.css';

/** Quick reasons, in the order of their number keys. */
const QUICK_REASONS = [
  'admin:review.reasons.photoUnclear',
  'admin:review.reasons.photoNotPlayer',
  'admin:review.reasons.birthMismatch',
  'admin:review.reasons.idIncomplete',
  'admin:review.reasons.attachmentMissing',
] as const;

interface Props {
  open: boolean;
  title: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** the dialog has gone (its closing motion ended and its content is about to be removed) */
  afterClose?: () => void;
}

/**
 * The reason a player fails (required, spec 5). Focus starts in the reason box; with the box empty a
 * number key picks a quick reason; Enter confirms, Shift+Enter adds a line, Esc cancels.
 */
export function FailDialog({ open, title, busy, onConfirm, onCancel, afterClose }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const box = useRef<TextAreaRef>(null);

  useEffect(() => {
    if (open) {
      setReason('');
      setError(false);
    }
  }, [open]);

  const confirm = () => {
    if (!reason.trim()) return setError(true);
    onConfirm(reason.trim());
  };
  const pick = (text: string) => {
    setReason(text);
    setError(false);
    box.current?.focus();
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      afterOpenChange={(o) => o && box.current?.focus()}
      afterClose={afterClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('admin:review.cancel')}
        </Button>,
        <Button key="ok" danger type="primary" loading={busy} onClick={confirm}>
          {t('admin:review.confirmFail')}
        </Button>,
      ]}
    >
      <Typography.Text strong id="review-quick-reasons">
        {t('admin:review.quickReasons')}
      </Typography.Text>
      <ul className={s.reasons} aria-labelledby="review-quick-reasons">
        {QUICK_REASONS.map((key, i) => (
          <li key={key}>
            <Button size="small" onClick={() => pick(t(key))}>
              <kbd>{i + 1}</kbd> {t(key)}
            </Button>
          </li>
        ))}
      </ul>
      <label htmlFor="review-fail-reason">{t('admin:review.reasonLabel')}</label>
      <Input.TextArea
        id="review-fail-reason"
        ref={box}
        autoFocus
        rows={3}
        maxLength={500}
        value={reason}
        status={error ? 'error' : undefined}
        aria-invalid={error}
        aria-describedby={`review-fail-hint${error ? ' review-fail-error' : ''}`}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setError(false);
        }}
        onKeyDown={(e) => {
          if (e.nativeEvent.isComposing) return;
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            confirm();
          } else if (!reason && /^[1-9]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
            const key = QUICK_REASONS[Number(e.key) - 1];
            if (key) {
              e.preventDefault();
              pick(t(key));
            }
          }
        }}
      />
      {error && (
        <Typography.Text type="danger" id="review-fail-error" role="alert">
          {t('admin:reg.reasonRequired')}
        </Typography.Text>
      )}
      <span className={s.hint} id="review-fail-hint">
        {t('admin:review.reasonHint')}
      </span>
    </Modal>
  );
}
