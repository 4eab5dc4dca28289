import { baseURL } from './playwright.config';

/** Waits until the server has finished preparing the demo galleries of its first boot. */
export default async function globalSetup() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok && (await res.json()).seeding === false) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not finish seeding in 120 s');
}
