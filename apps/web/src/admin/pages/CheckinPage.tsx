import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import jsQR from 'jsqr';
import { gateCode, groupShortCode } from '@rp/shared/rules/tickets';
import { api, errorMessage } from '../../lib/api-client';
import { useLang } from '../../lib/use-lang';
import { activityScopeOf, useSession } from '../../lib/session';
import { refOptionsQuery } from '../resources/api';
import { sessionLabel } from './checkin-session';
import { GateDoors } from './GateDoors';
import s from './checkin.module.css';

interface Verdict {
  ok: boolean;
  text: string;
  /** the session admitted to, under the names */
  detail?: string;
}
interface Stats {
  sold: number;
  admitted: number;
  maxPeople: number;
}
const GATE_KEY = 'checkin.gate';

/**
 * Check-in at the door (issue 11): a phone-width page that reads pass codes with the camera (jsQR on the video
 * frames) or from the keyboard, admits each once and says so in large type; a live count of the chosen session.
 */
export default function CheckinPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [gate, setGate] = useState(() => localStorage.getItem(GATE_KEY) ?? '');
  const [sessionId, setSessionId] = useState<number | undefined>(undefined);
  const [manual, setManual] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [camera, setCamera] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const codeRef = useRef<InputRef>(null);
  const last = useRef<{ code: string; at: number } | null>(null);

  const limited = activityScopeOf(useSession().user, 'checkin.scan') !== null;
  const sessions = useQuery({
    queryKey: ['checkin-sessions'],
    queryFn: () =>
      api
        // the sessions this person may run a gate for (a regional organiser: their activities' — issue 24)
        .get<{ content: { id: number; nameZh: string; nameEn: string; kind: string; activityId: number | null }[] }>('/api/admin/options/sessions')
        .then((r) => r.content),
  });
  // the sessions' activities, named in the picker before each session
  const activities = useQuery(refOptionsQuery('activities'));
  const stats = useQuery({
    queryKey: ['checkin-stats', sessionId],
    queryFn: () => api.get<{ data: Stats }>('/api/admin/checkin/stats', { query: { sessionId: sessionId! } }).then((r) => r.data),
    enabled: sessionId !== undefined,
    refetchInterval: 5000,
  });
  const scan = useMutation({
    mutationFn: (code: string) =>
      api.post<{ data: { names: string[]; admitted: number; sessionName: string }; resultStr: string }>(
        '/api/admin/checkin',
        { code, gate, sessionId },
        { silent: true },
      ),
    onSuccess: (r) => {
      setVerdict({
        ok: true,
        text: r.data.admitted > 1 ? t('admin:checkin.group', { count: r.data.admitted }) : t('admin:checkin.admitted', { name: r.data.names[0] ?? '' }),
        detail:
          r.data.admitted > 1 ? `${new Intl.ListFormat(lang === 'en' ? 'en' : 'zh-CN').format(r.data.names)} · ${r.data.sessionName}` : r.data.sessionName,
      });
      void qc.invalidateQueries({ queryKey: ['checkin-stats'] });
    },
    // a refusal shows what was read, so the person at the gate can compare it with the pass in front of them
    onError: (e, code) => {
      const read = gateCode(code);
      const shown = read?.kind === 'short' ? groupShortCode(read.code) : code.trim();
      setVerdict({ ok: false, text: errorMessage(e, t('admin:checkin.failed')), detail: t('admin:checkin.typed', { code: shown }) });
    },
  });
  const submit = (code: string, fromCamera = false) => {
    const c = code.trim();
    if (!c) return;
    // the camera sees the same code many times a second: a code still in view is not scanned again (it would turn
    // the admitted verdict into "already used" in the visitor's face); it is, once out of view for 10 seconds
    if (fromCamera && last.current && last.current.code === c && Date.now() - last.current.at < 10_000) {
      last.current.at = Date.now();
      return;
    }
    last.current = { code: c, at: Date.now() };
    scan.mutate(c);
    // a typed code is sent once: the field clears for the next one whatever the verdict (issue 24)
    if (!fromCamera) {
      setManual('');
      codeRef.current?.focus();
    }
  };

  useEffect(() => {
    if (!camera) return;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const tick = () => {
      if (stopped) return;
      const v = videoRef.current;
      if (v && ctx && v.readyState >= 2 && v.videoWidth) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        ctx.drawImage(v, 0, 0);
        const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' });
        if (found?.data) submit(found.data, true);
      }
      frame = requestAnimationFrame(tick);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then((st) => {
        stream = st;
        if (videoRef.current) {
          videoRef.current.srcObject = st;
          void videoRef.current.play();
        }
        frame = requestAnimationFrame(tick);
      })
      .catch(() => {
        setVerdict({ ok: false, text: t('admin:checkin.noCamera') });
        setCamera(false);
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
    // submit reads the latest gate and session through the mutation; restarting the camera on each is not wanted
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera]);

  return (
    <div className={s.scanner}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        {t('admin:checkin.title')}
      </Typography.Title>
      <label htmlFor="checkin-gate">{t('admin:checkin.gate')}</label>
      <Input
        id="checkin-gate"
        value={gate}
        maxLength={32}
        onChange={(e) => {
          setGate(e.target.value);
          localStorage.setItem(GATE_KEY, e.target.value);
        }}
      />
      {/* a person whose gate permission reaches only some activities must name the session (the server refuses otherwise) */}
      <label htmlFor="checkin-session">{limited ? t('admin:checkin.sessionRequired') : t('admin:checkin.session')}</label>
      <Select
        id="checkin-session"
        allowClear={!limited}
        value={sessionId}
        onChange={(v) => setSessionId(v)}
        loading={sessions.isPending}
        options={(sessions.data ?? [])
          .filter((x) => x.kind !== 'online')
          .map((x) => ({ value: x.id, label: sessionLabel(x, (activities.data ?? []) as { id: number; nameZh: string; nameEn: string }[], lang) }))}
      />
      {stats.data ? (
        <p data-testid="checkin-count" style={{ fontSize: 18, margin: 0 }}>
          {t('admin:checkin.count', { admitted: stats.data.admitted, sold: stats.data.sold })}
        </p>
      ) : null}
      {/* the verdict above the camera view, where the person at the gate looks */}
      <div role="status" aria-live="assertive">
        {verdict ? (
          <div className={`${s.verdict} ${verdict.ok ? s.ok : s.bad}`} data-testid="checkin-verdict">
            <div data-testid="checkin-verdict-text">{verdict.text}</div>
            {verdict.detail ? <div className={s.detail}>{verdict.detail}</div> : null}
          </div>
        ) : null}
      </div>
      <Button type={camera ? 'default' : 'primary'} size="large" onClick={() => setCamera(!camera)}>
        {camera ? t('admin:checkin.stopCamera') : t('admin:checkin.startCamera')}
      </Button>
      {camera ? <video ref={videoRef} className={s.video} muted playsInline aria-label={t('admin:checkin.cameraLabel')} /> : null}
      <label htmlFor="checkin-code">{t('admin:checkin.manual')}</label>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="checkin-code"
          ref={codeRef}
          value={manual}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setManual(e.target.value)}
          onPressEnter={() => submit(manual)}
        />
        <Button type="primary" loading={scan.isPending} onClick={() => submit(manual)}>
          {t('admin:checkin.admit')}
        </Button>
      </Space.Compact>
      {/* the offline gates' doors of the chosen session (issue 38) */}
      {sessionId !== undefined ? <GateDoors sessionId={sessionId} /> : null}
    </div>
  );
}
