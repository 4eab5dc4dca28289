import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context';
import { watchLocalUploads } from './local-uploads-check';

/**
 * Issue 33, item 7: several instances with STORAGE=local on one database. Instances are the watchers of
 * this file's database, each with its own uploads folder or sharing one.
 */
const t = useTestApp();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-uploads-check-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function instance(uploads: string) {
  const warnings: { fields: object; msg: string }[] = [];
  const watch = watchLocalUploads(t().database.db, path.join(tmp, uploads), (fields, msg) => warnings.push({ fields, msg }));
  return { ...watch, warnings };
}

describe('STORAGE=local with several instances on one database', () => {
  it('one warning per other instance that keeps its uploads elsewhere; none when they share the folder, nor alone', async () => {
    const first = instance('a');
    await first.checked;
    expect(first.warnings).toEqual([]);
    // a second process on the same disk (or a shared one): nothing to say
    const sharing = instance('a');
    await sharing.checked;
    expect(sharing.warnings).toEqual([]);
    // an instance on another machine with its own disk
    const apart = instance('b');
    await apart.checked;
    expect(apart.warnings).toHaveLength(2);
    expect(apart.warnings[0]!.msg).toMatch(/^STORAGE=local: another instance uses this database but not this DATA_DIR\/uploads: .*STORAGE=s3/);
    expect(apart.warnings[0]!.fields).toMatchObject({ setting: 'STORAGE' });
    for (const w of [first, sharing, apart]) w.stop();
    // a stopped instance leaves no marker behind
    expect(fs.readdirSync(path.join(tmp, 'a', '.instances'))).toEqual([]);
  });
});
