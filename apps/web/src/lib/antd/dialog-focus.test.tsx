import { act, cleanup, render, screen } from '@testing-library/react';
import { Modal, Radio } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdProvider } from './AntdProvider';

/**
 * WCAG 2.4.3: antd's modal traps the focus by pulling it back when it lands outside, but a dialog is the
 * last thing in the document: Tab on its last control leaves the page (the browser's address bar; the
 * journey saw <body>) and comes back only on the next press. AntdProvider wraps it to the first control
 * instead (Shift+Tab on the first: to the last). jsdom has no Tab order: this checks the wrap itself,
 * the journey (a11y.spec.ts dialogByKeyboard) that a real browser keeps the focus in.
 */
function tab(shift = false) {
  const e = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift, bubbles: true, cancelable: true });
  act(() => {
    document.activeElement!.dispatchEvent(e);
  });
  return e;
}

function open() {
  render(
    <AntdProvider>
      <button type="button">behind</button>
      <Modal open title="Dialog" okText="Add" cancelText="Cancel">
        <input aria-label="phone" />
        <input type="hidden" name="ignored" />
        <button type="button" disabled>
          off
        </button>
      </Modal>
    </AntdProvider>,
  );
  return screen.getByRole('dialog');
}

afterEach(cleanup);

describe('Tab in a modal dialog', () => {
  it('on the last control goes to the first, not out of the page', () => {
    const dialog = open();
    screen.getByRole('button', { name: 'Add' }).focus();
    const e = tab();
    expect(e.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(dialog.querySelector('.ant-modal-close'));
  });

  it('Shift+Tab on the first control goes to the last', () => {
    const dialog = open();
    (dialog.querySelector('.ant-modal-close') as HTMLElement).focus();
    const e = tab(true);
    expect(e.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));
  });

  it('leaves other presses to the browser', () => {
    open();
    const phone = screen.getByRole('textbox', { name: 'phone' });
    phone.focus();
    expect(tab().defaultPrevented).toBe(false);
    expect(tab(true).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(phone);
  });

  it('counts a radio group by its checked radio', () => {
    render(
      <AntdProvider>
        <Modal open title="Dialog" footer={null} closable={false}>
          <input aria-label="phone" />
          <Radio.Group name="kind" defaultValue="a" options={['a', 'b'].map((v) => ({ value: v, label: v }))} />
        </Modal>
      </AntdProvider>,
    );
    screen.getByRole('radio', { name: 'a' }).focus();
    expect(tab().defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'phone' }));
  });

  it('leaves the page alone when no dialog has the focus', () => {
    open();
    const behind = screen.getByRole('button', { name: 'behind', hidden: true });
    behind.focus();
    expect(tab().defaultPrevented).toBe(false);
  });
});
