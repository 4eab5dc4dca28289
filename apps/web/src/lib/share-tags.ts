import { langOfPath, mainAddress } from './lang-path';
import { shareInWechat } from './wechat-share';

/**
 * The share tags of the page shown (issue 23), loaded after a navigation in the browser (the server wrote
 * them for the first page): Open Graph and canonical follow the page, and inside WeChat its share cards.
 */
export function updateShareTags({
  title,
  description,
  image,
  path,
  wechat,
}: {
  title: string;
  description: string;
  image: string | undefined;
  path: string;
  wechat: boolean;
}): void {
  const head = document.head;
  const canonical = head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  // the site's own address comes from the server's tags (PUBLIC_BASE_URL), never guessed from a header
  const base = canonical ? new URL(canonical.href).origin : window.location.origin;
  // an alias (/pictures, /file) names its page's main address (issue 34)
  const url = base + mainAddress(path);
  const set = (property: string, content: string) => {
    let tag = head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
    if (!tag) {
      tag = document.createElement('meta');
      tag.setAttribute('property', property);
      head.appendChild(tag);
    }
    tag.content = content;
  };
  const picture = image ? (/^https?:\/\//i.test(image) ? image : base + image) : `${base}/share-card.png`;
  set('og:title', title);
  set('og:description', description);
  set('og:image', picture);
  set('og:url', url);
  // only information pages have a canonical address and alternates; other pages drop the stale ones
  if (!langOfPath(path.split('?')[0]!)) {
    for (const el of head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')) el.remove();
  } else if (canonical) canonical.href = url;
  if (wechat) void shareInWechat({ title, desc: description, link: url, imgUrl: picture });
}
