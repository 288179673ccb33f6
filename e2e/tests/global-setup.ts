/**
 * Before any journey: Chromium must see a network. On a host whose only interface is loopback it reports itself
 * offline (navigator.onLine false) although the shop on 127.0.0.1 answers, and the shop then behaves as offline
 * (no login, orders queued): every journey would fail for a reason none of them names. Stop at once and say why.
 */
import { chromium, type FullConfig } from '@playwright/test';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions ?? {});
  try {
    const page = await browser.newPage();
    const online = await page.evaluate(() => (globalThis as unknown as { navigator: { onLine: boolean } }).navigator.onLine);
    if (!online) {
      throw new Error(
        'Chromium reports itself offline on this host (no network interface but loopback is up), so the shop would behave as offline in every journey. ' +
          'Bring up any other interface first, e.g. as root: ip link add veth0 type veth peer name veth1 && ip addr add 10.255.255.1/24 dev veth0 && ip link set veth0 up && ip link set veth1 up (README, "Browser journeys").',
      );
    }
  } finally {
    await browser.close();
  }
}
