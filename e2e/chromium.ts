import fs from 'node:fs';

/**
 * The journeys' Chromium: CHROMIUM_PATH, else Debian's chromium-headless-shell when installed (.ci/run installs it),
 * else its desktop chromium in headless mode. The config and the camera journeys' own browser both use it.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}
