import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publicBase } from '../../lib/public-base';

export { publicBase };
import { BankTransferProvider } from './providers/bank';
import { SandboxGateway, SandboxProvider, type Deliver } from './providers/sandbox';
import type { Channel, PaymentProvider } from './providers/types';
import { AlipayProvider, alipayOptionsFromConfig } from './providers/alipay';
import { WechatPayProvider, wechatOptionsFromConfig } from './providers/wechat';
import { mpAppId } from '../wechat/index';

declare module '../../deps' {
  interface AppDeps {
    /** payment providers, the sandbox gateway, notify base URL (payments/runtime.ts) */
    payments: PaymentsRuntime;
  }
}

/** The payment providers this instance offers, and what the background jobs need. */
export interface PaymentsRuntime {
  providers: Map<Channel, PaymentProvider>;
  sandbox: SandboxGateway;
  /** absolute base of notify and return URLs */
  baseUrl: () => string;
  /** last run of the reconciliation job in this process */
  lastRun: { at: Date | null };
}

/**
 * Builds the providers from configuration: a real provider is offered only when all its settings are
 * there (config.ts refuses half a group; the options loaders refuse unreadable keys with one line).
 */
export function createPaymentsRuntime(config: Config, db: Db, key: Buffer, opts: { deliver?: Deliver; providers?: PaymentProvider[] } = {}): PaymentsRuntime {
  const baseUrl = () => publicBase(config);
  // the sandbox signs with a key of its own, derived from the instances' shared secret (PII_KEY)
  const sandboxKey = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'sandbox-gateway-notify', 32));
  const sandbox = new SandboxGateway(db, sandboxKey, baseUrl, opts.deliver);
  const providers = new Map<Channel, PaymentProvider>();
  if (config.PAYMENT_SANDBOX) providers.set('sandbox', new SandboxProvider(sandbox));
  const wx = wechatOptionsFromConfig(config);
  if (wx) providers.set('wechat', new WechatPayProvider({ ...wx, jsapiAppid: mpAppId(config) }));
  const ali = alipayOptionsFromConfig(config);
  if (ali) providers.set('alipay', new AlipayProvider(ali));
  if (config.PAYMENT_BANK_TRANSFER) providers.set('bank', new BankTransferProvider());
  for (const p of opts.providers ?? []) providers.set(p.channel, p);
  return { providers, sandbox, baseUrl, lastRun: { at: null } };
}
