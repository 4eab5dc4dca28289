import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import type { User } from '@rp/shared';
import { useUnreadCount } from '../../features/messages/unread';
import { logout } from '../../lib/auth-actions';
import { usePublicConfig } from '../../lib/public-config';
import { hasPermission } from '../../lib/session';
import { avatarSrc } from '../../ui/avatar';
import { Dropdown, menuDividerClass, menuItemClass } from '../../ui/Dropdown';
import { ADMIN_PERMISSION } from '../guard';
import { prefetchExam, startExam } from './exam-launch';
import s from './Header.module.css';

/** Nickname with the unread red dot, and the hover / keyboard menu of spec 2.3. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const config = usePublicConfig();
  const name = user.nickName || user.username;
  const src = avatarSrc(user.avatar);

  return (
    <Dropdown
      openOnHover
      buttonClassName={s.userButton}
      ariaLabel={[t('nav:userMenu.label', { name }), unread > 0 ? t('nav:userMenu.unread', { count: unread }) : ''].filter(Boolean).join(', ')}
      label={
        <>
          {/* the initial is drawn by CSS: a decorative letter in the text would not be in the button's name (WCAG 2.5.3) */}
          <span className={s.avatar} aria-hidden="true" data-initial={src ? undefined : name.slice(0, 1).toUpperCase()}>
            {src ? <img src={src} alt="" width={30} height={30} className={s.avatarImg} data-testid="header-avatar" /> : null}
          </span>
          <span className={s.nickName}>{name}</span>
          {unread > 0 ? <span className={s.dot} aria-hidden="true" data-testid="unread-dot" /> : null}
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <Link to="/userCenter?t=1" className={menuItemClass} onClick={() => close()}>
              {t('nav:userMenu.profile')}
            </Link>
          </li>
          <li>
            <Link to="/userCenter?t=8" className={menuItemClass} onClick={() => close()}>
              {t('nav:userMenu.messages')}
              {unread > 0 ? (
                <>
                  <span className={s.count} aria-hidden="true">
                    {unread > 99 ? '99+' : unread}
                  </span>{' '}
                  <span className="visually-hidden">({t('nav:userMenu.unread', { count: unread })})</span>
                </>
              ) : null}
            </Link>
          </li>
          {config?.examUrl ? (
            <li>
              {/* opens its window in the click itself (popup blockers), after asking which activity when there are several */}
              <button
                type="button"
                className={menuItemClass}
                onPointerEnter={() => prefetchExam(user)}
                onFocus={() => prefetchExam(user)}
                onClick={() => {
                  close(true);
                  startExam(user);
                }}
              >
                {t('nav:userMenu.exam')}
                <span className="visually-hidden"> {t('common:a11y.opensInNewWindow')}</span>
              </button>
            </li>
          ) : null}
          {/* judges find their scoring page here (issue 24): the role staff give when they add a judge */}
          {user.roles.includes('judge') ? (
            <li>
              <Link to="/judge" className={menuItemClass} onClick={() => close()}>
                {t('nav:userMenu.judge')}
              </Link>
            </li>
          ) : null}
          {hasPermission(user, ADMIN_PERMISSION) ? (
            <li>
              <Link to="/admin" className={menuItemClass} onClick={() => close()}>
                {t('nav:userMenu.admin')}
              </Link>
            </li>
          ) : null}
          <li aria-hidden="true" className={menuDividerClass} />
          <li>
            <button type="button" className={menuItemClass} onClick={() => void logout()}>
              {t('nav:userMenu.logout')}
            </button>
          </li>
        </>
      )}
    </Dropdown>
  );
}
