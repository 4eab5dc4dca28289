/** Texts of Admin → Integrations (issue 25: webhooks, partner API tokens), zh and en; spread into messages.ts. */
export const integrationsZh = {
  'integrations.urlInvalid': '请填写完整的网址（以 http:// 或 https:// 开头，不含用户名和密码）',
  'integrations.urlHttpsOnly': '正式环境只能使用以 https:// 开头的地址',
  'integrations.urlPrivate': '不能使用内网、本机、链路本地或保留地址（服务器的允许列表除外）',
  'integrations.urlUnresolvable': '无法解析该网址的域名，请检查后重试',
  'integrations.eventUnknown': '包含未知的事件',
  'integrations.scopeUnknown': '包含未知的权限范围',
  'integrations.expiryRange': '有效期须晚于现在，且不超过一年',
  'integrations.tokenInvalid': 'API 令牌无效、已过期或已撤销',
  'integrations.tokenNotAllowed': '该 API 令牌无权调用此接口',
  'integrations.secretRotated': '已生成新的签名密钥，请立即保存',
  'integrations.tokenRevoked': '令牌已撤销',
  'integrations.resent': '已重新发送',
  'integrations.retried': '已安排重试',
} as const;

export const integrationsEn: Record<keyof typeof integrationsZh, string> = {
  'integrations.urlInvalid': 'Enter a full address starting with http:// or https:// (without a user name or password)',
  'integrations.urlHttpsOnly': 'Only addresses starting with https:// are allowed on a live site',
  'integrations.urlPrivate': "Private, loopback, link-local and reserved addresses are not allowed (unless the server's allow-list names them)",
  'integrations.urlUnresolvable': "The address's host name could not be resolved; check it and try again",
  'integrations.eventUnknown': 'Contains an unknown event',
  'integrations.scopeUnknown': 'Contains an unknown scope',
  'integrations.expiryRange': 'The expiry must be in the future and at most one year ahead',
  'integrations.tokenInvalid': 'The API token is invalid, expired or revoked',
  'integrations.tokenNotAllowed': 'This API token may not call this operation',
  'integrations.secretRotated': 'A new signing secret was made; save it now',
  'integrations.tokenRevoked': 'Token revoked',
  'integrations.resent': 'Sent again',
  'integrations.retried': 'Retry scheduled',
};
