import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translate, type MessageKey } from '@rp/shared';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice-pdf';

const KEYS = ['title', 'invoiceNo', 'issuedAt', 'orderNo', 'buyer', 'seller', 'taxNo', 'address', 'bank', 'item', 'quantity', 'unitPrice', 'amount', 'total'];
const KEYS2 = ['contact', 'receivingAddress', 'typePersonal', 'typeCompany', 'kindOrdinary', 'kindSpecial', 'totalInWords', 'paidAt', 'footer'];

function input(lang: 'zh' | 'en', over: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  const labels = Object.fromEntries([...KEYS, ...KEYS2].map((k) => [k, translate(lang, `invoice.${k}` as MessageKey)]));
  return {
    invoiceNo: 'INV20261124000001',
    issuedAt: new Date('2026-11-24T02:00:00Z'),
    orderNo: 'RP20261124000001',
    paidAt: new Date('2026-11-23T12:30:00Z'),
    titleType: 'company',
    kind: 'special',
    companyName: '北京市海淀区实验小学',
    taxNo: '91110108MA01ABCD2X',
    registeredAddress: '北京市海淀区中关村大街 1 号',
    registeredPhone: '010-62345678',
    bank: '中国工商银行北京中关村支行',
    bankAccount: '0200 0000 0000 0000 001',
    contact: '王老师 13800138000',
    receivingAddress: '北京市海淀区中关村大街 1 号 教务处',
    seller: { name: translate(lang, 'invoice.sellerName'), taxNo: '91110000MA00ROBOT1', address: '', bank: '' },
    lines: [
      { name: '机器人创意赛 报名码', quantity: 3, unitFen: 98000, amountFen: 294000 },
      { name: '张小明 报名费', quantity: 1, unitFen: 50050, amountFen: 50050 },
    ],
    totalFen: 344050,
    labels,
    ...over,
  };
}

function pdftotext(bytes: Uint8Array): string | null {
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'inv-'));
    const file = path.join(dir, 'i.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch {
    return null; // poppler not installed: the structural checks below still run
  }
}

describe('invoice PDF', () => {
  it('is a real PDF with the Chinese text embedded (subset font), the lines and the capital total', async () => {
    const bytes = await renderInvoicePdf(input('zh'));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain('INV20261124000001');
    expect(bytes.length).toBeLessThan(200_000); // subset: not the 10 MB font
    const txt = pdftotext(bytes);
    if (txt !== null) {
      for (const s of [
        'INV20261124000001',
        '电子发票',
        '北京市海淀区实验小学',
        '91110108MA01ABCD2X',
        '机器人创意赛',
        '¥2,940.00',
        '¥3,440.50',
        '叁仟肆佰肆拾元伍角整',
        '增值税专用发票',
        '2026-11-24 10:00',
      ]) {
        expect(txt).toContain(s);
      }
    }
  });

  it('prints English labels and runs a long group order onto further pages', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => ({
      name: `Player ${i + 1} registration fee — a long name that wraps across the column`,
      quantity: 1,
      unitFen: 10000,
      amountFen: 10000,
    }));
    const bytes = await renderInvoicePdf(input('en', { lines, totalFen: 800000, titleType: 'personal', kind: 'ordinary', taxNo: null }));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(2);
    const txt = pdftotext(bytes);
    if (txt !== null) {
      expect(txt).toContain('Electronic invoice');
      expect(txt).toContain('Player 80');
      expect(txt).toContain('¥8,000.00');
      expect(txt).toContain('捌仟元整');
      expect(txt).toMatch(/\d\s*\/\s*\d/);
    }
  });

  it('survives control characters and glyphs the font lacks', async () => {
    const bytes = await renderInvoicePdf(
      input('zh', { companyName: 'A\u0000B\u0007 😀 公司', lines: [{ name: '\u001b[31m', quantity: 1, unitFen: 1, amountFen: 1 }], totalFen: 1 }),
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
