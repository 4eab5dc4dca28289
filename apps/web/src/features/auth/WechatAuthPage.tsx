import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { safeRedirect } from '../../lib/safe-redirect';
import { startSession } from '../../lib/session';
import { FormAlert } from '../../ui/FormAlert';
import { wechatMpLogin, wechatMpPay } from './api';
import { AuthShell } from './AuthShell';
import { WechatSignUp } from './WechatSignUp';

type State =
  { kind: 'checking' } | { kind: 'cancelled' } | { kind: 'unlinked'; name: string; ticket: string; redirect: string } | { kind: 'error'; message: string };

/** `path` plus one query parameter. */
const withParam = (path: string, key: string, value: string) => `${path}${path.includes('?') ? '&' : '?'}${key}=${value}`;

/**
 * Where the official account sends the browser back inside WeChat: /wxAuth?p=pay|login&code&state. The code
 * leaves the address at once (a reload never replays it). pay: the payer's openid is kept and the order page
 * continues paying (wxpay=1); login: a linked account is signed in, a new WeChat gives a phone and its code.
 */
export default function WechatAuthPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const purpose = params.get('p') === 'pay' ? 'pay' : 'login';
  const [state, setState] = useState<State>(() => (params.get('code') ? { kind: 'checking' } : { kind: 'cancelled' }));
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const code = params.get('code');
    const wxState = params.get('state') ?? '';
    setParams(
      (p) => {
        p.delete('code');
        p.delete('state');
        return p;
      },
      { replace: true },
    );
    if (!code) return;
    const failed = (error: unknown) => setState({ kind: 'error', message: errorMessage(error, t('auth:wechat.failed')) });
    if (purpose === 'pay') {
      wechatMpPay({ code, state: wxState }).then((res) => void navigate(withParam(safeRedirect(res.data.redirect), 'wxpay', '1'), { replace: true }), failed);
      return;
    }
    wechatMpLogin({ code, state: wxState }).then((res) => {
      if (res.bound && res.token && res.user && res.expiresAt) {
        startSession({ token: res.token, user: res.user, rememberMe: false, expiresAt: res.expiresAt });
        notify.success(t('auth:wechat.loggedIn'));
        void navigate(safeRedirect(res.redirect), { replace: true });
      } else setState({ kind: 'unlinked', name: res.wechatName, ticket: res.ticket ?? '', redirect: res.redirect });
    }, failed);
  }, [params, setParams, navigate, purpose, t]);

  return (
    <AuthShell
      titleId={titleId}
      title={t(purpose === 'pay' ? 'auth:wechat.payTitle' : 'auth:wechat.mpTitle')}
      intro={state.kind === 'checking' ? t(purpose === 'pay' ? 'auth:wechat.payChecking' : 'auth:wechat.checking') : ''}
      footer={<Link to="/login">{t('auth:wechat.otherWays')}</Link>}
    >
      {state.kind === 'cancelled' ? <FormAlert tone="info" message={t('auth:wechat.cancelled')} /> : null}
      {state.kind === 'error' ? <FormAlert message={state.message} /> : null}
      {state.kind === 'unlinked' ? <WechatSignUp ticket={state.ticket} name={state.name} /> : null}
    </AuthShell>
  );
}
