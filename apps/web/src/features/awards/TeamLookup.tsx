import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../lib/api-client';
import type { CertificateListResponse } from '../../lib/contract';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import s from './verify.module.css';

type Found = CertificateListResponse['data'];

/**
 * A family without the team's account finds its certificates (spec 7.4 findByTeamCodeAndPLaceHolder): the team
 * number and the name of one of its players or its coach. Whatever does not match gets the same answer.
 */
export function TeamLookup() {
  const { t } = useTranslation();
  const [teamCode, setTeamCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ teamCode?: string; name?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      teamCode: teamCode.trim() ? undefined : t('awards:lookup.teamCodeRequired'),
      name: name.trim() ? undefined : t('awards:lookup.nameRequired'),
    };
    setErrors(next);
    if (next.teamCode || next.name) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await api.get<CertificateListResponse>('/api/lTeam/team/findByTeamCodeAndPLaceHolder', {
        query: { teamCode: teamCode.trim(), placeHolder: name.trim() },
        silent: true,
        noRedirect: true,
      });
      setFound(r.data);
    } catch (error) {
      setFound(null);
      setFailure(errorMessage(error, t('awards:lookup.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={s.lookup} aria-labelledby="lookup-title">
      <h2 id="lookup-title" className={s.lookupTitle}>
        {t('awards:lookup.title')}
      </h2>
      <p className={s.muted}>{t('awards:lookup.lead')}</p>
      <form className={s.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('awards:lookup.teamCode')}
          name="teamCode"
          autoComplete="off"
          value={teamCode}
          onChange={(e) => setTeamCode(e.target.value)}
          error={errors.teamCode}
          maxLength={20}
        />
        <TextField
          label={t('awards:lookup.name')}
          name="placeHolder"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={50}
        />
        <button type="submit" className={btn.secondary} disabled={busy}>
          {t('awards:lookup.find')}
        </button>
      </form>
      {failure ? <FormAlert message={failure} /> : null}
      {found ? (
        found.length ? (
          <ul className={s.found} aria-label={t('awards:lookup.results')}>
            {found.map((c) => (
              <li key={c.certCode}>
                <span>
                  {c.awardName} · {c.name}
                </span>
                <span className={s.foundLinks}>
                  <a href={`/api/lAward/cert/${c.certCode}`} download>
                    {t('awards:mine.download')}
                  </a>
                  <Link to={`/verify/${c.certCode}`}>{t('awards:mine.verify')}</Link>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">{t('awards:lookup.none')}</p>
        )
      ) : null}
    </section>
  );
}
