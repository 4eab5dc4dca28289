import { useTranslation } from 'react-i18next';
import type { OfficialFileItem } from '../lib/contract';
import { formatFileSize } from '../lib/format';
import s from './files.module.css';

function extension(name: string | null): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(name ?? '');
  return m ? m[1]!.toUpperCase() : 'FILE';
}

/** Downloadable files (rules, materials): title, type, size and a download link to item.url. */
export function FileList({ files, emptyText, showActivity }: { files: readonly OfficialFileItem[]; emptyText: string; showActivity?: boolean }) {
  const { t } = useTranslation();
  if (files.length === 0) return <p className={s.none}>{emptyText}</p>;
  return (
    <ul className={s.files}>
      {files.map((f) => (
        <li key={f.id} className={s.file}>
          <span className={s.ext} aria-hidden="true">
            {extension(f.fileName)}
          </span>
          <span className={s.info}>
            <span className={s.title}>{f.title}</span>
            <span className={s.meta}>
              {/* the file name is the title again (in the page's language), so the type badge and size suffice */}
              {[showActivity ? f.activityName : null, formatFileSize(f.fileSize)].filter(Boolean).join(' · ')}
            </span>
          </span>
          <a className={s.download} href={f.url} download={f.fileName ?? true}>
            {t('common:actions.download')}
            <span className="visually-hidden">: {f.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
