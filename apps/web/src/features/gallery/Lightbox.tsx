import { useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PictureItem } from '../../lib/contract';
import { pictureAlt } from './feed';
import s from './gallery.module.css';

export interface LightboxProps {
  items: readonly PictureItem[];
  index: number;
  /** total pictures of the album (with the current filter) */
  total: number;
  /** more pictures exist beyond the loaded ones */
  hasMore: boolean;
  loadingMore: boolean;
  onPrev: () => void;
  onNext: () => void;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The picture viewer: a modal <dialog> (the page behind is inert), previous/next with buttons and the
 * arrow keys, Esc and the close button close it, Tab stays inside, and the original can be downloaded.
 * The display copy (picUrl) is shown in a box of the picture's own proportions, reserved before it loads.
 */
export function Lightbox({ items, index, total, hasMore, loadingMore, onPrev, onNext, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const picture = items[index];
  const canPrev = index > 0;
  const canNext = index < items.length - 1 || hasMore;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    (nextRef.current && !nextRef.current.disabled ? nextRef.current : closeRef.current)?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  // Show the neighbours at once when stepping: fetch them ahead.
  useEffect(() => {
    for (const p of [items[index + 1], items[index - 1]]) {
      if (p) new Image().src = p.picUrl;
    }
  }, [items, index]);

  if (!picture) return null;
  const alt = pictureAlt(picture);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      if (canNext) onNext();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      if (canPrev) onPrev();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Tab') {
      // Keep focus inside (the native modal already makes the page inert; this also skips the browser UI).
      const list = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      if (list.length === 0) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === ref.current) onClose();
  };

  const caption = [picture.teamName, picture.memberName, picture.programName].filter(Boolean).join(' · ');
  const ratio = { '--r': `${Math.max(1, picture.width)} / ${Math.max(1, picture.height)}` } as CSSProperties;

  return (
    <dialog
      ref={ref}
      className={s.lightbox}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={s.lbBar}>
        <p id={titleId} className={s.lbTitle}>
          <span className={s.lbPos}>{t('content:gallery.lightbox.position', { index: index + 1, total: Math.max(total, items.length) })}</span>
          <span className={s.lbName}>{picture.name}</span>
        </p>
        {/* the original by its unguessable link (/api/pictures/original/<token>, location stripped); not for crawlers */}
        <a className={s.lbDownload} href={picture.originalUrl} download={picture.name || true} rel="nofollow">
          <DownloadIcon />
          {t('content:gallery.lightbox.download')}
        </a>
        <button ref={closeRef} type="button" className={s.lbClose} onClick={onClose} aria-label={t('content:gallery.lightbox.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={s.lbStage}>
        <button type="button" className={`${s.lbNav} ${s.lbPrev}`} onClick={onPrev} disabled={!canPrev} aria-label={t('content:gallery.lightbox.prev')}>
          <span aria-hidden="true">‹</span>
        </button>
        <figure className={s.lbFigure}>
          <img key={picture.id} className={s.lbImg} style={ratio} src={picture.picUrl} alt={alt} width={picture.width} height={picture.height} />
          {caption ? <figcaption className={s.lbCaption}>{caption}</figcaption> : null}
        </figure>
        <button
          ref={nextRef}
          type="button"
          className={`${s.lbNav} ${s.lbNext}`}
          onClick={onNext}
          disabled={!canNext}
          aria-busy={loadingMore || undefined}
          aria-label={t('content:gallery.lightbox.next')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </dialog>
  );
}

function DownloadIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M12 4v11m0 0 4.5-4.5M12 15l-4.5-4.5M5 19h14" />
    </svg>
  );
}
