import type { User } from '@rp/shared';
import i18n from '../../lib/i18n';
import { notify } from '../../lib/notify';

/**
 * The user menu's "take an exam", kept off the public pages' first load: the launcher (features/exam)
 * loads when the item is pointed at, focused or clicked. The click opens its window synchronously either
 * way (popup blockers): through the launcher once loaded, else here, handing the window over.
 */
type Launcher = typeof import('../../features/exam/launcher');
let launcher: Launcher | undefined;
const load = () => import('../../features/exam/launcher').then((m) => m.ready().then(() => (launcher = m)));

export const prefetchExam = (user: User) => void load().then((m) => m.prefetch(user.id), Boolean);

export function startExam(user: User): void {
  if (launcher) return launcher.start(user);
  const popup = window.open('', '_blank');
  load().then(
    (m) => m.start(user, popup),
    () => {
      popup?.close();
      notify.error(i18n.t('errors:client.serverBusy'));
    },
  );
}
