import { useSearchParams } from 'react-router';

/** Page and size kept in the URL (?page=1-based&size=) so reload and back keep the place. */
export function usePaging(defaultSize = 20) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || defaultSize));
  const setPaging = (nextPage: number, nextSize: number) => setParams({ page: String(nextPage), size: String(nextSize) });
  return { page, size, setPaging };
}
