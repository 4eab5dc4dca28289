/**
 * Texts the server sends to people (resultStr / message / fieldErrors), in both languages.
 * Keys are stable; a unit test fails when a key exists in one language only.
 */
export type Lang = 'zh' | 'en';

const zh = {
  'ok': '操作成功',
  'ok.query': '查询成功',
  'ok.create': '创建成功',
  'ok.update': '编辑成功',
  'ok.delete': '删除成功',
  'ok.login': '登录成功',
  'ok.logout': '已退出登录',
  'ok.register': '注册成功，请登录',
  'ok.smsSent': '验证码已发送',
  'ok.passwordUpdated': '密码修改成功，请重新登录',
  'error.validation': '提交的数据有误，请检查后重试',
  'error.notFound': '请求的资源不存在',
  'error.routeNotFound': '接口不存在',
  'error.unauthorized': '请先登录',
  'error.sessionExpired': '登录已失效，请重新登录',
  'error.forbidden': '没有权限执行此操作',
  'error.tooLarge': '提交的内容过大',
  'error.rateLimited': '操作过于频繁，请稍后再试',
  'error.internal': '服务器繁忙，请稍后再试',
  'error.dbUnavailable': '数据库暂不可用，请稍后再试',
  'error.badJson': '请求格式不正确',
  'auth.captchaInvalid': '验证码错误或已过期',
  'auth.badCredentials': '账号或密码错误',
  'auth.tooManyFailures': '登录失败次数过多，请 15 分钟后再试',
  'auth.smsInvalid': '短信验证码错误或已过期',
  'auth.smsTooSoon': '验证码发送过于频繁，请 60 秒后再试',
  'auth.phoneTaken': '该手机号已注册，请直接登录',
  'auth.phoneUnknown': '该手机号尚未注册',
  'auth.oldPasswordWrong': '原密码错误',
  'auth.accountDisabled': '账号已停用，请联系主办方',
  'welcome.title': '欢迎加入国际青少年机器人大赛',
  'welcome.content': '{{nickName}}，您好！您的账号已注册成功。现在可以为赛事报名队伍和选手了。',
  'welcome.publisher': '赛事组委会',
  'sms.template': '【机器人大赛】您的验证码是 {{code}}，5 分钟内有效。请勿告诉他人。',
  'validation.required': '此项为必填项',
  'validation.tooLong': '内容过长',
  'validation.tooShort': '内容过短',
  'validation.invalid': '格式不正确',
  'validation.invalidType': '类型不正确',
  'validation.phone': '请输入正确的 11 位手机号',
  'validation.smsCode': '请输入 6 位短信验证码',
  'validation.passwordLength': '密码长度为 8–64 位',
  'validation.nickNameLength': '昵称最多 20 个字符',
  'validation.unknownField': '不允许的字段',
  'validation.tooSmall': '数值过小',
  'validation.tooBig': '数值过大',
  'validation.datetime': '请输入正确的日期时间',
  'validation.invalidOption': '请选择有效的选项',
  'validation.endBeforeStart': '结束时间不能早于开始时间',
  'error.albumNotFound': '相册不存在',
  'error.missingParameter': '缺少参数',
  'error.pickFilterFirst': '请先选择筛选条件',
  'error.inUse': '该记录正在被使用，无法删除',
  'upload.notImage': '只能上传 JPG、PNG、WebP 或 GIF 图片',
  'upload.typeMismatch': '文件内容与扩展名不符',
  'upload.tooLarge': '文件过大，最大 {{max}}',
  'upload.missing': '请上传文件',
  'upload.badFile': '不支持的文件类型',
  'upload.broken': '图片已损坏，无法读取',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  'ok': 'Done',
  'ok.query': 'Query succeeded',
  'ok.create': 'Created',
  'ok.update': 'Saved',
  'ok.delete': 'Deleted',
  'ok.login': 'Logged in',
  'ok.logout': 'Logged out',
  'ok.register': 'Registered. Please log in',
  'ok.smsSent': 'Verification code sent',
  'ok.passwordUpdated': 'Password changed. Please log in again',
  'error.validation': 'Some of the data is not valid. Please check and try again',
  'error.notFound': 'The requested item does not exist',
  'error.routeNotFound': 'No such API endpoint',
  'error.unauthorized': 'Please log in first',
  'error.sessionExpired': 'Your session has ended. Please log in again',
  'error.forbidden': 'You are not allowed to do this',
  'error.tooLarge': 'The request is too large',
  'error.rateLimited': 'Too many attempts. Please try again later',
  'error.internal': 'Server busy, please try again later',
  'error.dbUnavailable': 'The database is unavailable. Please try again later',
  'error.badJson': 'The request is malformed',
  'auth.captchaInvalid': 'The captcha is wrong or has expired',
  'auth.badCredentials': 'Wrong account or password',
  'auth.tooManyFailures': 'Too many failed logins. Please try again in 15 minutes',
  'auth.smsInvalid': 'The SMS code is wrong or has expired',
  'auth.smsTooSoon': 'Codes can be sent once every 60 seconds. Please wait',
  'auth.phoneTaken': 'This phone number is already registered. Please log in',
  'auth.phoneUnknown': 'This phone number is not registered',
  'auth.oldPasswordWrong': 'The current password is wrong',
  'auth.accountDisabled': 'This account is disabled. Please contact the organisers',
  'welcome.title': 'Welcome to the International Youth Robotics Competition',
  'welcome.content': 'Hello {{nickName}}, your account is ready. You can now register teams and players for events.',
  'welcome.publisher': 'Organising Committee',
  'sms.template': '[Robotics Competition] Your verification code is {{code}}. It is valid for 5 minutes. Do not share it.',
  'validation.required': 'This field is required',
  'validation.tooLong': 'Too long',
  'validation.tooShort': 'Too short',
  'validation.invalid': 'Invalid format',
  'validation.invalidType': 'Wrong type',
  'validation.phone': 'Enter a valid 11-digit mainland mobile number',
  'validation.smsCode': 'Enter the 6-digit SMS code',
  'validation.passwordLength': 'Passwords are 8–64 characters',
  'validation.nickNameLength': 'Nicknames are at most 20 characters',
  'validation.unknownField': 'Field not allowed',
  'validation.tooSmall': 'Too small',
  'validation.tooBig': 'Too large',
  'validation.datetime': 'Enter a valid date and time',
  'validation.invalidOption': 'Choose one of the options',
  'validation.endBeforeStart': 'The end time must not be earlier than the start time',
  'error.albumNotFound': 'Album not found',
  'error.missingParameter': 'Missing parameter',
  'error.pickFilterFirst': 'Please pick a filter first',
  'error.inUse': 'This record is in use and cannot be deleted',
  'upload.notImage': 'Only JPG, PNG, WebP or GIF images can be uploaded',
  'upload.typeMismatch': 'The file content does not match its extension',
  'upload.tooLarge': 'The file is too large (max {{max}})',
  'upload.missing': 'Please upload a file',
  'upload.badFile': 'This file type is not supported',
  'upload.broken': 'The image is damaged and cannot be read',
};

export const serverMessages: Record<Lang, Record<MessageKey, string>> = { zh, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(zh, key);
}

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  let text: string = serverMessages[lang][key] ?? serverMessages.zh[key];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{{${k}}}`, String(v));
  return text;
}

/** Accept-Language → our language; Chinese unless English is asked for first. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return 'zh';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
