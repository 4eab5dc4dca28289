import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layering (issue 25, docs/ARCHITECTURE.md "Layering"): the house/boundaries rule of
 * eslint.config.js run through ESLint's own API on fixture sources placed (by name only) inside the tree.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo, overrideConfigFile: path.join(repo, 'eslint.config.js') });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, 'apps/server/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'house/boundaries').map((m) => m.message);
}

describe('server module layering (house/boundaries)', () => {
  it('refuses an upward import: registration may not import payments, even through its index', async () => {
    const errors = await boundaryErrors('modules/registration/fixture.ts', "import { createOrder } from '../payments/index';\nexport const f = createOrder;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'registration' (layer 5) may import only modules below it; 'payments' is layer 8");
  });

  it('refuses a type-only upward import and an import of a module of the same layer', async () => {
    expect(
      await boundaryErrors('modules/registration/fixture.ts', "import type { OrderRow } from '../payments/index';\nexport type R = OrderRow;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('modules/awards/fixture.ts', "import { ticketsModule } from '../tickets/index';\nexport const t = ticketsModule;\n"),
    ).toHaveLength(1);
    // a type written as an import expression is an import too
    expect(await boundaryErrors('modules/registration/fixture.ts', "export type R = import('../payments/index').OrderRow;\n")).toHaveLength(1);
    expect(await boundaryErrors('modules/registration/fixture.ts', "export type M = typeof import('../tickets/index');\n")).toHaveLength(1);
  });

  it('refuses a deep import into a lower module: only its index.ts', async () => {
    const errors = await boundaryErrors('modules/payments/fixture.ts', "import { ownTeam } from '../registration/common';\nexport const f = ownTeam;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("only through its public entry: '…/registration/index'");
  });

  it('allows a downward import through index.ts, and any import inside one module', async () => {
    expect(await boundaryErrors('modules/payments/fixture.ts', "import { ownTeam } from '../registration/index';\nexport const f = ownTeam;\n")).toEqual([]);
    expect(await boundaryErrors('modules/payments/fixture.ts', "import { ownOrder } from './common';\nexport const f = ownOrder;\n")).toEqual([]);
  });

  it('refuses the kernel importing a module, even a type', async () => {
    expect(await boundaryErrors('lib/fixture.ts', "import type { OrderRow } from '../modules/payments/index';\nexport type R = OrderRow;\n")).toHaveLength(1);
    expect(
      await boundaryErrors('plugins/fixture.ts', "import { findSession } from '../modules/auth/session.service';\nexport const f = findSession;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('deps.ts', "import type { PaymentsRuntime } from './modules/payments/index';\nexport type P = PaymentsRuntime;\n"),
    ).toHaveLength(1);
  });

  it('refuses app.ts to everyone but the composition root; tests are exempt', async () => {
    const code = "import type { BuildOptions } from '../../app';\nexport type B = BuildOptions;\n";
    expect(await boundaryErrors('modules/payments/fixture.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('server.ts', "import { buildApp } from './app';\nexport const b = buildApp;\n")).toEqual([]);
    expect(await boundaryErrors('modules/payments/fixture.test.ts', code)).toEqual([]);
    expect(
      await boundaryErrors(
        'modules/registration/fixture.test.ts',
        "import { createOrder } from '../payments/orders.service';\nexport const f = createOrder;\n",
      ),
    ).toEqual([]);
  });
});
