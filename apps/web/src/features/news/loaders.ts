import type { LoaderFunctionArgs } from 'react-router';
import { contentApi, notFound, orNotFound } from '../../lib/content-api';
import type { NewsDetail, NewsItem, Page } from '../../lib/contract';
import { htmlToText, parseId, parsePage } from '../../lib/format';
import type { RouteMeta } from '../../lib/page-meta';
import { newsArticle } from '../../lib/structured-data';

export const NEWS_PAGE_SIZE = 10;

export interface NewsListData {
  page: number;
  list: Page<NewsItem>;
}

/** /news?page=n (1-based in the URL, 0-based on the wire), newest first (the server's order). */
export async function newsListLoader({ request }: LoaderFunctionArgs): Promise<NewsListData> {
  const page = parsePage(new URL(request.url).searchParams.get('page'));
  const list = await contentApi.newsList(page - 1, NEWS_PAGE_SIZE, { signal: request.signal });
  // a page past the end is no page (search engines hear 404, not an empty list at its own address)
  if (page > 1 && page > list.totalPages) notFound();
  return { page, list };
}

export interface NewsDetailData {
  news: NewsDetail;
}

/** /newsDetail?id=: a missing, malformed or unknown id is the 404 page inside the layout. */
export async function newsDetailLoader({ request }: LoaderFunctionArgs): Promise<NewsDetailData> {
  const id = parseId(new URL(request.url).searchParams.get('id'));
  if (id === null) notFound();
  const res = await orNotFound(contentApi.newsDetail(id, { signal: request.signal }));
  return { news: res.data };
}

export function newsDetailMeta(data: unknown): RouteMeta | undefined {
  const d = data as NewsDetailData;
  const description = d.news.summary || htmlToText(d.news.content);
  return {
    title: d.news.title,
    description,
    image: d.news.coverUrl ?? undefined,
    ogType: 'article',
    jsonLd: (site) => [newsArticle(d.news, site, description)],
  };
}
