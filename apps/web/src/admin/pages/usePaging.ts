import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Page } from '../../lib/contract';

/** Page and size kept in the URL (?page=1-based&size=) so reload and back keep the place. */
export function usePaging(defaultSize = 20) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || defaultSize));
  const setPaging = (nextPage: number, nextSize: number) => setParams({ page: String(nextPage), size: String(nextSize) });
  return { page, size, setPaging };
}

/** A paged admin list: the query of the URL's page (0-based on the wire) and the antd Table props that show it. */
export function usePagedTable<T, K extends QueryKey>(query: (page0: number, size: number) => UseQueryOptions<Page<T>, Error, Page<T>, K>) {
  const { t } = useTranslation();
  const { page, size, setPaging } = usePaging();
  const result = useQuery(query(page - 1, size));
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: result.data?.totalElements ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => t('admin:table.total', { total }),
    onChange: setPaging,
  };
  return { rowKey: 'id' as const, dataSource: result.data?.content ?? [], loading: result.isFetching, pagination };
}
