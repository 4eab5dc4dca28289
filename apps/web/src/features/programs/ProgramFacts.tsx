import { useTranslation } from 'react-i18next';
import type { ProgramItem } from '../../lib/contract';
import s from './programs.module.css';

const TYPE_KEYS: Record<number, string> = { 0: 'content:program.type.0', 1: 'content:program.type.1' };
const GENDER_KEYS: Record<string, string> = { F: 'content:program.gender.F', M: 'content:program.gender.M' };

export function useProgramLabels() {
  const { t } = useTranslation();
  return {
    type: (p: Pick<ProgramItem, 'type'>) => (TYPE_KEYS[p.type] ? t(TYPE_KEYS[p.type]!) : String(p.type)),
    ages: (p: Pick<ProgramItem, 'minAge' | 'maxAge'>) => {
      if (p.minAge !== null && p.maxAge !== null) return t('content:program.ages.range', { min: p.minAge, max: p.maxAge });
      if (p.minAge !== null) return t('content:program.ages.from', { min: p.minAge });
      if (p.maxAge !== null) return t('content:program.ages.to', { max: p.maxAge });
      return t('content:program.ages.any');
    },
    teamSize: (p: Pick<ProgramItem, 'maxMembers'>) => t('content:program.teamSizeValue', { count: p.maxMembers }),
    gender: (p: Pick<ProgramItem, 'gender'>) => (p.gender && GENDER_KEYS[p.gender] ? t(GENDER_KEYS[p.gender]!) : t('content:program.gender.any')),
  };
}

/** Age range, team size and gender rule as a description list. */
export function ProgramFacts({ program, compact }: { program: ProgramItem; compact?: boolean }) {
  const { t } = useTranslation();
  const l = useProgramLabels();
  return (
    <dl className={`${s.facts} ${compact ? s.factsCompact : ''}`}>
      {compact ? null : (
        <div>
          <dt>{t('content:program.facts.type')}</dt>
          <dd>{l.type(program)}</dd>
        </div>
      )}
      <div>
        <dt>{t('content:program.facts.ages')}</dt>
        <dd>{l.ages(program)}</dd>
      </div>
      <div>
        <dt>{t('content:program.facts.teamSize')}</dt>
        <dd>{l.teamSize(program)}</dd>
      </div>
      <div>
        <dt>{t('content:program.facts.gender')}</dt>
        <dd>{l.gender(program)}</dd>
      </div>
    </dl>
  );
}
