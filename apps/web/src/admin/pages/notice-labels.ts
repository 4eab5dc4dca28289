/** A notice's event and channel in words (literal keys: the locale test finds them): the SMS screen's and the background jobs'. */
export const NOTICE_EVENT_KEYS: Record<string, string> = {
  review: 'admin:sms.events.review',
  payment: 'admin:sms.events.payment',
  refund: 'admin:sms.events.refund',
  withdrawal: 'admin:sms.events.withdrawal',
  waitlist: 'admin:sms.events.waitlist',
  certificate: 'admin:sms.events.certificate',
};
export const NOTICE_CHANNEL_KEYS: Record<string, string> = { sms: 'admin:sms.channels.sms', wechat: 'admin:sms.channels.wechat' };
