import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFocusClearOf } from './focus-clear';

const rect = (top: number, height: number) =>
  ({ top, bottom: top + height, left: 0, right: 100, width: 100, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

describe('keepFocusClearOf (WCAG 2.4.11)', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  function setup(targetTop: number) {
    document.body.innerHTML = '<header><a href="/">Home</a></header><main><button>Go</button></main>';
    const header = document.querySelector('header')!;
    const button = document.querySelector('button')!;
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue(rect(0, 68));
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(rect(targetTop, 32));
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    stop = keepFocusClearOf(header);
    return { header, button, scrollBy };
  }

  it('scrolls what focus lands on out from under the sticky header', () => {
    const { button, scrollBy } = setup(40);
    button.focus();
    // 40 - 68 - 12: up by 40 px, so the button's top is 12 px below the header
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ top: -40 }));
  });

  it('leaves what is already clear of the header, and the header own links, where they are', () => {
    const { header, button, scrollBy } = setup(200);
    button.focus();
    header.querySelector('a')!.focus();
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
