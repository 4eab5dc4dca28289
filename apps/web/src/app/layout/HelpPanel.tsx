import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FAQ_PAGE_SIZE, faqQuery } from '../../features/help/api';
import { Conversation, ConversationPoll } from '../../features/help/Conversation';
import { currentLang } from '../../lib/i18n';
import { QueryProvider } from '../../lib/QueryProvider';
import { useTabs, type TabItem } from '../../ui/Tabs';
import s from './HelpWidget.module.css';

type HelpTab = 'faq' | 'consult' | 'qr';

/**
 * The help panel: a non-modal dialog. Focus moves to its heading on open and back to the button on
 * close (Esc or the close button). While it is open (any tab), it asks every HELP_POLL_MS
 * (features/help/api.ts) whether an answer has come (a body-less 304 when not).
 */
export default function HelpPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [tab, setTab] = useState<HelpTab>('faq');

  useEffect(() => {
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const items: TabItem<HelpTab>[] = [
    { key: 'faq', label: t('help:tabs.faq') },
    { key: 'consult', label: t('help:tabs.consult') },
    { key: 'qr', label: t('help:tabs.qr') },
  ];
  const { tabList, panelProps } = useTabs(items, tab, setTab, t('help:tabsLabel'));

  return (
    <section id={id} role="dialog" aria-modal="false" aria-labelledby={titleId} className={s.panel}>
      <div className={s.panelHeader}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={s.title}>
          {t('help:title')}
        </h2>
        <button type="button" className={s.close} onClick={onClose} aria-label={t('help:close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={s.body}>
        {/* spec 2.3: while the panel is open, messages refresh every 10 s, whatever tab is shown */}
        <QueryProvider>
          <ConversationPoll />
        </QueryProvider>
        {tabList}
        <div {...panelProps('faq')} className={s.tabPanel}>
          {tab === 'faq' ? (
            <QueryProvider>
              <FaqList />
            </QueryProvider>
          ) : null}
        </div>
        <div {...panelProps('consult')} className={s.tabPanel}>
          <h3 className={s.subTitle}>{t('help:consult.title')}</h3>
          {tab === 'consult' ? (
            <QueryProvider>
              <Conversation compact poll={false} />
            </QueryProvider>
          ) : null}
        </div>
        <div {...panelProps('qr')} className={s.tabPanel}>
          <figure className={s.qr}>
            <img src="/qr-official-account.svg" width={200} height={200} alt={t('help:qr.alt')} />
            <figcaption>{t('help:qr.caption')}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}

function FaqList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useQuery(faqQuery(currentLang(), page));
  if (query.isPending) return <p className={s.muted}>{t('help:faq.loading')}</p>;
  if (query.isError)
    return (
      <div className={s.muted}>
        <p>{t('help:faq.error')}</p>
        <button type="button" className={s.linkButton} onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </button>
      </div>
    );
  if (query.data.content.length === 0) return <p className={s.muted}>{t('help:faq.empty')}</p>;
  const pages = Math.ceil(query.data.totalElements / FAQ_PAGE_SIZE);
  return (
    <>
      <ul className={s.faq}>
        {query.data.content.map((item) => (
          <li key={item.id}>
            <details>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={s.faqPager} aria-label={t('help:faq.pages')}>
          <button type="button" className={s.linkButton} disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('help:faq.prev')}
          </button>
          <span>{t('help:faq.page', { page: page + 1, pages })}</span>
          <button type="button" className={s.linkButton} disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('help:faq.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
