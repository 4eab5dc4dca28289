/** A region (ISO 3166 alpha-2) named in the reader's language by Intl, no tables to ship: HK → 中国香港特别行政区 / Hong Kong SAR China. */
export function regionName(region: string, lang: 'zh' | 'en'): string {
  try {
    return new Intl.DisplayNames([lang === 'en' ? 'en' : 'zh-CN'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
