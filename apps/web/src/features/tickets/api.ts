import { api } from '../../lib/api-client';
import type { SessionView, VisitorView } from '@rp/shared/schemas/tickets';
import type { OrderView } from '@rp/shared/schemas/payments';

/** Calls of the ticket screens (spec 7.3, 7.7; issue 11). Forms pass `silent` and show the server's text inline. */
export type { SessionView, VisitorView };
interface Data<T> {
  data: T;
  resultStr?: string;
}
const quiet = { silent: true } as const;

export interface VisitorDraft {
  name: string;
  phone: string;
  card: string;
}
export interface PassCodes {
  orderNo: string;
  groupCode: string | null;
  /** the group pass's short code, printed under its QR */
  groupShortCode: string | null;
  visitors: VisitorView[];
}
export interface OnlineSlot {
  id: number;
  teamId: number;
  teamName: string;
  sessionId: number;
  sessionName: string;
  teamCodePrefix: string;
  entryTime: string;
  startTime: string;
}
export interface TeamRef {
  id: number;
  name: string;
}

export const listSessions = (activityId: number, kind: 'audience' | 'workshop' | 'online') =>
  api
    .get<{ content: SessionView[] }>(kind === 'workshop' ? '/api/lAtelier/web/list' : '/api/lTicket/web/list', { query: { activityId, kind } })
    .then((r) => r.content);
export const buyTickets = (body: { activityId: number; ticketId: number; visitors: VisitorDraft[] }) =>
  api.post<Data<OrderView>>('/api/lOrder/web/createOrder', { ...body, type: 3 }, quiet).then((r) => r.data);
export const bookWorkshop = (body: { activityId: number; ticketId: number; visitors: VisitorDraft[] }) =>
  api.post<Data<OrderView>>('/api/lAtelier/web/create', body, quiet).then((r) => r.data);
export const passCodes = (orderNo: string) => api.post<Data<PassCodes>>('/api/lTicket/sUrl/getPassCode', { orderNo }, quiet).then((r) => r.data);
export const myVisitors = () => api.get<{ content: VisitorView[] }>('/api/lTicket/web/mine').then((r) => r.content);
export const joinWaitlist = (sessionId: number, quantity: number) =>
  api.post<{ resultStr: string }>('/api/lTicket/web/waitlist', { sessionId, quantity }, quiet).then((r) => r.resultStr);
export const myTeams = (activityId: number) =>
  api.get<{ content: TeamRef[] }>('/api/lTeam/web/find', { query: { activityId, size: 100 } }).then((r) => r.content.map((t) => ({ id: t.id, name: t.name })));
export const mySlots = (activityId: number) => api.get<{ content: OnlineSlot[] }>('/api/lOnline/web/mine', { query: { activityId } }).then((r) => r.content);
export const reserveSlot = (body: { activityId: number; teamId: number; sessionId: number }) =>
  api.post<Data<OnlineSlot>>('/api/lOnline/web/reserve', body, quiet).then((r) => r.data);
export const cancelSlot = (body: { activityId: number; teamId: number }) => api.post<{ resultStr: string }>('/api/lOnline/web/cancel', body, quiet);
