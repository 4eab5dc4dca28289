import type { TeamItem } from '@rp/shared';

/** A team as /api/lTeam/web/find sends it (tests only): a forming team of program 3 (3 places), no members. */
export const teamFixture = (over: Partial<TeamItem> = {}): TeamItem => ({
  id: 50,
  activityId: 600,
  name: 'T',
  number: '600-0001',
  code: '600-0001',
  status: 1,
  payStatus: 0,
  program: { id: 3, name: 'Sumo', type: 0, maximum: 3 },
  plan: null,
  leader: { id: 4, name: 'L' },
  orgId: null,
  orgCode: null,
  orgName: null,
  org: null,
  orgAddress: null,
  creator: { id: 9, nickName: 'C' },
  address: '',
  sourceCode: null,
  sourceActivityId: null,
  teamCode: null,
  reviewStatus: 0,
  reviewReason: null,
  teamMembers: [],
  ...over,
});
