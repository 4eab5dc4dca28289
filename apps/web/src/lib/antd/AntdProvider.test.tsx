import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { AntdProvider } from './AntdProvider';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** window.matchMedia whose reduced-motion answer the test can change, telling listeners as a browser does. */
function systemMotion(reduced: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return reduced;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', (q: string) => (q === query.media ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return (next: boolean) => {
    reduced = next;
    listeners.forEach((l) => l());
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'motion on' : 'motion off'}</output>;
}

describe('AntdProvider', () => {
  it("turns antd's animations off while the system asks for reduced motion, and back on when it stops", () => {
    const set = systemMotion(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('motion off');
    act(() => set(false));
    expect(screen.getByRole('status').textContent).toBe('motion on');
  });

  it('keeps the animations when reduced motion is not asked for', () => {
    systemMotion(false);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('motion on');
  });
});
