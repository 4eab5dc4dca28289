import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  ADMIN_USERNAME: z.string().min(3).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(64).optional(),
  CAPTCHA_ENABLED: bool.default(true),
  SEED_DEMO: bool.default(true),
  /** 32-byte key (hex or base64) for encrypting ID numbers; generated into DATA_DIR when absent. */
  PII_KEY: z.string().optional(),
  EXAM_URL: z.string().url().default('https://learn.example.org/login'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /**
   * Multiplies the per-IP ceilings of the account endpoints (20 SMS and 20 registrations an hour, 60
   * logins a minute). A school or venue behind one address, or the browser journeys, may need more.
   */
  AUTH_IP_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
});

export type Config = z.infer<typeof schema> & { dataDir: string; webDist: string };

/** Parses the environment; on a bad value throws one line naming the variable and the problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

export class ConfigError extends Error {}
