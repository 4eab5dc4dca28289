import fs from 'node:fs';
import { ConfigError } from '../../../config';

/** Reads a PEM file named by a setting; the error names the setting and the file, never its content. */
export function readKeyFile(variable: string, file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration: ${variable}: cannot read ${JSON.stringify(file)} (${code})`);
  }
}

/** A provider's settings are all-or-none: false when none is set, a start-stopping error when only some are. */
export function providerConfigured<K extends string>(config: Partial<Record<K, unknown>>, required: readonly K[], prefix: string): boolean {
  if (!required.some((k) => config[k])) return false;
  const missing = required.find((k) => !config[k]);
  if (missing) throw new ConfigError(`Invalid configuration: ${missing}: required with the other ${prefix}* settings`);
  return true;
}
