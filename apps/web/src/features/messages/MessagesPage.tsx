import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList';
import s from './messages.module.css';

/** /msg: the system messages on their own page. */
export default function MessagesPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="msg-title">
      <h1 id="msg-title" className={s.pageTitle}>
        {t('routes:msg')}
      </h1>
      <Card>
        <MessageList />
      </Card>
    </section>
  );
}
