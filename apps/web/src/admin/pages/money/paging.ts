import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const SIZES = [10, 20, 50, 100];

/**
 * A status tab with its own pages, kept in the URL (?status=&page=&size=) so reload and back keep the
 * place; the first status is the default (and leaves the URL clean).
 */
export function useStatusPaging<S extends string>(statuses: readonly S[], defaultSize = 20) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status: S = (statuses as readonly string[]).includes(raw) ? (raw as S) : statuses[0]!;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const rawSize = Number(params.get('size'));
  const size = SIZES.includes(rawSize) ? rawSize : defaultSize;
  const keep = (s: S): Record<string, string> => (s === statuses[0] ? {} : { status: s });
  const setStatus = (s: S) => setParams(keep(s));
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: SIZES,
    showTotal: (n) => t('admin:table.total', { total: n }),
    onChange: (p, sz) => {
      const next = keep(status);
      if (p > 1) next.page = String(p);
      if (sz !== defaultSize) next.size = String(sz);
      setParams(next);
    },
    hideOnSinglePage: false,
  });
  return { status, setStatus, page0: page - 1, size, pagination };
}
