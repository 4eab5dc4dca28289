import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasCjk, langPart, langPartIn, NAME_SLOT } from './lang-parts';

describe('langPart (WCAG 3.1.2)', () => {
  it('finds CJK text, not Latin', () => {
    expect(hasCjk('张小明')).toBe(true);
    expect(hasCjk('Team 机器人 3')).toBe(true);
    expect(hasCjk('Zhang Xiaoming')).toBe(false);
    expect(hasCjk('')).toBe(false);
    expect(hasCjk(null)).toBe(false);
  });

  it('marks a Chinese name on an English page as lang="zh"', () => {
    const { container } = render(<p>Player: {langPart('张小明', 'en')}</p>);
    const span = container.querySelector('span[lang="zh"]');
    expect(span?.textContent).toBe('张小明');
  });

  it('leaves Chinese pages and Latin names alone', () => {
    expect(langPart('张小明', 'zh')).toBe('张小明');
    expect(langPart('Zhang Xiaoming', 'en')).toBe('Zhang Xiaoming');
    const { container } = render(<p>{langPart('Zhang', 'en')}</p>);
    expect(container.querySelector('[lang]')).toBeNull();
  });

  it('marks only the name inside a translated sentence', () => {
    const { container } = render(<button>{langPartIn(`${NAME_SLOT} (2/3)`, '雄鹰队', 'en')}</button>);
    expect(container.textContent).toBe('雄鹰队 (2/3)');
    expect(container.querySelector('span[lang="zh"]')?.textContent).toBe('雄鹰队');
    const zh = render(<button>{langPartIn(`${NAME_SLOT}（2/3）`, '雄鹰队', 'zh')}</button>);
    expect(zh.container.textContent).toBe('雄鹰队（2/3）');
    expect(zh.container.querySelector('[lang]')).toBeNull();
  });
});
