import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A secret (a webhook's signing secret, an API token) shown once: its value with a copy button and the
 * warning that it will not be shown again. Closing it is the only way on.
 */
export function ShownOnceDialog({ title, intro, value, onClose }: { title: string; intro: string; value: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      setCopied(true);
    } catch {
      // no clipboard (an old browser, a page without permission): the text stays selectable in the box
      setCopied(false);
    }
  };
  return (
    <Modal
      open={value !== null}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('admin:integrations.shownOnce.done')}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>{intro}</Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={value ?? ''}
            aria-label={t('admin:integrations.shownOnce.value')}
            data-testid="shown-once-value"
            // the value gives way, the copy button keeps its icon and word whole (issue 34)
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', flex: 1, minWidth: 0 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            style={{ flex: 'none' }}
            onClick={() => void copy()}
            aria-label={copied ? t('admin:integrations.shownOnce.copied') : t('admin:integrations.shownOnce.copy')}
          >
            {copied ? t('admin:integrations.shownOnce.copied') : t('admin:integrations.shownOnce.copy')}
          </Button>
        </Space.Compact>
        <Alert type="warning" showIcon title={t('admin:integrations.shownOnce.warning')} />
      </Space>
    </Modal>
  );
}
