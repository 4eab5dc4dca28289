import { Button, Result } from 'antd';
import { useParams } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { laterItem } from '../menu';

/** A resource of a later issue, or an unknown admin path. */
export default function AdminPlaceholderPage() {
  const { t } = useTranslation();
  const item = laterItem(useParams()['*'] ?? '');
  const back = (
    <Link to="/admin">
      <Button type="primary">{t('admin:menu.dashboard')}</Button>
    </Link>
  );
  if (!item) return <Result status="404" title={t('errors:notFound.title')} subTitle={t('errors:notFound.body')} extra={back} />;
  return <Result status="info" title={t(item.labelKey)} subTitle={t('admin:placeholder.body')} extra={back} />;
}
