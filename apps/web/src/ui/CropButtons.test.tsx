import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import en from '../locales/en/common.json';
import zh from '../locales/zh/common.json';
import enUser from '../locales/en/user.json';
import enReg from '../locales/en/registration.json';
import { stubAntdDom } from '../test/antd-dom';
import { AntdStylesApart } from '../test/antd-styles';
import { SquareCrop } from '../features/user-center/SquareCrop';
import { AvatarCrop } from '../features/registration/AvatarCrop';
import { CropButtons, type CropPosition } from './CropButtons';

afterEach(cleanup);
beforeAll(() => {
  stubAntdDom();
  i18n.addResourceBundle('en', 'common', en, true, true);
  i18n.addResourceBundle('zh', 'common', zh, true, true);
  i18n.addResourceBundle('en', 'user', enUser, true, true);
  i18n.addResourceBundle('en', 'registration', enReg, true, true);
});

// the dialogs' sliders, in order: zoom, left–right, up–down
const SLIDER = { zoom: 0, moveX: 1, moveY: 2 } as const;
const valueOf = (which: keyof typeof SLIDER) => Number(screen.getAllByRole('slider')[SLIDER[which]]!.getAttribute('aria-valuenow'));

const renderSquareCrop = () =>
  render(
    <AntdStylesApart>
      <SquareCrop image={document.createElement('img')} onDone={() => {}} onCancel={() => {}} />
    </AntdStylesApart>,
  );

// WCAG 2.5.7: what dragging the picture or a slider's handle does, one press of a button does too.
describe('crop dialogs without dragging', () => {
  it('each button moves or zooms one step, within the bounds', async () => {
    await act(() => i18n.changeLanguage('en'));
    const crop = en.crop;
    let value: CropPosition = { zoom: 1, dx: 0, dy: 0 };
    const buttons = () => (
      <AntdStylesApart>
        <CropButtons value={value} onChange={(next) => (value = next)} />
      </AntdStylesApart>
    );
    const { rerender } = render(buttons());
    // each press, then the value it changed (zoom never below 1)
    const presses: Array<[string, keyof CropPosition, number]> = [
      [crop.zoomIn, 'zoom', 1.1],
      [crop.right, 'dx', 10],
      [crop.left, 'dx', 0],
      [crop.left, 'dx', -10],
      [crop.down, 'dy', 10],
      [crop.up, 'dy', 0],
      [crop.zoomOut, 'zoom', 1],
      [crop.zoomOut, 'zoom', 1],
    ];
    for (const [button, key, expected] of presses) {
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(value[key]).toBeCloseTo(expected);
      rerender(buttons());
    }
  });

  it('the avatar crop dialog has them: a press moves the picture', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderSquareCrop();
    fireEvent.click(screen.getByRole('button', { name: en.crop.right }));
    expect(valueOf('moveX')).toBe(10);
  });

  it('names the buttons in Chinese, as written (no space antd puts between two characters)', async () => {
    await act(() => i18n.changeLanguage('zh'));
    renderSquareCrop();
    const group = screen.getByRole('group', { name: zh.crop.controls });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([zh.crop.zoomOut, zh.crop.zoomIn, zh.crop.left, zh.crop.right, zh.crop.up, zh.crop.down]);
  });

  it('the player photo crop moves and zooms by buttons', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(
      <AntdStylesApart>
        <AvatarCrop file={new File(['x'], 'a.png', { type: 'image/png' })} onDone={() => {}} onCancel={() => {}} />
      </AntdStylesApart>,
    );
    fireEvent.click(screen.getByRole('button', { name: en.crop.zoomIn }));
    expect(valueOf('zoom')).toBeCloseTo(1.1);
    fireEvent.click(screen.getByRole('button', { name: en.crop.up }));
    expect(valueOf('moveY')).toBe(-10);
  });
});
