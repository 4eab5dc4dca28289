import { Button, Descriptions, Drawer, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { PURPOSE_MAX, PURPOSE_MIN } from '@rp/shared/rights';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@rp/shared';
import { useLang } from '../../../lib/use-lang';
import { errorMessage } from '../../../lib/api-client';
import { wholeCardMutation } from '../registration-api';
import { reviewFacts } from './facts';
import { reviewKeyAction } from './keys';
import { Attachment, ReviewPhoto } from './ReviewPhoto';
import s from './review.module.css';

interface Props {
  item: ReviewItem | null;
  index: number;
  total: number;
  /** the fail dialog is open over the drawer: its keys are its own */
  paused: boolean;
  busy: boolean;
  onMove: (step: 1 | -1) => void;
  onPass: () => void;
  onFail: () => void;
  onClose: () => void;
  afterClose: () => void;
}

/** Everything about one player with the large photo; P, F, J/K (arrows) work here too, Esc closes. */
export function ReviewDetail({ item, index, total, paused, busy, onMove, onPass, onFail, onClose, afterClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const open = !!item;

  useEffect(() => {
    if (!open || paused) return;
    const onKey = (e: KeyboardEvent) => {
      const action = reviewKeyAction(e);
      if (!action || action === 'open' || action === 'select') return;
      e.preventDefault();
      if (action === 'next') onMove(1);
      else if (action === 'prev') onMove(-1);
      else if (action === 'pass' && !busy) onPass();
      else if (action === 'fail' && !busy) onFail();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, paused, busy, onMove, onPass, onFail]);

  const f = item ? reviewFacts(item, t, lang) : null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(o) => !o && afterClose()}
      size="min(560px, 100vw)"
      title={item ? t('admin:review.detailTitle', { name: item.name }) : ''}
      extra={item ? <Typography.Text type="secondary">{t('admin:review.position', { index: index + 1, total })}</Typography.Text> : null}
      footer={
        item ? (
          <div className={s.drawerNav}>
            <Space wrap>
              <Button onClick={() => onMove(-1)} disabled={index <= 0}>
                {t('admin:review.prev')}
              </Button>
              <Button onClick={() => onMove(1)} disabled={index >= total - 1}>
                {t('admin:review.next')}
              </Button>
            </Space>
            <Space wrap>
              <Button danger onClick={onFail} disabled={busy}>
                {t('admin:review.failKey')}
              </Button>
              <Button type="primary" onClick={onPass} loading={busy}>
                {t('admin:review.passKey')}
              </Button>
            </Space>
          </div>
        ) : null
      }
    >
      {item && f && (
        <>
          <div className={s.photoBox}>
            <ReviewPhoto key={item.id} src={item.headImg} name={item.name} large />
          </div>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'name', label: t('admin:reg.name'), children: item.name },
              { key: 'gender', label: t('admin:review.gender'), children: f.gender },
              { key: 'birth', label: t('admin:review.birth'), children: f.birth },
              {
                key: 'age',
                label: t('admin:review.age'),
                children: (
                  <>
                    <span>{f.age}</span>
                    <span className={s.sub}>{f.ageHint}</span>
                  </>
                ),
              },
              { key: 'cardType', label: t('admin:review.cardType'), children: f.cardType },
              { key: 'card', label: t('admin:reg.card'), children: <CardNumber key={item.id} id={item.id} masked={item.card} /> },
              { key: 'activity', label: t('admin:reg.activity'), children: item.activity.name },
              { key: 'team', label: t('admin:reg.team'), children: f.team },
              { key: 'program', label: t('admin:reg.program'), children: f.program },
              { key: 'plan', label: t('admin:review.plan'), children: item.plan?.name ?? '—' },
              { key: 'clothes', label: t('admin:review.clothes'), children: item.clothes?.name ?? '—' },
              { key: 'school', label: t('admin:review.school'), children: item.school || '—' },
              {
                key: 'emergency',
                label: t('admin:review.emergency'),
                children: [item.emerName, item.emerPhone && `+${item.region} ${item.emerPhone}`].filter(Boolean).join(' · ') || '—',
              },
              { key: 'leader', label: t('admin:review.leader'), children: item.leader ? `${item.leader.name} · ${item.leader.phone}` : '—' },
              {
                key: 'attachment',
                label: t('admin:review.attachment'),
                children: <Attachment url={item.leader?.attachment} teacher={item.leader?.name ?? ''} />,
              },
              { key: 'submitted', label: t('admin:review.submittedAt'), children: f.submitted },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** The masked number, and on request the whole one (audited on the server) to compare with the photo of the ID. */
function CardNumber({ id, masked }: { id: number; masked: string }) {
  const { t } = useTranslation();
  const reveal = useMutation(wholeCardMutation);
  // the look says why (issue 37): the server logs who, whose, when and this purpose
  const [asking, setAsking] = useState(false);
  const [purpose, setPurpose] = useState(t('admin:review.purposeDefault'));
  if (reveal.data) return <span>{reveal.data}</span>;
  return (
    <Space wrap size={8}>
      <span>{masked}</span>
      <Button size="small" type="link" onClick={() => setAsking(true)}>
        {t('admin:review.showWhole')}
      </Button>
      <Modal
        open={asking}
        title={t('admin:review.purposeTitle')}
        okText={t('admin:review.showWhole')}
        okButtonProps={{ disabled: purpose.trim().length < PURPOSE_MIN }}
        onCancel={() => setAsking(false)}
        onOk={() => {
          setAsking(false);
          reveal.mutate({ memberId: id, purpose: purpose.trim() });
        }}
      >
        <Typography.Paragraph type="secondary">{t('admin:review.purposeWhy')}</Typography.Paragraph>
        <Input aria-label={t('admin:review.purposeTitle')} value={purpose} maxLength={PURPOSE_MAX} onChange={(e) => setPurpose(e.target.value)} />
      </Modal>
      {reveal.isError && <Typography.Text type="danger">{errorMessage(reveal.error, t('admin:resource.failed'))}</Typography.Text>}
    </Space>
  );
}
