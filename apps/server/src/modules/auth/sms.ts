import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@rp/shared';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';

/** An SMS provider. Real ones (e.g. a cloud SMS API) implement the same interface. */
export interface SmsAdapter {
  readonly name: string;
  send(msg: { phone: string; purpose: string; text: string; code: string }): Promise<void>;
}

/**
 * The default adapter: behaves like a provider that accepted the message (asynchronous delivery),
 * writes the code to the server log and keeps the message in an outbox administrators can read.
 * Only for development and demos; production configures a real provider.
 */
export class OutboxSmsAdapter implements SmsAdapter {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(msg: { phone: string; purpose: string; text: string; code: string }) {
    await this.db.insert(smsOutbox).values({ phone: msg.phone, purpose: msg.purpose, content: msg.text });
    this.log.info({ phone: maskPhone(msg.phone), purpose: msg.purpose, smsCode: msg.code }, 'SMS (outbox adapter)');
  }
}
