// The public entry of modules/wechat (issue 25): WeChat: website login, the official account (template messages, JS-SDK), WeChat Pay's payer openid.
// Other modules and the composition root import only what is exported here.
export { wechatRoutes, mpMessagesFor, wechatMode } from './wechat.routes';
export { WechatSendFailed, mpAppId, mpMode, type WechatMpMessages } from './mp';
export { openidFor } from './wechat.service';
