import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, InputNumber, Segmented, Select, Skeleton, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, isApiError } from '../../lib/api-client';
import type { JudgeActivitiesResponse, JudgingResponse, ScoreResponse } from '../../lib/contract';
import { notify } from '../../lib/notify';
import { scoreProblem, SCORE_RANGE } from './judge-model';
import s from './judge.module.css';

const ROUNDS = [1, 2, 3, 4, 5];
const quiet = { silent: true } as const;

/**
 * /judge (issue 13, spec 7.4 team/score): a judge's phone-width scoring page — the activity, the round,
 * then a score per team of the judge's programs. The box says its range and refuses what is outside it (never
 * clamped); a score can be corrected until the program's results are published (issue 24).
 */
export default function JudgePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const [round, setRound] = useState(1);
  const [draft, setDraft] = useState<Record<number, number | null>>({});
  /** teams whose score of this round is being corrected */
  const [editing, setEditing] = useState<Record<number, boolean>>({});
  const activities = useQuery({
    queryKey: ['judge', 'activities'],
    queryFn: () => api.get<JudgeActivitiesResponse>('/api/lTeam/team/judgeActivities', quiet).then((r) => r.data),
  });
  const chosen = Number(params.get('activityId')) || activities.data?.[0]?.activityId || 0;
  const teams = useQuery({
    queryKey: ['judge', 'teams', chosen],
    queryFn: () => api.get<JudgingResponse>('/api/lTeam/team/judging', { ...quiet, query: { activityId: chosen } }).then((r) => r.data),
    enabled: chosen > 0,
  });
  const save = useMutation({
    mutationFn: (body: { teamId: number; round: number; score: number }) => api.post<ScoreResponse>('/api/lTeam/team/score', body, quiet),
    onSuccess: (_r, body) => {
      notify.success(t(editing[body.teamId] ? 'awards:judge.corrected' : 'awards:judge.saved'));
      setDraft((d) => ({ ...d, [body.teamId]: null }));
      setEditing((e) => ({ ...e, [body.teamId]: false }));
      void client.invalidateQueries({ queryKey: ['judge', 'teams', chosen] });
    },
    onError: (e) => notify.error(errorMessage(e, t('awards:judge.failed'))),
  });

  return (
    <section className={s.page} aria-labelledby="judge-title">
      <h1 id="judge-title" className={s.title}>
        {t('awards:judge.title')}
      </h1>
      {activities.isPending ? <Skeleton active /> : null}
      {/* an account that judges nothing (no judge role yet) sees the same words as one without activities */}
      {activities.isError && !isApiError(activities.error, 'FORBIDDEN') ? (
        <Alert type="error" showIcon title={errorMessage(activities.error, t('awards:judge.failed'))} />
      ) : null}
      {(activities.data && !activities.data.length) || isApiError(activities.error, 'FORBIDDEN') ? <Empty description={t('awards:judge.none')} /> : null}
      {activities.data?.length ? (
        <div className={s.controls}>
          <label className={s.control}>
            <span>{t('awards:judge.activity')}</span>
            <Select
              aria-label={t('awards:judge.activity')}
              value={chosen}
              onChange={(v: number) => setParams({ activityId: String(v) }, { replace: true })}
              options={activities.data.map((a) => ({ value: a.activityId, label: a.activityName }))}
            />
          </label>
          <div className={s.control}>
            <span id="judge-round">{t('awards:judge.round')}</span>
            <div className={s.rounds}>
              <Segmented
                aria-labelledby="judge-round"
                value={round}
                onChange={(v) => {
                  setRound(Number(v));
                  setEditing({});
                }}
                options={ROUNDS.map((r) => ({ value: r, label: t('awards:judge.roundN', { n: r }) }))}
              />
            </div>
          </div>
        </div>
      ) : null}
      {teams.isPending && chosen > 0 ? <Skeleton active /> : null}
      {teams.isError ? <Alert type="error" showIcon title={errorMessage(teams.error, t('awards:judge.failed'))} /> : null}
      {teams.data ? (
        <ul className={s.teams} aria-label={t('awards:judge.teams')}>
          {teams.data.map((team) => {
            const done = team.mine[String(round)];
            const value = draft[team.teamId] ?? null;
            const problem = scoreProblem(value);
            const errorId = `score-error-${team.teamId}`;
            const hintId = `score-hint-${team.teamId}`;
            return (
              <li key={team.teamId} className={s.team}>
                <div>
                  <p className={s.teamName}>
                    {team.number} · {team.teamName}
                  </p>
                  <p className={s.muted}>{team.programName}</p>
                </div>
                {done !== undefined && !editing[team.teamId] ? (
                  <div className={s.entry}>
                    <Tag color="success" className={s.done}>
                      {t('awards:judge.scored', { score: done })}
                    </Tag>
                    {team.published ? (
                      <span className={s.muted}>{t('awards:judge.published')}</span>
                    ) : (
                      <Button
                        onClick={() => {
                          setEditing((e) => ({ ...e, [team.teamId]: true }));
                          setDraft((d) => ({ ...d, [team.teamId]: done }));
                        }}
                      >
                        {t('awards:judge.correct')}
                      </Button>
                    )}
                  </div>
                ) : (
                  <div className={s.box}>
                    <div className={s.entry}>
                      {/* no min/max on the box: antd would turn 150 into 100 without a word; the range is checked and said instead */}
                      <InputNumber
                        aria-label={t('awards:judge.scoreOf', { team: team.teamName, ...SCORE_RANGE })}
                        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
                        aria-invalid={problem ? true : undefined}
                        status={problem ? 'error' : undefined}
                        placeholder={`${SCORE_RANGE.min}–${SCORE_RANGE.max}`}
                        step={0.5}
                        inputMode="decimal"
                        value={value}
                        onChange={(v) => setDraft((d) => ({ ...d, [team.teamId]: v }))}
                      />
                      <Button
                        type="primary"
                        disabled={value === null || problem !== null}
                        loading={save.isPending && save.variables?.teamId === team.teamId}
                        onClick={() => value !== null && !problem && save.mutate({ teamId: team.teamId, round, score: value })}
                      >
                        {t(done !== undefined ? 'awards:judge.saveCorrection' : 'awards:judge.save')}
                      </Button>
                      {done !== undefined ? (
                        <Button
                          onClick={() => {
                            setEditing((e) => ({ ...e, [team.teamId]: false }));
                            setDraft((d) => ({ ...d, [team.teamId]: null }));
                          }}
                        >
                          {t('awards:judge.cancel')}
                        </Button>
                      ) : null}
                    </div>
                    <p id={hintId} className={s.hint}>
                      {t('awards:judge.range', SCORE_RANGE)}
                    </p>
                    {problem ? (
                      <p id={errorId} role="alert" className={s.error}>
                        {problem === 'range' ? t('awards:judge.outOfRange', SCORE_RANGE) : t('awards:judge.decimals')}
                      </p>
                    ) : null}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
