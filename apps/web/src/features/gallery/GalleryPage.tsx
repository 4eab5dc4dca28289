import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import { btn } from '../../ui/buttons';
import { AlbumBrowser } from './AlbumBrowser';
import type { GalleryData } from './loaders';
import s from './gallery.module.css';

export { galleryLoader as loader, galleryMeta as meta } from './loaders';

/** /picturesDetail?consoleId=: the photo gallery of spec 2.8. */
export default function GalleryPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as GalleryData;
  const listTitle = t('content:gallery.title');
  const crumbs = [
    { label: t('nav:home'), to: '/home' },
    { label: listTitle, to: '/pasted' },
  ];

  if (data.kind !== 'ok') {
    const message = data.kind === 'missing' ? t('content:gallery.missingParam') : t('content:gallery.albumNotFound');
    return (
      <>
        <PageHead title={listTitle} crumbs={crumbs} />
        <PageBody>
          <EmptyState
            role="alert"
            title={message}
            body={t('content:gallery.backHint')}
            action={
              <Link to="/pasted" className={btn.primary}>
                {t('content:gallery.backToList')}
              </Link>
            }
          />
        </PageBody>
      </>
    );
  }

  const { photo } = data.album;
  return (
    <>
      <PageHead
        title={photo.name}
        lead={photo.description || undefined}
        crumbs={[...crumbs, { label: photo.name }]}
        media={
          photo.logoUrl ? <img className={s.logo} src={photo.logoUrl} alt={t('content:gallery.logoAlt', { name: photo.name })} width={96} height={96} /> : null
        }
      >
        <p className={s.headMeta}>{t('content:gallery.photoCount', { count: photo.pictureCount })}</p>
      </PageHead>
      <PageBody>
        <AlbumBrowser key={photo.id} album={data.album} first={data.first} />
      </PageBody>
    </>
  );
}
