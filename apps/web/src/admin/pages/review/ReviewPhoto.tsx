import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { privateFileUrl } from './keys';
import s from './review.module.css';

/**
 * A player's photo from the private upload route. The browser sends the session cookie with the
 * <img> request (the server accepts it for private files), so staff see it without a bearer header.
 */
export function ReviewPhoto({ src, name, large = false }: { src: string | null; name: string; large?: boolean }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const url = privateFileUrl(src);
  if (!url || failed === url)
    return (
      <span className={`${s.noPhoto} ${large ? s.largeMissing : ''}`} role="img" aria-label={t(url ? 'admin:review.photoFailed' : 'admin:review.noPhoto')}>
        {t(url ? 'admin:review.photoFailed' : 'admin:review.noPhoto')}
      </span>
    );
  const img = (
    <img
      src={url}
      alt={t('admin:review.photoOf', { name })}
      className={large ? s.large : s.thumb}
      loading={large ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(url)}
    />
  );
  return large ? (
    <a href={url} target="_blank" rel="noopener noreferrer" title={t('admin:review.openPhoto')}>
      {img}
    </a>
  ) : (
    img
  );
}

/** The leading teacher's attachment: a small picture or a link to download the document. */
export function Attachment({ url, teacher }: { url: string | null | undefined; teacher: string }) {
  const { t } = useTranslation();
  const safe = privateFileUrl(url);
  if (!safe) return <>{t('admin:review.none')}</>;
  const label = t('admin:review.attachmentOf', { name: teacher });
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
      {safe.endsWith('.jpg') ? <img src={safe} alt="" className={s.attachThumb} loading="lazy" /> : t('admin:review.openAttachment')}
    </a>
  );
}
