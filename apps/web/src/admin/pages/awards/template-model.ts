import type { AwardKind, TemplateField } from './awards-api';

/**
 * The template editor's plain data (kept out of zod, which stays out of the admin chunk): the fields a template
 * can place and the ones each kind must place — the same lists as the shared schema (checked by a test).
 */
export const FIELD_KEYS = ['name', 'teamName', 'activityName', 'awardName', 'programName', 'code', 'certCode', 'date', 'qr', 'photo'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];
export const REQUIRED: Record<AwardKind, readonly FieldKey[]> = {
  team: ['teamName', 'awardName', 'certCode', 'qr'],
  player: ['name', 'awardName', 'certCode', 'qr'],
  leader: ['name', 'awardName', 'certCode', 'qr'],
  volunteer: ['name', 'activityName', 'certCode', 'qr'],
};

/** A first layout for a new background: the kind's required fields, centred, the number and QR code at the foot. */
export function starterFields(kind: AwardKind, width: number, height: number): TemplateField[] {
  const cx = Math.round(width / 2);
  const unit = Math.max(8, Math.round(height / 24));
  const qr = Math.max(40, Math.round(Math.min(width, height) / 6));
  const main = REQUIRED[kind].filter((k) => k !== 'certCode' && k !== 'qr');
  return [
    ...main.map((key, i) => ({ key, x: cx, y: Math.round(height * (0.38 + i * 0.16)), size: i === 0 ? unit * 2 : Math.round(unit * 1.6), bold: i === 0 })),
    { key: 'certCode', x: Math.round(width * 0.08), y: Math.round(height * 0.9), size: Math.max(8, Math.round(unit * 0.7)), align: 'left' as const },
    { key: 'qr', x: Math.max(0, width - qr - Math.round(width * 0.06)), y: Math.max(0, height - qr - Math.round(height * 0.08)), size: qr },
  ];
}

/** Label keys of the award screens' data-driven texts (house style: literal keys in tables). */
export const KIND_KEYS = {
  team: 'admin:options.awardKind.team',
  player: 'admin:options.awardKind.player',
  leader: 'admin:options.awardKind.leader',
  volunteer: 'admin:options.awardKind.volunteer',
} as const satisfies Record<AwardKind, string>;
export const FIELD_LABEL_KEYS = {
  name: 'admin:awardsAdmin.field.name',
  teamName: 'admin:awardsAdmin.field.teamName',
  activityName: 'admin:awardsAdmin.field.activityName',
  awardName: 'admin:awardsAdmin.field.awardName',
  programName: 'admin:awardsAdmin.field.programName',
  code: 'admin:awardsAdmin.field.code',
  certCode: 'admin:awardsAdmin.field.certCode',
  date: 'admin:awardsAdmin.field.date',
  qr: 'admin:awardsAdmin.field.qr',
  photo: 'admin:awardsAdmin.field.photo',
} as const satisfies Record<FieldKey, string>;
export const PICK_KEYS = {
  player: 'admin:awardsAdmin.pick.player',
  leader: 'admin:awardsAdmin.pick.leader',
  volunteer: 'admin:awardsAdmin.pick.volunteer',
} as const;
export const PROBLEM_KEYS = { noTemplate: 'admin:awardsAdmin.problem.noTemplate', noPhoto: 'admin:awardsAdmin.problem.noPhoto' } as const;
export const ALIGN_KEYS = {
  left: 'admin:awardsAdmin.alignOpt.left',
  center: 'admin:awardsAdmin.alignOpt.center',
  right: 'admin:awardsAdmin.alignOpt.right',
} as const;
export const NUM_KEYS = { x: 'admin:awardsAdmin.x', y: 'admin:awardsAdmin.y', size: 'admin:awardsAdmin.size' } as const;

/** Team numbers typed or pasted: one per line, or separated by commas, spaces or semicolons. */
export function parseTeamNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;\uFF0C\uFF1B\u3001]+/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}
