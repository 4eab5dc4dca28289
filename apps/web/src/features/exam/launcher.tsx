import { createRoot, type Root } from 'react-dom/client';
import type { User } from '@rp/shared';
import { examLaunchUrl } from '@rp/shared/rules/exam';
import { errorMessage } from '../../lib/api-client';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { loadPublicConfig } from '../../lib/public-config';
import { examActivities, examTempToken, knownExamActivities, type ExamActivity } from './api';
import { ExamDialog, type ExamDialogState } from './ExamDialog';

/**
 * "Take an exam" (spec 2.3, 6, 7.6), loaded when the menu item is first pointed at, focused or clicked
 * (app/layout/exam-launch.ts): the activity (asked when the account has several), a temp token for it,
 * then a new window at EXAM_URL with tempToken, activityNo, airActivity, phone and c1/t1/c2/t2.
 * Its dialog is a React root of its own on the body, so the header carries none of this.
 */
let root: Root | undefined;

/** Shows the launcher's dialog for this account, or closes it (null). */
export function show(user: User, state: ExamDialogState | null): void {
  if (!state) return root?.render(null);
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  root.render(
    <ExamDialog
      state={state}
      onChoose={(activityNo) => {
        const popup = openBlank();
        show(user, null);
        void go(user, activityNo, popup);
      }}
      onClose={() => show(user, null)}
    />,
  );
}

/** The texts of this module, before anything is shown. */
export const ready = () => loadNamespaces('exam');

/** Asks for the account's activities ahead of the click, so that the click can decide at once. */
export const prefetch = (userId: number) => void examActivities(userId).catch(() => undefined);

/**
 * A window opened in the click itself (popup blockers allow nothing later), showing a line of text while
 * the token is fetched. It cannot reach back to the portal (opener cleared); null when the browser blocked it.
 */
export function openBlank(popup: Window | null = window.open('', '_blank')): Window | null {
  if (!popup) return null;
  try {
    popup.opener = null;
    popup.document.title = i18n.t('exam:opening');
    popup.document.body.textContent = i18n.t('exam:opening');
  } catch {
    // a browser that will not let us write into it still navigates it
  }
  return popup;
}

function fail(user: User, popup: Window | null, error: unknown) {
  popup?.close();
  show(user, null);
  notify.error(errorMessage(error, i18n.t('exam:failed')));
}

async function go(user: User, activityNo: number, popup: Window | null) {
  try {
    const [launch, config] = await Promise.all([examTempToken(activityNo), loadPublicConfig()]);
    const url = config && examLaunchUrl(config.examUrl, launch, user.phone, window.location.origin);
    if (!url) throw new Error('no exam address');
    if (popup && !popup.closed) {
      popup.location.replace(url);
      show(user, null);
    } else show(user, { kind: 'blocked', url }); // a link the person clicks is never blocked
  } catch (error) {
    fail(user, popup, error);
  }
}

/**
 * The click. Synchronous up to the window: with several known activities it only asks which (no window);
 * otherwise it opens the window first (or takes the one the caller opened while this module loaded).
 */
export function start(user: User, opened?: Window | null): void {
  const known = knownExamActivities(user.id);
  if (known && known.length > 1) {
    opened?.close();
    return show(user, { kind: 'choose', activities: known });
  }
  const popup = openBlank(opened);
  void (async () => {
    let activities: ExamActivity[];
    try {
      activities = known ?? (await examActivities(user.id));
    } catch (error) {
      return fail(user, popup, error);
    }
    if (activities.length === 1) return go(user, activities[0]!.activityId, popup);
    popup?.close();
    if (activities.length === 0) notify.info(i18n.t('exam:none'));
    else show(user, { kind: 'choose', activities });
  })();
}
