import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../lib/api-client';
import type { OkResponse, UserManResponse, WxAuthorizeResponse, WxBindBody, WxBindResponse } from '../../lib/contract';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { usePublicConfig } from '../../lib/public-config';
import { useLang } from '../../lib/use-lang';
import s from './user-center.module.css';

const quiet = { silent: true } as const;
const linksKey = ['user', 'links'] as const;

/**
 * The profile tab's WeChat link (spec 7.1 wxBind): link through a WeChat round trip that comes back to
 * /userCenter?t=1&wx=bind&code&state (the code leaves the address at once), or unlink.
 */
export function WechatLink() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = usePublicConfig();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const links = useQuery({ queryKey: linksKey, queryFn: () => api.get<UserManResponse>('/api/users/web/man', quiet).then((r) => r.data) });
  const start = useMutation({
    mutationFn: () => api.get<WxAuthorizeResponse>('/auth/web/wxAuthorize', { ...quiet, query: { purpose: 'bind' } }),
    onSuccess: (r) => window.location.assign(r.data.url),
  });
  const bind = useMutation({
    mutationFn: (body: WxBindBody) => api.post<WxBindResponse>('/auth/web/wxBind', body, quiet),
    onSuccess: () => {
      notify.success(t('user:wechat.linked'));
      void client.invalidateQueries({ queryKey: linksKey });
    },
  });
  const unbind = useMutation({
    mutationFn: () => api.post<OkResponse>('/auth/web/wxUnbind', {}, quiet),
    onSuccess: () => {
      notify.success(t('user:wechat.unlinked'));
      void client.invalidateQueries({ queryKey: linksKey });
    },
  });

  // back from WeChat
  const handled = useRef(false);
  const cancelled = params.get('wx') === 'bind' && !params.get('code');
  useEffect(() => {
    if (params.get('wx') !== 'bind' || handled.current) return;
    handled.current = true;
    const code = params.get('code');
    const state = params.get('state') ?? '';
    setParams(
      (p) => {
        for (const k of ['wx', 'code', 'state']) p.delete(k);
        return p;
      },
      { replace: true },
    );
    if (code) bind.mutate({ code, state });
  }, [params, setParams, bind]);

  if (config?.wechatLogin === 'off') return null;
  const failure = bind.error ?? start.error ?? unbind.error;
  const wechat = links.data?.wechat;

  return (
    <section aria-labelledby="wechat-title" className={`${s.section} ${s.wide}`}>
      <h2 id="wechat-title" className={s.sectionTitle}>
        {t('user:wechat.title')}
      </h2>
      {failure ? <Alert type="error" showIcon className={s.alert} title={errorMessage(failure, t('user:wechat.failed'))} /> : null}
      {cancelled && !failure ? <Alert type="info" showIcon className={s.alert} title={t('user:wechat.cancelled')} /> : null}
      {links.isPending || bind.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : wechat ? (
        <div className={s.linkRow}>
          <div>
            <p className={s.linkName}>{t('user:wechat.bound', { name: wechat.nickName })}</p>
            <p className={s.sub}>{t('user:wechat.since', { date: formatDate(wechat.boundAt, lang) })}</p>
          </div>
          <Popconfirm
            title={t('user:wechat.unbindConfirm')}
            okText={t('user:wechat.unbind')}
            cancelText={t('user:wechat.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => unbind.mutateAsync()}
          >
            <Button loading={unbind.isPending}>{t('user:wechat.unbind')}</Button>
          </Popconfirm>
        </div>
      ) : (
        <div className={s.linkRow}>
          <p className={s.sub}>{t('user:wechat.none')}</p>
          <Button type="primary" loading={start.isPending || start.isSuccess} onClick={() => start.mutate()}>
            {t('user:wechat.bind')}
          </Button>
        </div>
      )}
    </section>
  );
}
