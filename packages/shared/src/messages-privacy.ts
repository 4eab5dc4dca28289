/** Texts of the policies and guardians' consent (issue 37, parts 1 and 2), zh and en; spread into messages.ts. */
export const privacyZh = {
  'privacy.acceptRequired': '请阅读并勾选同意《隐私政策》后再注册',
  'privacy.notFound': '该政策版本不存在',
  'consent.agreeRequired': '请勾选：我是该选手的父母或其他监护人，已阅读并同意《儿童个人信息保护规则》',
  'consent.required': '选手「{{name}}」未满 14 周岁，需先取得其监护人的同意，才能审核通过、缴费或使用报名码',
  'consent.notNeeded': '该选手已满 14 周岁，或本活动不要求监护人同意',
  'consent.alreadyGiven': '该选手的监护人已同意，无需再次征求',
  'consent.linkInvalid': '该链接无效，或该选手的报名信息已被删除',
  'consent.linkExpired': '该链接已过期，请联系教练重新发送',
  'consent.linkUsed': '您已答复过该链接；如需撤回同意，请重新打开链接选择“撤回同意”',
  'consent.notConsented': '当前没有可撤回的同意',
  'consent.phoneLimited': '该手机号今日收到的同意请求过多，请明天再试',
  'consent.declared': '已记录：您作为监护人同意《儿童个人信息保护规则》',
  'consent.requested': '已向监护人发送短信',
  'consent.consented': '感谢您的同意，已记录',
  'consent.refused': '已记录：您不同意。孩子的信息不会用于报名以外的处理',
  'consent.withdrawn': '已撤回同意。孩子的信息将不再用于报名，组委会将按规则删除',
  'consent.sms': '【青少年机器人大赛】{{coach}} 为您的孩子 {{child}} 报名「{{activity}}」，请在 {{days}} 天内打开链接查看孩子的信息并确认是否同意：{{link}}',
  'consent.importSent': '已导入；将向 {{count}} 位监护人发送同意短信',
} as const;

export const privacyEn: Record<keyof typeof privacyZh, string> = {
  'privacy.acceptRequired': 'Read the privacy policy and tick the box to agree before signing up',
  'privacy.notFound': 'There is no such version of this policy',
  'consent.agreeRequired':
    "Tick the box: I am this player's parent or other guardian and I have read and agree to the rules for children's personal information",
  'consent.required': '{{name}} is under 14: a parent or guardian must consent before the player can be passed, paid for or given a code',
  'consent.notNeeded': 'This player is 14 or older, or this activity does not ask for a guardian’s consent',
  'consent.alreadyGiven': "This player's guardian has already consented",
  'consent.linkInvalid': "This link is not valid, or the player's registration was deleted",
  'consent.linkExpired': 'This link has expired: ask the coach to send a new one',
  'consent.linkUsed': 'You have already answered on this link; to withdraw a consent, open the link again and choose "Withdraw consent"',
  'consent.notConsented': 'There is no consent to withdraw',
  'consent.phoneLimited': 'This phone number has received too many consent requests today; try again tomorrow',
  'consent.declared': "Recorded: as the guardian you agree to the rules for children's personal information",
  'consent.requested': 'A text message was sent to the guardian',
  'consent.consented': 'Thank you: your consent is recorded',
  'consent.refused': "Recorded: you do not consent. Your child's information will not be used beyond the draft registration",
  'consent.withdrawn': "Consent withdrawn. Your child's information will no longer be used for the registration and will be deleted under our rules",
  'consent.sms':
    '[Youth Robotics] {{coach}} is registering your child {{child}} for "{{activity}}". Within {{days}} days, open the link to see what we hold and say whether you consent: {{link}}',
  'consent.importSent': 'Imported; consent messages go to {{count}} guardians',
} as const;
